import type { NotificationSettings } from '@scheduler/contracts/company-document';
import type { OrderAggregate } from '../orders/orders.service.ts';

/** The parts of an order that confirming and its e-mails read. */
export interface ConfirmableOrder {
  order: OrderAggregate['order'];
  parties: Array<Pick<OrderAggregate['parties'][number], 'role' | 'person'>>;
}

export const CONFIRMATION_EMAIL_JOB = 'confirmation_email';

/** Who a confirmation e-mail is for; each reads its own template. */
export type Audience = 'client' | 'agent' | 'office';

/** What a confirmation e-mail job carries: the worker reads the rest from the (read-only) confirmed order. */
export interface ConfirmationEmailPayload extends Record<string, unknown> {
  order_id: string;
  audience: Audience;
  /** A person's address; empty for the office, which is addressed when the job runs. */
  to: string;
  name: string;
}

function emailOf(person: Record<string, unknown>): string {
  return typeof person.email === 'string' ? person.email.trim() : '';
}

function nameOf(person: Record<string, unknown>): string {
  return [person.first, person.last].filter((part) => typeof part === 'string' && part.trim() !== '').join(' ');
}

/**
 * The confirmation e-mails of one order, as jobs: each client with an address, each agent with
 * an address when the company says so, and the office. Each has a dedupe key, so that enqueueing
 * the same order twice queues each e-mail once.
 */
export function confirmationEmailJobs(aggregate: ConfirmableOrder, settings: NotificationSettings, now: Date) {
  const { order } = aggregate;
  const recipients: Array<{ audience: Audience; to: string; name: string }> = [];
  for (const party of aggregate.parties) {
    const to = emailOf(party.person);
    if (!to) continue;
    if (party.role === 'client') recipients.push({ audience: 'client', to, name: nameOf(party.person) });
    else if (settings.notify_agents && party.role !== 'contact') recipients.push({ audience: 'agent', to, name: nameOf(party.person) });
  }
  recipients.push({ audience: 'office', to: '', name: '' });
  const seen = new Set<string>();
  return recipients.flatMap((recipient) => {
    const dedupeKey = `confirmation:${order.id}:${recipient.audience}:${recipient.to.toLowerCase()}`;
    if (seen.has(dedupeKey)) return [];
    seen.add(dedupeKey);
    const payload: ConfirmationEmailPayload = { order_id: order.id, ...recipient };
    return [{ companyId: order.companyId, kind: CONFIRMATION_EMAIL_JOB, dedupeKey, payload, runAt: now }];
  });
}
