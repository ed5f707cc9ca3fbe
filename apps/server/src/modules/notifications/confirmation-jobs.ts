import type { NotificationSettings } from '@scheduler/contracts/company-document';
import type { OrderAggregate } from '../orders/orders.service.ts';
import { storedPersonName } from '@scheduler/domain/people/person-display';
import { textMessageNumber } from '@scheduler/domain/people/sms-number';

/** The parts of an order that confirming and its messages read. */
export interface ConfirmableOrder {
  order: OrderAggregate['order'];
  parties: Array<Pick<OrderAggregate['parties'][number], 'role' | 'person'>>;
}

export const CONFIRMATION_EMAIL_JOB = 'confirmation_email';
export const REMINDER_EMAIL_JOB = 'reminder_email';
export const RECEIPT_EMAIL_JOB = 'payment_receipt_email';
export const SMS_JOB = 'sms';
/** A rescheduled or cancelled booking's e-mail (issue 24). */
export const CHANGE_EMAIL_JOB = 'change_email';
/** A late fee's pay link e-mailed to a client when their saved card could not pay it (issue 44, decision 0081). */
export const FEE_LINK_EMAIL_JOB = 'fee_link_email';

/** The jobs an order's page lists as its messages, and keeps in `order_messages` once they end (decision 0074). */
export const ORDER_MESSAGE_JOBS: readonly string[] = [
  CONFIRMATION_EMAIL_JOB,
  REMINDER_EMAIL_JOB,
  RECEIPT_EMAIL_JOB,
  SMS_JOB,
  CHANGE_EMAIL_JOB,
  FEE_LINK_EMAIL_JOB,
];

/** Who a confirmation e-mail is for; each reads its own template. */
export type Audience = 'client' | 'agent' | 'office';

/**
 * Who a visitor's message asks a "Manage your inspection" link for (issue 24): the reader's role
 * and address (the e-mail in lower case, or the E.164 number). The manage-link module, run in the
 * transaction that queues the jobs, issues one token per distinct role and recipient and writes it
 * into the job's `manage_token`; the worker turns it into the link and drops it once the job is done.
 * The office's jobs never ask for one.
 */
export interface ManageLinkRequest {
  role: 'client' | 'agent' | 'contact';
  recipient: string;
}

/** What a visitor's job carries for its manage link: the request, and once issued, the token (43 characters, base64url). */
export interface ManageLinkFields {
  manage_link_for?: ManageLinkRequest;
  manage_token?: string;
}

/** What an e-mail job carries: the worker reads the rest from the (read-only) confirmed order. */
export interface EmailJobPayload extends Record<string, unknown>, ManageLinkFields {
  order_id: string;
  audience: Audience;
  /** A person's address; empty for the office, which is addressed when the job runs. */
  to: string;
  name: string;
  /** A reminder's: the start it was planned for; a reminder of a start that changed is not sent. A change's: the start it moved to. */
  start?: string;
  hours_before?: number;
}
export type ConfirmationEmailPayload = EmailJobPayload;

/** A booking change as its messages tell it. */
export type ChangeKind = 'rescheduled' | 'cancelled';
/** Who changed the booking: a visitor through a manage link, or the office. */
export type ChangedBy = 'visitor' | 'office';

/** The role of the manage link a change was made through: a client's, an agent's, a contact's, or the thank-you page's (the person who booked). */
export type ChangeActorRole = 'client' | 'agent' | 'contact' | 'visitor';

/** What a change's job payload says of its author (`changed_by`, `changed_by_role`, `changed_by_reader`). */
export interface ChangeAuthorFields {
  changed_by?: ChangedBy;
  /** The role of the manage link the change was made through; absent for the office. */
  changed_by_role?: ChangeActorRole;
  /** This message's reader made the change (their own manage link, or another of theirs). */
  changed_by_reader?: boolean;
}

/** A change e-mail's payload: which change, the start before it and after it (for a cancellation, the cancelled start), and who made it. */
export interface ChangeEmailPayload extends EmailJobPayload, ChangeAuthorFields {
  change: ChangeKind;
  previous_start: string;
  start: string;
  changed_by: ChangedBy;
  /** The order's change_sequence after this change. */
  sequence: number;
  /** A cancellation's refund under the policy, in the client's words (decision 0076): the client's copies (the office's, in jobs queued before decision 0077's day). */
  refund_text?: string;
  /** The office's copy of a paid cancellation: what was decided of the money, its payment row ("Paid $400.00 — refund of …"). */
  office_refund_text?: string;
}

