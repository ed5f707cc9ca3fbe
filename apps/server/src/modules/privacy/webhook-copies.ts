/**
 * The webhook log's copies of an erased person (decision 0101). A delivery keeps the body it sent
 * and the receiver's answer for the log until retention prunes it; an erasure scrubs those that
 * carry the person, within the company's own log only. An ended delivery keeps its state, times,
 * attempts and response code, its copies replaced by the marker. A pending order delivery is sent:
 * its body is written anew from the erased order at its next attempt, since the event (a payment,
 * a cancellation) is still the company's to tell. A pending `person.created` delivery of the person
 * is cancelled: the person is all it would tell.
 */
import { ERASED_MARKER } from '@scheduler/contracts/privacy';
import { scrubJson, scrubText } from '@scheduler/domain/privacy/erasure';
import type { Executor } from '../../db/connection.ts';
import {
  directoryDeliveriesOfEmail,
  rewriteWebhookDelivery,
  type OrderToErase,
  webhookCopiesOfOrder,
} from './privacy.repository.ts';

/** How an ended delivery cancelled by an erasure is logged. */
export const ERASED_DELIVERY_OUTCOME = 'personal_data_erased';

interface WebhookCopy {
  id: number;
  state: string;
  body: string | null;
  responseBody: string | null;
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Whether the text quotes one of the strings, by the rule of the other free-form records, at any depth of a JSON body. */
function quotesStrings(text: string | null, strings: readonly string[]): boolean {
  if (text === null) return false;
  const json = parsedJson(text);
  if (json === undefined) return scrubText(text, strings) !== text;
  return JSON.stringify(scrubJson(json, strings)) !== JSON.stringify(json);
}

/** Every string of a JSON value, at any depth. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

/**
 * Whether the text holds the address: a JSON body as one of its values exactly (any case), so
 * that another person's address containing it ("adana@…" for "dana@…") is not taken for it; a
 * receiver's answer in any form, as contained.
 */
function quotesAddress(text: string | null, address: string): boolean {
  if (text === null) return false;
  const json = parsedJson(text);
  if (json === undefined) return text.toLowerCase().includes(address);
  return stringsOf(json).some((value) => value.trim().toLowerCase() === address);
}

/** What an erasure writes over a delivery that carries the person in its body or its answer; null when neither does. */
function scrubbedCopies(copy: WebhookCopy, carries: (text: string | null) => boolean) {
  const inBody = carries(copy.body);
  const inAnswer = carries(copy.responseBody);
  if (!inBody && !inAnswer) return null;
  return {
    // A pending delivery's body is written again from the erased order when it is next tried.
    body: !inBody ? copy.body : copy.state === 'pending' ? null : ERASED_MARKER,
    responseBody: inAnswer ? ERASED_MARKER : copy.responseBody,
  };
}

/** The order's deliveries that carry the erased strings, scrubbed; answers how many. */
export async function scrubOrderWebhookCopies(tx: Executor, order: OrderToErase, strings: string[]): Promise<number> {
  if (strings.length === 0) return 0;
  let scrubbed = 0;
  for (const copy of await webhookCopiesOfOrder(tx, order)) {
    const patch = scrubbedCopies(copy, (text) => quotesStrings(text, strings));
    if (patch === null) continue;
    await rewriteWebhookDelivery(tx, order.companyId, copy.id, patch);
    scrubbed += 1;
  }
  return scrubbed;
}

/**
 * The company's `person.created` deliveries of the address: an ended one quoting it scrubbed, a
 * pending one of a directory entry with it (or quoting it) cancelled. Answers how many of each.
 */
export async function eraseDirectoryWebhookCopies(
  tx: Executor,
  companyId: string,
  address: string,
): Promise<{ scrubbed: number; cancelled: number }> {
  const counts = { scrubbed: 0, cancelled: 0 };
  for (const delivery of await directoryDeliveriesOfEmail(tx, companyId, address)) {
    const carries = (text: string | null) => quotesAddress(text, address);
    if (delivery.state === 'pending' && (delivery.ofEntryWithEmail || carries(delivery.body))) {
      await rewriteWebhookDelivery(tx, companyId, delivery.id, {
        body: delivery.body === null ? null : ERASED_MARKER,
        responseBody: delivery.responseBody === null ? null : ERASED_MARKER,
        state: 'failed',
        outcome: ERASED_DELIVERY_OUTCOME,
        nextAttemptAt: null,
      });
      counts.cancelled += 1;
      continue;
    }
    const patch = delivery.state === 'pending' ? null : scrubbedCopies(delivery, carries);
    if (patch === null) continue;
    await rewriteWebhookDelivery(tx, companyId, delivery.id, patch);
    counts.scrubbed += 1;
  }
  return counts;
}
