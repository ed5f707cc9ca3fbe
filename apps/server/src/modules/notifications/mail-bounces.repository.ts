import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import {
  CHANGE_EMAIL_JOB,
  CONFIRMATION_EMAIL_JOB,
  RECEIPT_EMAIL_JOB,
  REMINDER_EMAIL_JOB,
} from './confirmation-jobs.ts';
import { keepOrderMessages } from './job-queue.repository.ts';

/** The e-mails about an order: the only jobs a bounce is recorded on (an order's page lists them). */
const ORDER_EMAIL_JOBS = [CONFIRMATION_EMAIL_JOB, REMINDER_EMAIL_JOB, RECEIPT_EMAIL_JOB, CHANGE_EMAIL_JOB];

/** The longest reason kept: a server's reply line, or a DSN's Status and Diagnostic-Code. */
export const BOUNCE_REASON_MAX = 300;

/** Where the news of a bounce came from: the server refusing it while we sent it, or a DSN received later. */
export type BounceSource = 'smtp' | 'dsn';

/** The audit event of an order's e-mail that bounced: which, to whom, and what the server said. */
async function recordBounceEvent(
  db: Executor,
  job: { id: number; companyId: string | null; kind: string; payload: Record<string, unknown> },
  reason: string,
  source: BounceSource,
  at: Date,
): Promise<void> {
  const orderId = job.payload.order_id;
  if (job.companyId === null || typeof orderId !== 'string' || !ORDER_EMAIL_JOBS.includes(job.kind)) return;
  await db.insert(t.orderEvents).values({
    companyId: job.companyId,
    orderId,
    type: 'message_bounced',
    data: {
      job_id: job.id,
      kind: job.kind,
      ...(typeof job.payload.change === 'string' ? { change: job.payload.change } : {}),
      to: typeof job.payload.to === 'string' ? job.payload.to : null,
      reason,
      source,
    },
    createdAt: at,
  });
}

/**
 * Ends a job whose e-mail the receiving server refused for good while it was sent (an SMTP 5xx):
 * done, never retried, bounced with the server's reply kept, and (an order's e-mail) an event on
 * the order's audit trail in the same transaction. `code` is the short code the job row keeps.
 */
export async function completeBouncedJob(
  db: Database,
  id: number,
  now: Date,
  code: string,
  reason: string,
): Promise<void> {
  const kept = reason.slice(0, BOUNCE_REASON_MAX);
  await db.transaction(async (tx) => {
    const [job] = await tx
      .update(t.jobs)
      .set({
        doneAt: now,
        lockedUntil: null,
        lastError: code.slice(0, 200),
        bouncedAt: now,
        bounceReason: kept,
        payload: sql`${t.jobs.payload} - 'manage_token' - 'account_token' - 'signing_token'`,
      })
      .where(eq(t.jobs.id, id))
      .returning({ id: t.jobs.id, companyId: t.jobs.companyId, kind: t.jobs.kind, payload: t.jobs.payload });
    if (!job) return;
    // The order's page lists it from its messages, which outlive the job (decision 0074).
    await tx.execute(keepOrderMessages(sql`(select * from ${t.jobs} where id = ${id})`));
    await recordBounceEvent(tx, job, kept, 'smtp', now);
  });
}

/** What a delivery-status notification did: marked the message, found it marked already, or found no such message. */
export type BounceOutcome = 'recorded' | 'already_recorded' | 'unknown_message';

/**
 * Marks the e-mail `jobId` of the order `orderId` bounced, once, as a DSN reports it. Both halves
 * of our Message-ID must match one sent e-mail about an order: a job id with another order's id
 * (another company's among them) is no message of ours. A second report of the same bounce changes
 * nothing and writes no second event.
 */
export async function recordReportedBounce(
  db: Database,
  message: { jobId: number; orderId: string },
  reason: string,
  now: Date,
): Promise<BounceOutcome> {
  const kept = reason.slice(0, BOUNCE_REASON_MAX);
  // Found among the order's messages, which outlive their jobs: a report may come after the
  // finished job was pruned (decision 0074).
  const ours = and(
    eq(t.orderMessages.jobId, message.jobId),
    eq(t.orderMessages.orderId, message.orderId),
    inArray(t.orderMessages.kind, ORDER_EMAIL_JOBS),
  );
  return db.transaction(async (tx) => {
    const [sent] = await tx
      .update(t.orderMessages)
      .set({ state: 'bounced', bouncedAt: now, bounceReason: kept })
      .where(and(ours, isNull(t.orderMessages.bouncedAt)))
      .returning({
        id: t.orderMessages.jobId,
        companyId: t.orderMessages.companyId,
        kind: t.orderMessages.kind,
        payload: t.orderMessages.payload,
      });
    if (sent) {
      await tx
        .update(t.jobs)
        .set({ bouncedAt: now, bounceReason: kept })
        .where(and(eq(t.jobs.id, message.jobId), isNull(t.jobs.bouncedAt)));
      await recordBounceEvent(tx, sent, kept, 'dsn', now);
      return 'recorded';
    }
    const [known] = await tx.select({ id: t.orderMessages.jobId }).from(t.orderMessages).where(ours);
    return known ? 'already_recorded' : 'unknown_message';
  });
}