/** What a text-message job carries: the number in E.164, and which message. */
export interface SmsJobPayload extends Record<string, unknown>, ManageLinkFields, ChangeAuthorFields {
  order_id: string;
  message: 'confirmation' | 'reminder' | ChangeKind;
  to: string;
  start: string;
  hours_before?: number;
  /** A change's: the start before it, who made it, and the order's change_sequence after it. */
  previous_start?: string;
  changed_by?: ChangedBy;
  sequence?: number;
}

/** A job as the queue stores it (job-queue.repository.ts). */
export interface QueuedJob {
  companyId: string;
  kind: string;
  dedupeKey: string;
  payload: Record<string, unknown>;
  runAt: Date;
}

const HOUR_MS = 3_600_000;

/** When an order's messages are planned: its start, the moment of planning, the company's country (for phone numbers). */
export interface MessageMoment {
  start: Date;
  now: Date;
  country: string;
}

function emailOf(person: Record<string, unknown>): string {
  return typeof person.email === 'string' ? person.email.trim() : '';
}

type Recipient = { audience: Audience; to: string; name: string };

/** The manage link a visitor's e-mail asks for; none for the office. */
function manageLinkOf(recipient: Recipient): ManageLinkFields {
  if (recipient.audience === 'office') return {};
  return { manage_link_for: { role: recipient.audience, recipient: recipient.to.toLowerCase() } };
}

const OFFICE: Recipient = { audience: 'office', to: '', name: '' };

/** Each job once, by its dedupe key (the same person twice on an order is written to once). */
function unique(jobs: QueuedJob[]): QueuedJob[] {
  const seen = new Set<string>();
  return jobs.filter((job) => !seen.has(job.dedupeKey) && Boolean(seen.add(job.dedupeKey)));
}

/** The clients with an address, and the agents with one when `agents` says so: never an extra contact. */
function visitorRecipients(aggregate: ConfirmableOrder, agents: boolean): Recipient[] {
  return aggregate.parties.flatMap((party): Recipient[] => {
    const to = emailOf(party.person);
    if (!to) return [];
    if (party.role === 'client') return [{ audience: 'client', to, name: storedPersonName(party.person) }];
    if (agents && party.role !== 'contact') return [{ audience: 'agent', to, name: storedPersonName(party.person) }];
    return [];
  });
}

/**
 * The confirmation e-mails of one order, as jobs: each client with an address, each agent with
 * an address when the company says so, and the office. Each has a dedupe key, so that enqueueing
 * the same order twice queues each e-mail once.
 */
export function confirmationEmailJobs(
  aggregate: ConfirmableOrder,
  settings: NotificationSettings,
  now: Date,
): QueuedJob[] {
  const { order } = aggregate;
  const recipients = [...visitorRecipients(aggregate, settings.notify_agents), OFFICE];
  return unique(
    recipients.map((recipient) => ({
      companyId: order.companyId,
      kind: CONFIRMATION_EMAIL_JOB,
      dedupeKey: `confirmation:${order.id}:${recipient.audience}:${recipient.to.toLowerCase()}`,
      payload: { order_id: order.id, ...recipient, ...manageLinkOf(recipient) } satisfies EmailJobPayload,
      runAt: now,
    })),
  );
}

/**
 * The reminders of one order at its start, as jobs due `hours_before` ahead of it: to the
 * company's chosen recipients (clients, agents) by e-mail, and by text message to those who asked
 * for them. A reminder whose moment has passed (an order booked inside it) is not planned: the
 * confirmation has just said it all. The dedupe key names the start, so a later time plans anew.
 */
