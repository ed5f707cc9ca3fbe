import { DEFAULT_BRAND_COLOR } from '@scheduler/contracts/company-document';
import { MANAGE_PAGE_SEGMENT, MANAGE_TOKEN_PATTERN } from '@scheduler/contracts/manage';
import type { Database } from '../../db/connection.ts';
import {
  CHANGE_EMAIL_JOB,
  CONFIRMATION_EMAIL_JOB,
  RECEIPT_EMAIL_JOB,
  FEE_LINK_EMAIL_JOB,
  REMINDER_EMAIL_JOB,
  SMS_JOB,
  type ChangeEmailPayload,
  type EmailJobPayload,
  type ManageLinkFields,
  type SmsJobPayload,
} from './confirmation-jobs.ts';
import {
  ACCOUNT_EMAIL_JOB,
  accountLink,
  accountMessageDocument,
  PRODUCT_NAME,
  type AccountEmailPayload,
} from './account-messages.ts';
import {
  AGREEMENT_REQUEST_EMAIL_JOB,
  AGREEMENT_SEALED_EMAIL_JOB,
  AGREEMENT_REQUEST_SMS_JOB,
  agreementRequestText,
  agreementReminderDocument,
  agreementRequestDocument,
  agreementSealedDocument,
  signingUrl,
  AGREEMENT_REMINDER_EMAIL_JOB,
  type AgreementReminderPayload,
  type AgreementRequestPayload,
  type AgreementSealedPayload,
} from './agreement-messages.ts';
import { loadAgreementForMessage, loadSignerForMessage, markSigningRequestSent } from './agreement-facts.repository.ts';
import { hashToken } from '../sessions/tokens.ts';
import { changeAuthorOf, changeAuthorWords } from './change-author.ts';
import { claimDueJob, completeJob, retryJob, type ClaimedJob } from './job-queue.repository.ts';
import { completeBouncedJob } from './mail-bounces.repository.ts';
import { orderMessageId } from './delivery-status.ts';
import { invitationAttendees, invitationPart, type MessageFacts } from './mail-content.ts';
import type { MailTransport } from './mail-transport.ts';
import { messageDocument, messageTemplate, type MessageOccasion } from './message-document.ts';
import { loadCompanySender, loadNotificationSettings } from './notification-settings.repository.ts';
import { loadMessageFacts } from './order-facts.repository.ts';
import { renderMessage } from './render-message.tsx';
import { smsText } from './sms-content.ts';
import { SmsRefused, type SmsTransport } from './sms-transport.ts';

/** A receipt's PDF for the e-mail (decision 0082); null when there is none to attach. */
export type ReceiptAttachment = (
  companyId: string,
  orderId: string,
  entry: { entryId: string } | { checkoutSessionId: string },
) => Promise<{ fileName: string; content: Uint8Array } | null>;

/** What the worker logs through: pino's shape, so the app's logger fits. */
export interface WorkerLog {
  info(data: Record<string, unknown>, message: string): void;
  warn(data: Record<string, unknown>, message: string): void;
}

export interface NotificationWorkerOptions {
  db: Database;
  transport: MailTransport;
  sms: SmsTransport;
  /** The base of the links the messages carry (PUBLIC_URL, or the listening address): asked when a message is written. */
  publicBaseUrl: () => string;
  log: WorkerLog;
  /** The sender; empty: the office's own address. */
  mailFrom: string;
  /** How often the queue is looked at when nobody wakes the worker. */
  pollMs: number;
  /** How long a claimed job is the worker's before another may take it over. */
  leaseMs: number;
  /** The first retry's delay; each further one doubles, up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  now?: () => number;
  /**
   * Jobs of other modules the worker runs beside the messages, by kind (payments expires Stripe
   * Checkout Sessions): each answers the code kept on its done job, and a throw is retried as a
   * message's failure is.
   */
  jobHandlers?: Readonly<Record<string, CompanyJobHandler>>;
  /**
   * The PDF receipt a payment's or a refund's receipt e-mail carries (decision 0082), written by
   * payments: the ledger entry the job names (`received.entry_id`), or the online payment of the
   * Checkout Session it names (`checkout_session_id`); null attaches nothing (a voided entry, a job
   * of neither). Without it, receipts go without the PDF.
   */
  receiptAttachment?: ReceiptAttachment;
  /** Jobs of no company, by kind (the pruning job, decision 0074): each answers the code kept on its done job. */
  systemJobHandlers?: Readonly<Record<string, SystemJobHandler>>;
}

