import { LOCKABLE_FIELDS, PREFILL_FIELDS, type LockableField, type PrefillField } from '@scheduler/contracts/embed';
import { PERSON_FIELD_MAX } from '@scheduler/contracts/people';
import { EMAIL_PATTERN } from '@scheduler/domain/people/person-rules';

/** What a company's page asked to fill in (issue 27), each value in its first, bounded form. */
export interface PrefillRequest {
  text: Partial<Record<Exclude<PrefillField, 'packages' | 'services'>, string>>;
  /** The first package id named (an order has one package). */
  packageId: number | null;
  /** At most MAX_SERVICES distinct service uuids. */
  serviceIds: string[];
  locks: LockableField[];
}

export const MAX_SERVICES = 20;
const MAX_TEXT: Record<Exclude<PrefillField, 'packages' | 'services'>, number> = {
  postal_code: 10,
  address: 100,
  city: 60,
  state: 5,
  client_first_name: PERSON_FIELD_MAX.first,
  client_last_name: PERSON_FIELD_MAX.last,
  client_email: PERSON_FIELD_MAX.email,
  client_phone: PERSON_FIELD_MAX.mobile_phone,
  agent_email: PERSON_FIELD_MAX.email,
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PACKAGE_ID = /^[1-9][0-9]{0,8}$/;
/** Text a form could hold: no control characters, no markup. */
function isPlainText(value: string): boolean {
  return ![...value].some((c) => c < ' ' || c === '\u007f' || c === '<' || c === '>');
}

/**
 * Reads the prefill from the frame's query. A value that is too long, not plain text, or not of
 * its kind (an e-mail address, a package id, a service uuid) is left out, never refused: a
 * company's page with a stale or mistyped attribute still gets a working scheduler. The services
 * that check each value against the company (its packages, its agents, its postal codes) come
 * after this.
 */
export function readPrefill(query: Readonly<Record<string, string>>): PrefillRequest {
  const text: PrefillRequest['text'] = {};
  for (const field of PREFILL_FIELDS) {
    if (field === 'packages' || field === 'services') continue;
    const value = query[field]?.trim() ?? '';
    if (value === '' || value.length > MAX_TEXT[field] || !isPlainText(value)) continue;
    if ((field === 'client_email' || field === 'agent_email') && !EMAIL_PATTERN.test(value)) continue;
    text[field] = value;
  }
  const packageId = (query.packages ?? '')
    .split(',')
    .map((id) => id.trim())
    .find((id) => PACKAGE_ID.test(id));
  const serviceIds = [
    ...new Set(
      (query.services ?? '')
        .split(',')
        .map((id) => id.trim().toLowerCase())
        .filter((id) => UUID.test(id)),
    ),
  ].slice(0, MAX_SERVICES);
  const named = new Set((query.lock ?? '').split(/[\s,]+/));
  return {
    text,
    packageId: packageId === undefined ? null : Number(packageId),
    serviceIds,
    locks: LOCKABLE_FIELDS.filter((field) => named.has(field)),
  };
}

/** Whether the frame's query asks for anything at all (most embeds fill nothing in). */
export function asksForPrefill(request: PrefillRequest): boolean {
  return Object.keys(request.text).length > 0 || request.packageId !== null || request.serviceIds.length > 0;
}
