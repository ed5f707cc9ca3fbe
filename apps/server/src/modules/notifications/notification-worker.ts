import type { Database } from '../../db/connection.ts';
import { CONFIRMATION_EMAIL_JOB, type ConfirmationEmailPayload } from './confirmation-jobs.ts';
import { claimDueJob, completeJob, retryJob, type ClaimedJob } from './job-queue.repository.ts';
import { DEFAULT_TEMPLATES, fillTemplate, invitation, placeholderValues } from './mail-content.ts';
import type { MailTransport } from './mail-transport.ts';
import { loadNotificationSettings } from './notification-settings.repository.ts';
import { loadConfirmedOrderFacts } from './order-facts.repository.ts';

/** What the worker logs through: pino's shape, so the app's logger fits. */
export interface WorkerLog {
  info(data: Record<string, unknown>, message: string): void;
  warn(data: Record<string, unknown>, message: string): void;
}

export interface NotificationWorkerOptions {
  db: Database;
  transport: MailTransport;
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
}

/** A short, stable reason for the log and the job row: an error code, never a message's content. */
function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown; responseCode?: unknown }).code;
  const response = (error as { responseCode?: unknown }).responseCode;
  return [typeof code === 'string' ? code : 'ERROR', typeof response === 'number' ? String(response) : ''].filter(Boolean).join(' ');
}

/**
 * Sends the queued e-mails. Each job is claimed, sent and marked done; a failure puts it back
 * with a growing delay, so a failing mail server delays e-mails and never loses one. A worker
 * that dies mid-job leaves its lease to run out, and the job is sent again (at least once; the
 * stable Message-ID and outbox file name let the receiving side see the repeat as one message).
 */
export class NotificationWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private readonly now: () => number;

  constructor(private readonly options: NotificationWorkerOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Handles every job that is due now; resolves to how many were sent. */
  async runDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const job = await claimDueJob(this.options.db, new Date(this.now()), this.options.leaseMs);
      if (!job) return sent;
      if (await this.handle(job)) sent++;
    }
  }

  start(): void {
    this.stopped = false;
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
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
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
    try {
      if (job.kind !== CONFIRMATION_EMAIL_JOB) throw Object.assign(new Error('unknown job kind'), { code: 'UNKNOWN_JOB' });
      const where = await this.sendConfirmation(job);
      await completeJob(db, job.id, new Date(this.now()));
      if (where) log.info({ job: job.id, kind: job.kind, outbox: where }, 'e-mail sent');
      return where !== null;
    } catch (error) {
      const delay = retryDelayMs(job.attempts, this.options.retryBaseMs, this.options.retryMaxMs);
      const reason = reasonOf(error);
      await retryJob(db, job.id, new Date(this.now() + delay), reason);
      log.warn({ job: job.id, kind: job.kind, attempts: job.attempts, code: reason, retry_in_ms: delay }, 'e-mail not sent; will retry');
      return false;
    }
  }

  /** Sends one confirmation e-mail; null when there is nobody to send it to. */
  private async sendConfirmation(job: ClaimedJob): Promise<string | null> {
    const payload = job.payload as ConfirmationEmailPayload;
    const facts = await loadConfirmedOrderFacts(this.options.db, job.companyId, payload.order_id);
    if (!facts) return null;
    const settings = await loadNotificationSettings(this.options.db, job.companyId);
    const to = payload.audience === 'office' ? settings.office_email || facts.office.email : payload.to;
    if (!to) return null;
    const template = settings.templates[payload.audience] ?? DEFAULT_TEMPLATES[payload.audience];
    const values = placeholderValues(facts);
    const from = this.options.mailFrom || (facts.office.email ? `"${facts.office.name.replace(/"/g, '')}" <${facts.office.email}>` : 'online-scheduler@localhost');
    return this.options.transport.send({
      messageId: `<job-${job.id}.${payload.order_id}@online-scheduler>`,
      from,
      to,
      subject: fillTemplate(template.subject, values).replace(/[\r\n]+/g, ' '),
      text: fillTemplate(template.body, values),
      invitation: { filename: 'inspection.ics', content: invitation(facts) },
    });
  }
}

/**
 * How long a job waits after its `attempts`-th try failed (a claim counts the try, so the first
 * failure has attempts 1): the base, then twice as long each time, never more than the maximum.
 */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), maxMs);
}