/**
 * A job of no company: its id (to key what it queues next) and payload in, the code of how it
 * ended out. `stopping` says the worker is shutting down: a long job stops at its next safe point.
 */
export type SystemJobHandler = (job: {
  id: number;
  payload: Record<string, unknown>;
  stopping: () => boolean;
}) => Promise<string>;

/** A job of another module: its company and payload in, the code of how it ended out. */
export type CompanyJobHandler = (job: { companyId: string; payload: Record<string, unknown> }) => Promise<string>;

/** A short, stable reason for the log and the job row: an error code, never a message's content. */
function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown; responseCode?: unknown }).code;
  const response = (error as { responseCode?: unknown }).responseCode;
  return [typeof code === 'string' ? code : 'ERROR', typeof response === 'number' ? String(response) : '']
    .filter(Boolean)
    .join(' ');
}

/** The SMTP commands whose permanent refusal is about the recipient or the message, not about us. */
const BOUNCE_COMMANDS: ReadonlySet<string> = new Set(['RCPT TO', 'DATA']);

/**
 * The receiving server's reply when it refused the e-mail for good: a 5xx to RCPT TO (no such
 * mailbox) or to the message (DATA); null for anything worth trying again. A 4xx is "try later";
 * a 5xx to AUTH or MAIL FROM is our own configuration (credentials, the sender), which a retry
 * after the fix sends, so those are retried as before.
 */
export function permanentRefusal(error: unknown): string | null {
  const { responseCode, command, response } = error as {
    responseCode?: unknown;
    command?: unknown;
    response?: unknown;
  };
  if (typeof responseCode !== 'number' || responseCode < 500 || responseCode > 599) return null;
  if (typeof command !== 'string' || !BOUNCE_COMMANDS.has(command)) return null;
  return typeof response === 'string' && response.trim() !== '' ? response.trim() : String(responseCode);
}

/**
 * Sends the queued e-mails, and runs the other modules' jobs it is given. Each job is claimed,
 * sent and marked done; a failure puts it back with a growing delay, so a failing mail server
 * delays e-mails and never loses one. A worker that dies mid-job leaves its lease to run out, and
 * the job is sent again (at least once; the stable Message-ID and outbox file name let the
 * receiving side see the repeat as one message).
 */
