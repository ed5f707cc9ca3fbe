import {
  PERSON_TEXT_FIELDS,
  type ContactTypeRef,
  type Party,
  type PersonField,
  type SearchResult,
} from '@scheduler/contracts/people';
import { formatPhone } from '../formatting.ts';
import { FIELD_LABELS, type PanelFields } from './person-fields.ts';

/** A person as the company's directory holds it; every field may be missing. */
export type PersonRecord = { id: number } & Partial<Record<Exclude<PersonField, 'state'>, string | null>> & {
    state?: number | null;
    type?: ContactTypeRef | null;
  };

const PHONE_FIELDS: ReadonlySet<PersonField> = new Set([
  'mobile_phone',
  'work_phone',
  'home_phone',
  'work_fax',
  'home_fax',
]);

function clean(value: string | null | undefined): string {
  return (value ?? '').trim();
}

/** The full name, as lists and headings show it. */
export function fullName(person: Pick<PersonRecord, 'first' | 'last'>): string {
  return [clean(person.first), clean(person.last)].filter((part) => part !== '').join(' ');
}

/** The full name of a person as an order keeps them (stored JSON: a missing or odd field is no part of it). */
export function storedPersonName(person: Readonly<Record<string, unknown>>): string {
  const part = (value: unknown) => (typeof value === 'string' ? value : null);
  return fullName({ first: part(person.first), last: part(person.last) });
}

/**
 * The label of a search result (spec 3.6 `display`): the name, then the firm when the form shows
 * it, so that two agents of the same name can be told apart.
 */
export function searchDisplay(party: Party, person: PersonRecord, fields: PanelFields): string {
  const firm = [
    fields.displayed.includes('company') ? clean(person.company) : '',
    party === 'insurance_agent' && fields.displayed.includes('agency') ? clean(person.agency) : '',
  ]
    .filter((part) => part !== '')
    .join(', ');
  const name = fullName(person);
  return firm === '' ? name : `${name} (${firm})`;
}

/**
 * A directory record as a search answers it: the id, the label and only the fields the party's
 * form shows (issue 10: search answers no more than the visitor could type in).
 */
export function searchResultFor(party: Party, person: PersonRecord, fields: PanelFields): SearchResult {
  const shown = new Set(fields.displayed);
  const result: SearchResult = { id: person.id, display: searchDisplay(party, person, fields), add_new: false };
  for (const field of PERSON_TEXT_FIELDS) {
    if (shown.has(field)) result[field] = clean(person[field]);
  }
  if (shown.has('state')) result.state = person.state ?? null;
  if (party === 'contact') result.type = person.type ?? null;
  return result;
}

export interface DisplayLine {
  field: PersonField;
  label: string;
  text: string;
}

/**
 * The read-only person display of spec 2.7. The full form lists every shown, filled field with
 * its label, phones as spec 5.5 writes them; the compact form keeps the firm, the e-mail address
 * and the first phone. `stateName` turns a state id into the abbreviation the company uses.
 */
export function personDisplayLines(
  person: PersonRecord,
  fields: PanelFields,
  form: 'compact' | 'full',
  stateName: (id: number) => string,
): DisplayLine[] {
  const lines: DisplayLine[] = [];
  for (const field of fields.displayed) {
    if (field === 'first' || field === 'last') continue;
    if (field === 'state') {
      if (person.state != null) lines.push({ field, label: 'State', text: stateName(person.state) });
      continue;
    }
    const value = clean(person[field]);
    if (value === '') continue;
    lines.push({
      field,
      label: FIELD_LABELS[field].replace(/:$/, ''),
      text: PHONE_FIELDS.has(field) ? formatPhone(value) : value,
    });
  }
  if (form === 'full') return lines;
  const firstPhone = lines.find((line) => PHONE_FIELDS.has(line.field));
  return lines.filter(
    (line) => line.field === 'company' || line.field === 'agency' || line.field === 'email' || line === firstPhone,
  );
}

/** Spec 7.6: the browser sends a client's non-empty fields only. */
export function filledFields<T extends Record<string, unknown>>(person: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(person).filter(
      ([, value]) => value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === ''),
    ),
  ) as Partial<T>;
}
