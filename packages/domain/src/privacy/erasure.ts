import { PERSON_TEXT_FIELDS } from '@scheduler/contracts/people';
import { ERASED_MARKER } from '@scheduler/contracts/privacy';

/**
 * What erasing a person's data means (issue 49, decision 0078), as pure rules: which of a person's
 * fields are personal, what an erased person looks like, how their words are found and replaced in
 * the free-form records that may quote them (audit events, message payloads, the office's notes),
 * and which orders an erasure leaves as they are.
 */

/**
 * The fields of a person on an order that say who they are and how to reach them: every text field
 * of the person forms but the company or agency they work for.
 */
export const PERSONAL_FIELDS = PERSON_TEXT_FIELDS.filter((field) => field !== 'company' && field !== 'agency');

/**
 * The person with every personal field emptied and the marker as their first name, so that each
 * list that prints a name prints "(erased)". What is not theirs stays: their role's type, their
 * agency, the directory id an agent was picked by (the company's own directory entry).
 */
export function erasedPerson(person: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const erased: Record<string, unknown> = { ...person };
  for (const field of PERSONAL_FIELDS) if (field in erased) erased[field] = '';
  erased.first = ERASED_MARKER;
  if ('state' in erased) erased.state = null;
  if ('send_sms' in erased) erased.send_sms = false;
  return erased;
}

/** A value this short is replaced only where a string is that value and nothing else ("Li", "Bo"), never inside words. */
const SHORTEST_CONTAINED = 3;

/**
 * The strings by which the person can be recognised in free-form records: each personal field as
 * entered, and their whole name; `extra` adds others (the inspected address, for a client).
 * Longest first, so that "Ann Smith" is replaced whole before "Ann" could be.
 */
export function personalStrings(person: Readonly<Record<string, unknown>>, extra: readonly string[] = []): string[] {
  const values = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value !== 'string') return;
    const trimmed = value.trim();
    if (trimmed !== '' && trimmed !== ERASED_MARKER) values.add(trimmed);
  };
  for (const field of PERSONAL_FIELDS) add(person[field]);
  add(
    `${typeof person.first === 'string' ? person.first.trim() : ''} ${typeof person.last === 'string' ? person.last.trim() : ''}`,
  );
  for (const value of extra) add(value);
  return [...values].sort((a, b) => b.length - a.length);
}

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text with every occurrence of the strings (any case) replaced by the marker. */
export function scrubText(text: string, strings: readonly string[]): string {
  let scrubbed = text;
  for (const value of strings) {
    if (value.length < SHORTEST_CONTAINED) {
      if (scrubbed.trim().toLowerCase() === value.toLowerCase()) return ERASED_MARKER;
      continue;
    }
    scrubbed = scrubbed.replace(new RegExp(escapeForPattern(value), 'gi'), ERASED_MARKER);
  }
  return scrubbed;
}

/** The JSON value with `scrubText` applied to every string in it, keys left as they are. */
export function scrubJson<T>(value: T, strings: readonly string[]): T {
  if (typeof value === 'string') return scrubText(value, strings) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => scrubJson(item, strings)) as T;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, scrubJson(item, strings)]),
    ) as T;
  return value;
}

export interface OrderForErasure {
  status: 'draft' | 'confirmed' | 'cancelled';
  datetime: Date | null;
  durationMinutes: number;
}

/**
 * Why an erasure must leave an order as it is: `upcoming` while a confirmed inspection has not
 * ended (the company still has to inspect and report to the person; the office cancels it first
 * if the person wants it gone). Null when it may be erased: the inspection is over, the order
 * was cancelled, or it is a draft. The end itself is over: an inspection ending now is past.
 */
export function keptFromErasure(order: OrderForErasure, now: Date): 'upcoming' | null {
  if (order.status !== 'confirmed' || order.datetime === null) return null;
  const ends = order.datetime.getTime() + order.durationMinutes * 60_000;
  return ends > now.getTime() ? 'upcoming' : null;
}