export class NotificationWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  /** Set by stop(): the job in hand is finished, and no other is claimed. */
  private stopping = false;
  private readonly now: () => number;

  constructor(private readonly options: NotificationWorkerOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Handles every job that is due now; resolves to how many were sent. */
  async runDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      if (this.stopping) return sent;
      const job = await claimDueJob(this.options.db, new Date(this.now()), this.options.leaseMs);
      if (!job) return sent;
      if (await this.handle(job)) sent++;
    }
  }

  start(): void {
    this.stopped = false;
    this.stopping = false;
    this.schedule(0);
  }

  /** Looks at the queue now (new jobs were committed) rather than at the next poll. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    // Stopped: a direct runDue (a test, a one-off drain) claims jobs again.
    this.stopping = false;
    this.options.transport.close();
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), delayMs);
    this.timer.unref();
  }

  private tick(): void {
    this.timer = null;
    if (this.stopped || this.running) return;
    this.running = this.runDue()
      .then(() => undefined)
      .catch((error: unknown) => this.options.log.warn({ code: reasonOf(error) }, 'notification queue unavailable'))
      .finally(() => {
        this.running = null;
        if (this.stopped) return;
        const next = this.again ? 0 : this.options.pollMs;
        this.again = false;
        this.schedule(next);
      });
  }

  private async handle(job: ClaimedJob): Promise<boolean> {
    const { db, log } = this.options;
    const other = this.otherModulesHandler(job);
    try {
      const outcome = other ? { sent: false as const, reason: await other() } : await this.run(job);
      await completeJob(db, job.id, new Date(this.now()), outcome.sent ? null : outcome.reason);
      if (outcome.sent) log.info({ job: job.id, kind: job.kind, outbox: outcome.where }, 'message sent');
      else log.info({ job: job.id, kind: job.kind, code: outcome.reason }, other ? 'job done' : 'message not needed');
      return outcome.sent;
    } catch (error) {
      const reason = reasonOf(error);
      if (error instanceof SmsRefused) {
        // The number will never take it: recorded on the job, never retried.
        await completeJob(db, job.id, new Date(this.now()), reason);
        log.warn({ job: job.id, kind: job.kind, code: reason }, 'text message refused; not retried');
        return false;
      }
      const refusal = other ? null : permanentRefusal(error);
      if (refusal !== null) {
        // The receiving server said no for good (decision 0070): bounced, never retried. Its
        // reply is kept on the job for the office to read; the log carries the code alone.
        await completeBouncedJob(db, job.id, new Date(this.now()), reason, refusal);
        log.warn({ job: job.id, kind: job.kind, code: reason }, 'e-mail refused by the receiving server; not retried');
        return false;
      }
      const delay = retryDelayMs(job.attempts, this.options.retryBaseMs, this.options.retryMaxMs);
      await retryJob(db, job.id, new Date(this.now() + delay), reason);
      log.warn(
        { job: job.id, kind: job.kind, attempts: job.attempts, code: reason, retry_in_ms: delay },
        other ? 'job failed; will retry' : 'message not sent; will retry',
      );
      return false;
    }
  }

  /** The other modules' handler of the job, if it is theirs: a company's job, or a job of no company. */
  private otherModulesHandler(job: ClaimedJob): (() => Promise<string>) | null {
    const { companyId, id, payload } = job;
    if (companyId === null) {
      const system = this.options.systemJobHandlers?.[job.kind];
      return system ? () => system({ id, payload, stopping: () => this.stopping }) : null;
    }
    const company = this.options.jobHandlers?.[job.kind];
    return company ? () => company({ companyId, payload }) : null;
  }

  private async run(job: ClaimedJob): Promise<{ sent: true; where: string } | { sent: false; reason: string }> {
    if (job.kind === ACCOUNT_EMAIL_JOB) return this.sendAccountEmail(job);
    // Every message about an order belongs to the order's company.
    const { companyId } = job;
    if (companyId === null) throw Object.assign(new Error('job without a company'), { code: 'NO_COMPANY' });
    const companyJob: CompanyJob = { ...job, companyId };
    switch (job.kind) {
      case CONFIRMATION_EMAIL_JOB:
      case REMINDER_EMAIL_JOB:
      case RECEIPT_EMAIL_JOB:
      case CHANGE_EMAIL_JOB:
      case FEE_LINK_EMAIL_JOB:
        return this.sendEmail(companyJob);
      case SMS_JOB:
        return this.sendSms(companyJob);
      case AGREEMENT_REQUEST_EMAIL_JOB:
      case AGREEMENT_REMINDER_EMAIL_JOB:
        return this.sendAgreementRequest(companyJob);
      case AGREEMENT_SEALED_EMAIL_JOB:
        return this.sendAgreementSealed(companyJob);
      case AGREEMENT_REQUEST_SMS_JOB:
        return this.sendAgreementText(companyJob);
      default:
        throw Object.assign(new Error('unknown job kind'), { code: 'UNKNOWN_JOB' });
    }
  }

  /**
   * The order as the message is written. Nothing is sent for an order that is not confirmed (gone,
   * or called off), nor a reminder or a move's message of a start the order no longer has (moved
   * again since); a cancellation's message goes only for an order that is cancelled.
   */
  private async factsFor(
    job: CompanyJob,
    message: MessageOccasion['kind'],
    plannedStart: string | undefined,
  ): Promise<MessageFacts | { reason: string }> {
    const orderId = String(job.payload.order_id);
    // A late fee's e-mail (its pay link, or its receipt) goes for a cancelled order too: the fee is what it owes (decision 0081).
    if (message === 'receipt' && isFeeMail(job)) {
      const facts = await loadMessageFacts(this.options.db, job.companyId, orderId, { cancelled: true });
      return facts ?? { reason: 'ORDER_NOT_BOOKED' };
    }
    if (message === 'cancelled') {
      const facts = await loadMessageFacts(this.options.db, job.companyId, orderId, { cancelled: true });
      return facts?.status === 'cancelled' ? facts : { reason: 'ORDER_NOT_CANCELLED' };
    }
    const facts = await loadMessageFacts(this.options.db, job.companyId, orderId);
    if (!facts) return { reason: 'ORDER_NOT_CONFIRMED' };
    const planned = message === 'reminder' || message === 'rescheduled' ? plannedStart : undefined;
    if (planned !== undefined && facts.start.toISOString() !== planned) return { reason: 'TIME_CHANGED' };
    return facts;
  }

  /**
   * The reader's "Manage your inspection" link: the job's token under the configured base (house
   * rule 15), or null for a job without one (the office's, or one queued before links). Never logged.
   */
  private manageUrl(facts: MessageFacts, payload: ManageLinkFields): string | null {
    const token = payload.manage_token;
    if (typeof token !== 'string' || !MANAGE_TOKEN_PATTERN.test(token)) return null;
    return `${this.options.publicBaseUrl()}/${encodeURIComponent(facts.companyKey)}/${MANAGE_PAGE_SEGMENT}/${token}`;
  }

  private async sendEmail(job: CompanyJob): Promise<{ sent: true; where: string } | { sent: false; reason: string }> {
    const payload = job.payload as EmailJobPayload;
    const kind = emailKindOf(job);
    const facts = await this.factsFor(job, kind, payload.start);
    if ('reason' in facts) return { sent: false, reason: facts.reason };
    const settings = await loadNotificationSettings(this.options.db, job.companyId);
    const change = job.kind === CHANGE_EMAIL_JOB ? (payload as ChangeEmailPayload) : null;
    const occasion: MessageOccasion = {
      kind,
      audience: payload.audience,
      ...(change
        ? {
            change: {
              previousStart: new Date(change.previous_start),
              author: changeAuthorOf(change),
              ...(typeof change.refund_text === 'string' ? { refund: change.refund_text } : {}),
              ...(typeof change.office_refund_text === 'string' ? { officeRefund: change.office_refund_text } : {}),
            },
          }
        : {}),
      manageUrl: payload.audience === 'office' ? null : this.manageUrl(facts, payload),
      ...receivedOf(payload),
      ...(job.kind === FEE_LINK_EMAIL_JOB ? feeDueOf(payload) : {}),
    };
    if (job.kind === FEE_LINK_EMAIL_JOB && !occasion.feeDue) return { sent: false, reason: 'NOT_A_FEE' };
    const to = payload.audience === 'office' ? settings.office_email || facts.office.email : payload.to;
    if (!to) return { sent: false, reason: 'NO_ADDRESS' };
    const document = messageDocument(
      facts,
      occasion,
      messageTemplate(occasion, settings.templates),
      this.orderBranding(facts, settings.brand_color),
    );
    const rendered = await renderMessage(document);
    const firstClient = facts.people.find((person) => person.role === 'client' && person.email !== '');
    const receipt = kind === 'receipt' ? await this.receiptFile(job.companyId, payload) : null;
    const from = this.officeSender(facts);
    const where = await this.options.transport.send({
      messageId: orderMessageId(job.id, payload.order_id),
      from,
      to,
      replyTo: payload.audience === 'office' ? firstClient?.email : facts.office.email || undefined,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      ...(kind === 'receipt'
        ? receipt
          ? { files: [{ filename: receipt.fileName, content: receipt.content, contentType: 'application/pdf' }] }
          : {}
        : {
            invitation: invitationPart(facts, kind === 'cancelled' ? 'cancel' : 'publish', {
              // This version of the event is made now, as the message is written (its DTSTAMP).
              stamp: new Date(this.now()),
              attendees: invitationAttendees(facts.people, settings.notify_agents),
            }),
          }),
    });
    return { sent: true, where };
  }

  /** The PDF a receipt e-mail carries: the entry its job names (decision 0082); null when none. */
  private async receiptFile(companyId: string, payload: EmailJobPayload) {
    const attachment = this.options.receiptAttachment;
    if (!attachment) return null;
    const fields = payload as Record<string, unknown>;
    const received = fields.received as Record<string, unknown> | undefined;
    const orderId = String(fields.order_id);
    if (typeof received?.entry_id === 'string') return attachment(companyId, orderId, { entryId: received.entry_id });
    if (typeof fields.checkout_session_id === 'string')
      return attachment(companyId, orderId, { checkoutSessionId: fields.checkout_session_id });
    return null;
  }

  /** Who an order's e-mails are from: MAIL_FROM, or the office's own address under its name. */
  private officeSender(facts: MessageFacts): string {
    return (
      this.options.mailFrom ||
      (facts.office.email
        ? `"${facts.office.name.replace(/"/g, '')}" <${facts.office.email}>`
        : 'online-scheduler@localhost')
    );
  }

  /** The branding of an order's e-mails: the company's colour, its logo when mail programs show it. */
  private orderBranding(facts: MessageFacts, color: string) {
    return {
      color,
      logoUrl: facts.emailLogo
        ? `${this.options.publicBaseUrl()}/${encodeURIComponent(facts.companyKey)}/logo?office=${facts.officeId}`
        : null,
      companyName: facts.companyName,
    };
  }

  /**
   * A signer's request to sign, or a reminder of it (issue 43): sent while the order is booked, the
   * agreement waits for signatures, this signer has not signed and the job's link is still theirs
   * (a resend replaced it: that link opens nothing). A reminder goes only for the start it was
   * planned for. The signer's link is written now from the job's token; a request is marked sent.
   */
  private async sendAgreementRequest(
    job: CompanyJob,
  ): Promise<{ sent: true; where: string } | { sent: false; reason: string }> {
    const payload = job.payload as AgreementRequestPayload;
    const reminder = job.kind === AGREEMENT_REMINDER_EMAIL_JOB;
    const facts = reminder
      ? await this.factsFor(job, 'reminder', String((payload as AgreementReminderPayload).start))
      : await this.factsFor(job, 'confirmation', undefined);
    if ('reason' in facts) return { sent: false, reason: facts.reason };
    const link = await this.signingLinkOf(job, payload, facts);
    if ('reason' in link) return { sent: false, reason: link.reason };
    const { agreement, url } = link;
    const settings = await loadNotificationSettings(this.options.db, job.companyId);
    const document = reminder ? agreementReminderDocument : agreementRequestDocument;
    const rendered = await renderMessage(
      document(
        facts,
        { title: agreement.title, name: payload.name },
        url,
        this.orderBranding(facts, settings.brand_color),
      ),
    );
    const where = await this.options.transport.send({
      messageId: orderMessageId(job.id, payload.order_id),
      from: this.officeSender(facts),
      to: payload.to,
      replyTo: facts.office.email || undefined,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
    });
    // "Sent" on the order page is the request's: a reminder does not move it.
    if (!reminder)
      await markSigningRequestSent(this.options.db, job.companyId, payload.signer_id, new Date(this.now()));
    return { sent: true, where };
  }

  /**
   * The signer's link a request or reminder writes, while it may still be used: the agreement
   * waits for signatures, this signer has not signed, and the job's token is still theirs.
   */
  private async signingLinkOf(
    job: CompanyJob,
    payload: AgreementRequestPayload,
    facts: MessageFacts,
  ): Promise<{ agreement: { title: string }; url: string } | { reason: string }> {
    const signer = await loadSignerForMessage(this.options.db, job.companyId, payload.signer_id);
    const agreement = signer ? await loadAgreementForMessage(this.options.db, job.companyId, signer.agreementId) : null;
    if (!signer || !agreement || agreement.status !== 'pending') return { reason: 'AGREEMENT_NOT_PENDING' };
    if (signer.signedAt) return { reason: 'ALREADY_SIGNED' };
    const url = signingUrl(this.options.publicBaseUrl(), facts.companyKey, payload.signing_token);
    if (!url) return { reason: 'NO_LINK' };
    if (hashToken(String(payload.signing_token)) !== signer.tokenHash) return { reason: 'LINK_REPLACED' };
    return { agreement, url };
  }

  /** The request to sign as a text message (issue 43), to a client who still wants texts (consent read again now). */
  private async sendAgreementText(
    job: CompanyJob,
  ): Promise<{ sent: true; where: string } | { sent: false; reason: string }> {
    const payload = job.payload as AgreementRequestPayload;
    const facts = await this.factsFor(job, 'confirmation', undefined);
    if ('reason' in facts) return { sent: false, reason: facts.reason };
    if (!facts.people.some((person) => person.textMessageNumber === payload.to))
      return { sent: false, reason: 'NO_CONSENT' };
    const link = await this.signingLinkOf(job, payload, facts);
    if ('reason' in link) return { sent: false, reason: link.reason };
    const where = await this.options.sms.send({
      messageId: `job-${job.id}.${payload.order_id}`,
      to: payload.to,
      body: agreementRequestText(facts, link.agreement.title, link.url),
    });
    return { sent: true, where };
  }

  /** The sealed agreement's copy, with its PDF, to a client or the office; the order may since have been cancelled. */
  private async sendAgreementSealed(
    job: CompanyJob,
  ): Promise<{ sent: true; where: string } | { sent: false; reason: string }> {
    const payload = job.payload as AgreementSealedPayload;
    const facts = await loadMessageFacts(this.options.db, job.companyId, payload.order_id, { cancelled: true });
    if (!facts) return { sent: false, reason: 'ORDER_NOT_CONFIRMED' };
    const agreement = await loadAgreementForMessage(this.options.db, job.companyId, payload.agreement_id);
    if (!agreement?.pdf || !agreement.pdfSha256 || !agreement.pdfFileName) return { sent: false, reason: 'NOT_SEALED' };
    const settings = await loadNotificationSettings(this.options.db, job.companyId);
    const to = payload.audience === 'office' ? settings.office_email || facts.office.email : payload.to;
    if (!to) return { sent: false, reason: 'NO_ADDRESS' };
    const rendered = await renderMessage(
      agreementSealedDocument(
        facts,
        { title: agreement.title, pdfSha256: agreement.pdfSha256 },
        payload.audience,
        this.orderBranding(facts, settings.brand_color),
      ),
    );
    const where = await this.options.transport.send({
      messageId: orderMessageId(job.id, payload.order_id),
      from: this.officeSender(facts),
      to,
      replyTo: payload.audience === 'office' ? undefined : facts.office.email || undefined,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      files: [{ filename: agreement.pdfFileName, content: agreement.pdf, contentType: 'application/pdf' }],
    });
    return { sent: true, where };
  }

  /**
   * A console e-mail about a person's access: sent from the company it concerns, in its colour; a
   * sign-up's address confirmation, before any company, from the product itself.
   */
  private async sendAccountEmail(
    job: ClaimedJob,
  ): Promise<{ sent: true; where: string } | { sent: false; reason: string }> {
    const payload = job.payload as AccountEmailPayload;
    const url = accountLink(payload, this.options.publicBaseUrl());
    if (!url) return { sent: false, reason: 'NO_LINK' };
    const sender = job.companyId === null ? PRODUCT_SENDER : await loadCompanySender(this.options.db, job.companyId);
    if (!sender) return { sent: false, reason: 'COMPANY_GONE' };
    const color =
      job.companyId === null
        ? DEFAULT_BRAND_COLOR
        : (await loadNotificationSettings(this.options.db, job.companyId)).brand_color;
    const rendered = await renderMessage(
      accountMessageDocument(payload, url, { color, logoUrl: null, companyName: sender.companyName }),
    );
    const from =
      this.options.mailFrom ||
      (sender.officeEmail
        ? `"${sender.officeName.replace(/"/g, '')}" <${sender.officeEmail}>`
        : 'online-scheduler@localhost');
    const where = await this.options.transport.send({
      messageId: `<job-${job.id}.account@online-scheduler>`,
      from,
      to: payload.to,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
    });
    return { sent: true, where };
  }

  private async sendSms(job: CompanyJob): Promise<{ sent: true; where: string } | { sent: false; reason: string }> {
    const payload = job.payload as SmsJobPayload;
    if (!SMS_MESSAGES.has(payload.message))
      throw Object.assign(new Error('unknown text message'), { code: 'UNKNOWN_MESSAGE' });
    const facts = await this.factsFor(job, payload.message, payload.start);
    if ('reason' in facts) return { sent: false, reason: facts.reason };
    // Consent is read again when the message goes: a person who withdrew it gets nothing more.
    if (!facts.people.some((person) => person.textMessageNumber === payload.to))
      return { sent: false, reason: 'NO_CONSENT' };
    const change = payload.message === 'rescheduled' || payload.message === 'cancelled';
    const body = smsText(facts, payload.message, {
      previousStart: payload.previous_start ? new Date(payload.previous_start) : null,
      manageUrl: this.manageUrl(facts, payload),
      changedBy: change ? changeAuthorWords(changeAuthorOf(payload), smsReaderOf(payload)) : null,
    });
    const where = await this.options.sms.send({ messageId: `job-${job.id}.${payload.order_id}`, to: payload.to, body });
    return { sent: true, where };
  }
}

