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

/** Who a confirmation e-mail is for; each reads its own template. */
export type Audience = 'client' | 'agent' | 'office';

/** What an e-mail job carries: the worker reads the rest from the (read-only) confirmed order. */
export interface EmailJobPayload extends Record<string, unknown> {
  order_id: string;
  audience: Audience;
  /** A person's address; empty for the office, which is addressed when the job runs. */
  to: string;
  name: string;
  /** A reminder's: the start it was planned for; a reminder of a start that changed is not sent. */
  start?: string;
  hours_before?: number;
}
export type ConfirmationEmailPayload = EmailJobPayload;

/** What a text-message job carries: the number in E.164, and which message. */
export interface SmsJobPayload extends Record<string, unknown> {
  order_id: string;
  message: 'confirmation' | 'reminder';
  to: string;
  start: string;
  hours_before?: number;
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
export function confirmationEmailJobs(aggregate: ConfirmableOrder, settings: NotificationSettings, now: Date): QueuedJob[] {
  const { order } = aggregate;
  const recipients = [...visitorRecipients(aggregate, settings.notify_agents), { audience: 'office' as const, to: '', name: '' }];
  return unique(
    recipients.map((recipient) => ({
      companyId: order.companyId,
      kind: CONFIRMATION_EMAIL_JOB,
      dedupeKey: `confirmation:${order.id}:${recipient.audience}:${recipient.to.toLowerCase()}`,
      payload: { order_id: order.id, ...recipient } satisfies EmailJobPayload,
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
export function reminderJobs(aggregate: ConfirmableOrder, settings: NotificationSettings, when: MessageMoment): QueuedJob[] {
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
      const payload: EmailJobPayload = { order_id: order.id, ...recipient, start: at, hours_before: reminder.hours_before };
      jobs.push({ companyId: order.companyId, kind: REMINDER_EMAIL_JOB, dedupeKey: `reminder:${order.id}:${at}:${reminder.hours_before}:${recipient.audience}:${recipient.to.toLowerCase()}`, payload, runAt });
    }
    if (wanted.has('client')) {
      for (const to of smsRecipients(aggregate, when.country)) {
        const payload: SmsJobPayload = { order_id: order.id, message: 'reminder', to, start: at, hours_before: reminder.hours_before };
        jobs.push({ companyId: order.companyId, kind: SMS_JOB, dedupeKey: `sms:reminder:${order.id}:${at}:${reminder.hours_before}:${to}`, payload, runAt });
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
  const numbers = aggregate.parties.map((party) => textMessageNumber(party.role, party.person, country)).filter((number): number is string => number !== null);
  return [...new Set(numbers)];
}

/** The confirmation's text messages, one per number that asked for them. */
export function confirmationSmsJobs(aggregate: ConfirmableOrder, when: MessageMoment): QueuedJob[] {
  const { order } = aggregate;
  const { start, now } = when;
  return smsRecipients(aggregate, when.country).map((to) => ({
    companyId: order.companyId,
    kind: SMS_JOB,
    dedupeKey: `sms:confirmation:${order.id}:${to}`,
    payload: { order_id: order.id, message: 'confirmation', to, start: start.toISOString() } satisfies SmsJobPayload,
    runAt: now,
  }));
}

/** Everything a confirm sends and plans: the e-mails, the text messages and the reminders. */
export function confirmationJobs(aggregate: ConfirmableOrder, settings: NotificationSettings, when: MessageMoment): QueuedJob[] {
  return [...confirmationEmailJobs(aggregate, settings, when.now), ...confirmationSmsJobs(aggregate, when), ...reminderJobs(aggregate, settings, when)];
}
