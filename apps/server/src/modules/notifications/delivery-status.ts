/**
 * Reading a delivery-status notification (RFC 3464): the report a mail server sends back when an
 * e-mail it took could not be delivered, as a mailbox forwarder or the mail provider posts it to
 * us raw (decision 0070). MIME is parsed by mailparser (by nodemailer's author, MIT); the report's
 * own fields are header-style lines, read here.
 */
import { simpleParser, type HeaderValue } from 'mailparser';

/** What a report says of our e-mail: which one (its Message-ID), whether it failed for good, and why. */
export interface DeliveryReport {
  /** The original message's Message-ID, as it was sent; null when the report does not return it. */
  messageId: string | null;
  /** Some recipient's Action is `failed` (a `delayed`, `delivered`, `relayed` or `expanded` one is news, not a bounce). */
  failed: boolean;
  /** The failed recipient's Status and Diagnostic-Code ("5.1.1: smtp; 550 5.1.1 User unknown"); empty when none failed. */
  reason: string;
}

/** A report that is not one: not a multipart/report of delivery status, or one without a recipient. */
export class MalformedReportError extends Error {}

/** Header-style fields in blocks (RFC 3464 2.1): folded lines unfolded, names in lower case; one map per block. */
export function statusBlocks(text: string): Array<Map<string, string>> {
  return text
    .replace(/\r\n/g, '\n')
    .replace(/\n[ \t]+/g, ' ')
    .split(/\n\s*\n/)
    .map((block) => {
      const fields = new Map<string, string>();
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon <= 0) continue;
        const name = line.slice(0, colon).trim().toLowerCase();
        if (!fields.has(name)) fields.set(name, line.slice(colon + 1).trim());
      }
      return fields;
    })
    .filter((fields) => fields.size > 0);
}

/** The report's type: `multipart/report; report-type=delivery-status` (case aside). */
function isDeliveryReport(contentType: HeaderValue | undefined): boolean {
  const value = contentType as { value?: unknown; params?: Record<string, unknown> } | undefined;
  return (
    typeof value?.value === 'string' &&
    value.value.toLowerCase() === 'multipart/report' &&
    String(value.params?.['report-type'] ?? '').toLowerCase() === 'delivery-status'
  );
}

/**
 * Reads a raw report. Throws MalformedReportError for anything that is not a delivery-status
 * report with at least one recipient's Action; the original Message-ID comes from the returned
 * message (message/rfc822) or its headers (text/rfc822-headers), whichever the report carries.
 */
export async function readDeliveryReport(raw: Buffer): Promise<DeliveryReport> {
  const report = await simpleParser(raw, { keepDeliveryStatus: true, skipHtmlToText: true, skipTextToHtml: true });
  if (!isDeliveryReport(report.headers.get('content-type')))
    throw new MalformedReportError('not a multipart/report of delivery status');
  const status = report.attachments.find((part) => part.contentType === 'message/delivery-status');
  if (!status) throw new MalformedReportError('no message/delivery-status part');
  const recipients = statusBlocks(status.content.toString('utf8'))
    .slice(1)
    .filter((block) => block.has('action'));
  if (recipients.length === 0) throw new MalformedReportError('no recipient with an Action');
  const failedOne = recipients.find((block) => block.get('action')!.toLowerCase() === 'failed');
  const returned = report.attachments.find(
    (part) => part.contentType === 'message/rfc822' || part.contentType === 'text/rfc822-headers',
  );
  const original = returned ? await simpleParser(returned.content, { skipHtmlToText: true }) : null;
  return {
    messageId: original?.messageId ?? null,
    failed: failedOne !== undefined,
    reason: failedOne ? [failedOne.get('status'), failedOne.get('diagnostic-code')].filter(Boolean).join(': ') : '',
  };
}

/**
 * An order's e-mail's Message-ID: stable per job (a resend after a crash is the same message), and
 * naming the order too, so that a report is matched on both (decision 0070).
 */
export function orderMessageId(jobId: number, orderId: string): string {
  return `<job-${jobId}.${orderId}@online-scheduler>`;
}

/** Our e-mails' Message-ID (`orderMessageId`): the job, and the order it is about. */
const OUR_MESSAGE_ID =
  /^<job-(\d{1,15})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@online-scheduler>$/i;

/** The job and order our Message-ID names; null for any other (an account e-mail's, another sender's). */
export function ourMessage(messageId: string | null): { jobId: number; orderId: string } | null {
  const match = messageId === null ? null : OUR_MESSAGE_ID.exec(messageId.trim());
  if (!match) return null;
  return { jobId: Number(match[1]), orderId: match[2]!.toLowerCase() };
}