/** Who an e-mail before any company is from: the product (MAIL_FROM, when set, is the address). */
const PRODUCT_SENDER = { companyName: PRODUCT_NAME, officeName: PRODUCT_NAME, officeEmail: '' };

/** A job about an order: its company is known. */
type CompanyJob = ClaimedJob & { companyId: string };

const SMS_MESSAGES: ReadonlySet<string> = new Set<SmsJobPayload['message']>([
  'confirmation',
  'reminder',
  'rescheduled',
  'cancelled',
]);

/** Who a change's text message is for: the role of the manage link it asks for (a client's, or a contact's). */
function smsReaderOf(payload: SmsJobPayload): 'client' | 'contact' {
  return payload.manage_link_for?.role === 'contact' ? 'contact' : 'client';
}

/** Which e-mail a job is: its kind, and a change e-mail's change. */
function emailKindOf(job: CompanyJob): MessageOccasion['kind'] {
  switch (job.kind) {
    case REMINDER_EMAIL_JOB:
      return 'reminder';
    case RECEIPT_EMAIL_JOB:
    case FEE_LINK_EMAIL_JOB:
      return 'receipt';
    case CHANGE_EMAIL_JOB: {
      const change = (job.payload as Partial<ChangeEmailPayload>).change;
      if (change === 'rescheduled' || change === 'cancelled') return change;
      throw Object.assign(new Error('unknown change'), { code: 'UNKNOWN_CHANGE' });
    }
    default:
      return 'confirmation';
  }
}