export function reminderJobs(
  aggregate: ConfirmableOrder,
  settings: NotificationSettings,
  when: MessageMoment,
): QueuedJob[] {
  const { start, now } = when;
  const { order } = aggregate;
  const jobs: QueuedJob[] = [];
  const at = start.toISOString();
  for (const reminder of settings.reminders) {
    const runAt = new Date(start.getTime() - reminder.hours_before * HOUR_MS);
    if (runAt.getTime() <= now.getTime()) continue;
    const wanted = new Set<Audience>(reminder.to);
    for (const recipient of visitorRecipients(aggregate, wanted.has('agent'))) {
      if (!wanted.has(recipient.audience)) continue;
      const payload: EmailJobPayload = {
        order_id: order.id,
        ...recipient,
        start: at,
        hours_before: reminder.hours_before,
        ...manageLinkOf(recipient),
      };
      jobs.push({
        companyId: order.companyId,
        kind: REMINDER_EMAIL_JOB,
        dedupeKey: `reminder:${order.id}:${at}:${reminder.hours_before}:${recipient.audience}:${recipient.to.toLowerCase()}`,
        payload,
        runAt,
      });
    }
    if (wanted.has('client')) {
      for (const { to, role } of textRecipients(aggregate, when.country)) {
        const payload: SmsJobPayload = {
          order_id: order.id,
          message: 'reminder',
          to,
          start: at,
          hours_before: reminder.hours_before,
          manage_link_for: { role, recipient: to },
        };
        jobs.push({
          companyId: order.companyId,
          kind: SMS_JOB,
          dedupeKey: `sms:reminder:${order.id}:${at}:${reminder.hours_before}:${to}`,
          payload,
          runAt,
        });
      }
    }
  }
  return unique(jobs);
}

/**
 * The numbers that asked for text messages: the clients and contacts who ticked the contacts
 * step's SMS choice (spec 3.6), with a mobile number that reads as one in the company's country.
 */
export function smsRecipients(aggregate: ConfirmableOrder, country: string): string[] {
  return textRecipients(aggregate, country).map((recipient) => recipient.to);
}

/**
 * The numbers that asked for text messages, each once, with whose it is for its manage link: a
 * client's when a client gave it (also when a contact gave the same one), else the contact's.
 */
function textRecipients(
  aggregate: ConfirmableOrder,
  country: string,
): Array<{ to: string; role: 'client' | 'contact' }> {
  const roles = new Map<string, 'client' | 'contact'>();
  for (const party of aggregate.parties) {
    const to = textMessageNumber(party.role, party.person, country);
    if (to === null) continue;
    if (party.role === 'client' || !roles.has(to)) roles.set(to, party.role === 'contact' ? 'contact' : 'client');
  }
  return [...roles].map(([to, role]) => ({ to, role }));
}

/** The confirmation's text messages, one per number that asked for them. */
export function confirmationSmsJobs(aggregate: ConfirmableOrder, when: MessageMoment): QueuedJob[] {
  const { order } = aggregate;
  const { start, now } = when;
  return textRecipients(aggregate, when.country).map(({ to, role }) => ({
    companyId: order.companyId,
    kind: SMS_JOB,
    dedupeKey: `sms:confirmation:${order.id}:${to}`,
    payload: {
      order_id: order.id,
      message: 'confirmation',
      to,
      start: start.toISOString(),
      manage_link_for: { role, recipient: to },
    } satisfies SmsJobPayload,
    runAt: now,
  }));
}

/** Everything a confirm sends and plans: the e-mails, the text messages and the reminders. */
export function confirmationJobs(
  aggregate: ConfirmableOrder,
  settings: NotificationSettings,
  when: MessageMoment,
  /** false: the office tells the client itself (a booking through the API): no confirmation e-mail or text to a client. */
  notifyClient = true,
): QueuedJob[] {
  const toClient = (job: QueuedJob) =>
    (job.kind === SMS_JOB
      ? (job.payload as SmsJobPayload).manage_link_for?.role
      : (job.payload as EmailJobPayload).audience) === 'client';
  return [
    ...confirmationEmailJobs(aggregate, settings, when.now).filter((job) => notifyClient || !toClient(job)),
    ...confirmationSmsJobs(aggregate, when).filter((job) => notifyClient || !toClient(job)),
    ...reminderJobs(aggregate, settings, when),
  ];
}

/** A booking change as its messages need it (issue 24). */
export interface BookingChange {
  kind: ChangeKind;
  /** The start before the change. */
  previousStart: Date;
  /** The start after a reschedule; a cancellation's is the cancelled start. */
  start: Date;
  now: Date;
  /** The company's country, for phone numbers. */
  country: string;
  changedBy: ChangedBy;
  /**
   * A visitor's change: the role and recipient of the manage link it was made through (as the
   * server recorded the link), so that each message names its author from where its reader stands.
   */
  visitor?: { role: ChangeActorRole; recipient: string };
  /** The order's change_sequence after this change (the invitation's SEQUENCE): each change's messages are its own. */
  sequence: number;
  /**
   * A paid cancellation's refund as decided (decision 0076): the client's words (null when the
   * company's office refunds by hand) and the office's payment row.
   */
  refund?: { client: string | null; office: string | null };
}

