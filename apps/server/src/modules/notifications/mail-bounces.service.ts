/**
 * Bounces reported after the e-mail left (decision 0070): a delivery-status notification, posted
 * raw to POST /api/mail/bounces, marks the order's e-mail it names bounced, once.
 */
import type { Database } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { MalformedReportError, ourMessage, readDeliveryReport } from './delivery-status.ts';
import { recordReportedBounce, type BounceOutcome } from './mail-bounces.repository.ts';

/** What became of a report: a bounce recorded (or already), or a report about nothing we can mark. */
export type BounceReportOutcome = BounceOutcome | 'not_a_failure';

/**
 * Reads a raw report and marks the e-mail it returns bounced with the failed recipient's Status
 * and Diagnostic-Code. A report that is not one is 400 naming `body`; a report of a delay or a
 * delivery, or of a message that is not one of our order e-mails, changes nothing.
 */
export async function receiveBounceReport(db: Database, raw: Buffer, now: Date): Promise<BounceReportOutcome> {
  let report;
  try {
    report = await readDeliveryReport(raw);
  } catch (error) {
    // Whatever the parser could not read is the sender's mistake, never a 500.
    const why = error instanceof MalformedReportError ? error.message : 'unreadable MIME';
    throw new AppError(400, 'invalid_request', `Not a delivery-status report: ${why}.`, 'body');
  }
  if (!report.failed) return 'not_a_failure';
  const message = ourMessage(report.messageId);
  if (!message) return 'unknown_message';
  return recordReportedBounce(db, message, report.reason, now);
}