/**
 * How long a job waits after its `attempts`-th try failed (a claim counts the try, so the first
 * failure has attempts 1): the base, then twice as long each time, never more than the maximum.
 */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), maxMs);
}

/** Whether a job is a late fee's e-mail: its pay link, or the receipt of the fee the saved card paid (decision 0081). */
function isFeeMail(job: CompanyJob): boolean {
  if (job.kind === FEE_LINK_EMAIL_JOB) return true;
  const received = job.payload.received as Record<string, unknown> | undefined;
  return received?.fee === 'cancel' || received?.fee === 'reschedule';
}

/** A fee link job's fee and pay link, read defensively. */
function feeDueOf(payload: Record<string, unknown>): Pick<MessageOccasion, 'feeDue'> {
  const due = payload.fee_due as Record<string, unknown> | undefined;
  const payUrl = payload.pay_url;
  if (
    !due ||
    (due.change !== 'cancel' && due.change !== 'reschedule') ||
    typeof due.amount_cents !== 'number' ||
    typeof due.fee_cents !== 'number' ||
    typeof payUrl !== 'string' ||
    !/^https?:\/\//.test(payUrl)
  )
    return {};
  return { feeDue: { change: due.change, amountCents: due.amount_cents, feeCents: due.fee_cents, payUrl } };
}

/** A receipt job's office-recorded payment (decision 0064), read defensively: a job queued before it carries none. */
function receivedOf(payload: Record<string, unknown>): Pick<MessageOccasion, 'received'> {
  const received = payload.received as Record<string, unknown> | undefined;
  if (
    !received ||
    typeof received.amount_cents !== 'number' ||
    typeof received.method !== 'string' ||
    typeof received.balance_due_cents !== 'number'
  )
    return {};
  return {
    received: {
      amountCents: received.amount_cents,
      method: received.method,
      balanceDueCents: received.balance_due_cents,
      refund: received.kind === 'refund',
      ...(received.fee === 'cancel' || received.fee === 'reschedule' ? { fee: received.fee } : {}),
    },
  };
}