/** A cancellation's refund words for one copy: the client's to a client, the office's to the office, none to an agent. */
function refundFieldsFor(
  audience: Audience,
  refund: BookingChange['refund'],
): Pick<ChangeEmailPayload, 'refund_text' | 'office_refund_text'> {
  if (audience === 'office') return refund?.office ? { office_refund_text: refund.office } : {};
  return audience === 'client' && refund?.client ? { refund_text: refund.client } : {};
}

/**
 * The messages of a rescheduled or cancelled booking, as jobs: an e-mail to everyone the
 * confirmation went to (each client with an address, each agent with one when the company notifies
 * agents, and the office) and a text message to each number that asked for them. Each change's
 * messages are new ones: their dedupe keys name the change's sequence and its starts, so a second
 * reschedule of the same order sends again. Reminders are re-planned (or dropped) by
 * `replanReminders` in the same transaction.
 */
export function changeJobs(
  aggregate: ConfirmableOrder,
  settings: NotificationSettings,
  change: BookingChange,
): QueuedJob[] {
  const { order } = aggregate;
  const previous = change.previousStart.toISOString();
  const start = change.start.toISOString();
  const which = `${order.id}:${change.sequence}:${previous}:${start}`;
  const authorAddresses = addressesOfAuthor(aggregate, change);
  /** Who made the change, for one reader: the office's copy (`recipient` null) is nobody's own. */
  const authorOf = (recipient: string | null): ChangeAuthorFields =>
    change.changedBy === 'visitor' && change.visitor
      ? {
          changed_by: 'visitor',
          changed_by_role: change.visitor.role,
          changed_by_reader: recipient !== null && authorAddresses.has(recipient.toLowerCase()),
        }
      : { changed_by: change.changedBy };
  const about = {
    change: change.kind,
    previous_start: previous,
    start,
    changed_by: change.changedBy,
    sequence: change.sequence,
  };
  const emails = [...visitorRecipients(aggregate, settings.notify_agents), OFFICE].map((recipient): QueuedJob => ({
    companyId: order.companyId,
    kind: CHANGE_EMAIL_JOB,
    dedupeKey: `${change.kind}:${which}:${recipient.audience}:${recipient.to.toLowerCase()}`,
    payload: {
      order_id: order.id,
      ...recipient,
      ...about,
      ...authorOf(recipient.audience === 'office' ? null : recipient.to),
      ...manageLinkOf(recipient),
      ...refundFieldsFor(recipient.audience, change.refund),
    } satisfies ChangeEmailPayload,
    runAt: change.now,
  }));
  const texts = textRecipients(aggregate, change.country).map(({ to, role }): QueuedJob => ({
    companyId: order.companyId,
    kind: SMS_JOB,
    dedupeKey: `sms:${change.kind}:${which}:${to}`,
    payload: {
      order_id: order.id,
      message: change.kind,
      to,
      start,
      previous_start: previous,
      ...authorOf(to),
      sequence: change.sequence,
      manage_link_for: { role, recipient: to },
    } satisfies SmsJobPayload,
    runAt: change.now,
  }));
  return unique([...emails, ...texts]);
}

/**
 * The addresses and numbers of the person who made a visitor's change: the recipient of their
 * manage link, and the e-mail and text number of each party it belongs to (a client who moved the
 * booking from the text message's link reads "by you" in their e-mail too). None for the office.
 */
function addressesOfAuthor(aggregate: ConfirmableOrder, change: BookingChange): Set<string> {
  const addresses = new Set<string>();
  if (change.changedBy !== 'visitor' || !change.visitor) return addresses;
  const recipient = change.visitor.recipient.toLowerCase();
  addresses.add(recipient);
  for (const party of aggregate.parties) {
    const email = emailOf(party.person).toLowerCase();
    const number = textMessageNumber(party.role, party.person, change.country);
    if (email !== recipient && number !== recipient) continue;
    if (email) addresses.add(email);
    if (number) addresses.add(number);
  }
  return addresses;
}
