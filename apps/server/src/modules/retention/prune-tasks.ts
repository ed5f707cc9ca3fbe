import * as t from '../../db/schema.ts';
import { eraseOrdersPastCompanyYears } from '../privacy/privacy.service.ts';
import { pruneWebhookDeliveries } from '../webhooks/endpoints.service.ts';
import { draftPruneTasks } from './abandoned-drafts.ts';
import { cutoffOf, type PruneTask, type RetentionPolicy } from './prune-task.ts';
import {
  pruneAgentPortalRows,
  pruneApiKeyEvents,
  pruneDeadManageLinks,
  pruneExpiredIdempotencyKeys,
  pruneExpiredAuthRows,
  pruneExpiredVisitorSessions,
  pruneEndedJobs,
} from './retention.repository.ts';

/**
 * Every prune task, in the order the runner runs them (decision 0074). Another kind of row to
 * prune is one more entry here: its name (the operator reads it) and its batch.
 */
export function pruneTasks(policy: RetentionPolicy): PruneTask[] {
  return [
    {
      name: 'finished_jobs',
      pruneBatch: (db, now, limit) => pruneEndedJobs(db, now, { doneBefore: cutoffOf(now, policy) }, limit),
    },
    { name: 'bounced_jobs', pruneBatch: (db, now, limit) => pruneEndedJobs(db, now, 'bounced', limit) },
    { name: 'manage_links', pruneBatch: (db, now, limit) => pruneDeadManageLinks(db, cutoffOf(now, policy), limit) },
    {
      name: 'auth_verifications',
      pruneBatch: (db, now, limit) => pruneExpiredAuthRows(db, t.authVerifications, cutoffOf(now, policy), limit),
    },
    {
      name: 'console_sessions',
      pruneBatch: (db, now, limit) => pruneExpiredAuthRows(db, t.authSessions, cutoffOf(now, policy), limit),
    },
    // The webhooks' delivery log (decision 0086): what ended, kept as long as the jobs.
    {
      name: 'webhook_deliveries',
      pruneBatch: (db, now, limit) => pruneWebhookDeliveries(db, cutoffOf(now, policy), limit),
    },
    // The public API's (decision 0087): the record of its keys' uses, and its idempotency keys once expired.
    { name: 'api_key_events', pruneBatch: (db, now, limit) => pruneApiKeyEvents(db, cutoffOf(now, policy), limit) },
    { name: 'idempotency_keys', pruneBatch: (db, now, limit) => pruneExpiredIdempotencyKeys(db, now, limit) },
    // The agents' portal's (decision 0092): link requests, links and sessions once of no use.
    ...(['requests', 'links', 'sessions'] as const).map((table): PruneTask => ({
      name: `agent_sign_in_${table}`,
      pruneBatch: (db, now, limit) => pruneAgentPortalRows(db, table, cutoffOf(now, policy), limit),
    })),
    // The funnel rolled up, its rolled-up events, then the abandoned drafts (decision 0075), kept as long.
    ...draftPruneTasks({ draftDays: policy.days, funnelRawDays: policy.days }),
    // After the drafts, whose sessions go with them (decision 0100): walked by expiry, the sessions
    // of drafts awaiting their own task would be stepped over by every batch.
    {
      name: 'visitor_sessions',
      pruneBatch: (db, now, limit) => pruneExpiredVisitorSessions(db, cutoffOf(now, policy), limit),
    },
    // The people's data on inspections further back than their company keeps it (decision 0078);
    // its count is of orders erased, the order itself kept.
    { name: 'client_data', pruneBatch: eraseOrdersPastCompanyYears },
  ];
}
