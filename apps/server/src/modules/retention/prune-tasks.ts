import { cutoffOf, type PruneTask, type RetentionPolicy } from './prune-task.ts';
import {
  pruneBouncedJobs,
  pruneDeadManageLinks,
  pruneExpiredConsoleSessions,
  pruneExpiredVerifications,
  pruneExpiredVisitorSessions,
  pruneFinishedJobs,
} from './retention.repository.ts';

/**
 * Every prune task, in the order the runner runs them (decision 0074). Another kind of row to
 * prune is one more entry here: its name (the operator reads it) and its batch.
 */
export function pruneTasks(policy: RetentionPolicy): PruneTask[] {
  return [
    {
      name: 'finished_jobs',
      pruneBatch: (db, now, limit) => pruneFinishedJobs(db, now, cutoffOf(now, policy), limit),
    },
    { name: 'bounced_jobs', pruneBatch: (db, now, limit) => pruneBouncedJobs(db, now, limit) },
    { name: 'manage_links', pruneBatch: (db, now, limit) => pruneDeadManageLinks(db, cutoffOf(now, policy), limit) },
    {
      name: 'auth_verifications',
      pruneBatch: (db, now, limit) => pruneExpiredVerifications(db, cutoffOf(now, policy), limit),
    },
    {
      name: 'console_sessions',
      pruneBatch: (db, now, limit) => pruneExpiredConsoleSessions(db, cutoffOf(now, policy), limit),
    },
    {
      name: 'visitor_sessions',
      pruneBatch: (db, now, limit) => pruneExpiredVisitorSessions(db, cutoffOf(now, policy), limit),
    },
  ];
}
