import type { OrderEditPerson } from '@scheduler/contracts/order-edit';
import { checkPersonField, type FieldError } from '../people/person-rules.ts';
import type { EditChange } from './edit-changes.ts';

/** The fields of a person the office corrects, in the contacts step's order. */
export const EDITED_PERSON_FIELDS = ['first', 'last', 'email', 'mobile_phone', 'work_phone', 'home_phone'] as const;
export type EditedPersonField = (typeof EDITED_PERSON_FIELDS)[number];
export type EditedPerson = Pick<OrderEditPerson, EditedPersonField>;

const FIELD_WORDS: Record<Exclude<EditedPersonField, 'first' | 'last'>, string> = {
  email: 'e-mail',
  mobile_phone: 'mobile phone',
  work_phone: 'work phone',
  home_phone: 'home phone',
};

/**
 * A corrected person checked as the contacts step checks one (spec 5.4, the same rules): a name
 * is required, an e-mail and a phone may be empty but, once given, must be well-formed (a phone a
 * whole number of the company's country, the mobile, work and home phones alike). The first failing
 * field, or null.
 */
export function editedPersonError(person: EditedPerson, phoneCountry: string): FieldError | null {
  for (const field of EDITED_PERSON_FIELDS) {
    const required = field === 'first' || field === 'last';
    const error = checkPersonField(field, person[field], required, phoneCountry);
    if (error) return error;
  }
  return null;
}

const nameOf = (person: EditedPerson) => `${person.first.trim()} ${person.last.trim()}`.trim();
const shown = (text: string) => (text.trim() === '' ? '(none)' : text.trim());

/**
 * A person's corrections in words, named as they were: "Client's name: Dana Doe → Dana Dole",
 * "Dana Doe's e-mail: dana@example.com → dana@example.org". `title` is the role ("Client").
 */
export function personChanges(title: string, before: EditedPerson, after: EditedPerson): EditChange[] {
  const changes: EditChange[] = [];
  if (nameOf(before) !== nameOf(after))
    changes.push({ label: `${title}'s name`, before: shown(nameOf(before)), after: shown(nameOf(after)) });
  const who = nameOf(before) || title;
  for (const field of ['email', 'mobile_phone', 'work_phone', 'home_phone'] as const) {
    if (before[field].trim() !== after[field].trim())
      changes.push({
        label: `${who}'s ${FIELD_WORDS[field]}`,
        before: shown(before[field]),
        after: shown(after[field]),
      });
  }
  return changes;
}

/** An agent as an edit names it: the directory's id (null for none) and how a person reads them. */
export interface NamedAgent {
  id: number | null;
  name: string;
  email: string;
}

/** The agents an edit sets, by role, as History names them. */
export const AGENT_TITLES = { buyers_agent: "Buyer's agent", sellers_agent: 'Listing agent' } as const;

const agentWords = (agent: NamedAgent) => agent.name || agent.email || 'an agent with no name';

/**
 * An agent set, changed or taken off, named before → after: "Buyer's agent: Ray Realtor → Jessica
 * Moreno", "Listing agent added (Jessica Moreno)", "Buyer's agent removed (was Ray Realtor)". The
 * same directory agent again is no change.
 */
export function agentChanges(
  role: keyof typeof AGENT_TITLES,
  before: NamedAgent | null,
  after: NamedAgent | null,
): EditChange[] {
  if (before === null && after === null) return [];
  if (before !== null && after !== null && before.id !== null && before.id === after.id) return [];
  return [
    {
      label: AGENT_TITLES[role],
      before: before === null ? null : agentWords(before),
      after: after === null ? null : agentWords(after),
    },
  ];
}

/** A person's title in History: "Client", or a contact by its type ("Title Company contact"). */
export function personTitle(role: 'client' | 'contact', typeName: string | null): string {
  if (role === 'client') return 'Client';
  return typeName ? `${typeName.trim()} contact` : 'Contact';
}

/**
 * A person added to the order or taken off it, named: "Client added (Sam Lee)", "Title Company
 * contact removed (was Jo Smith)"; a person with no name is named by their e-mail.
 */
export function personListChange(title: string, person: EditedPerson, added: boolean): EditChange {
  const name = nameOf(person) || person.email.trim() || 'no name';
  return added ? { label: title, before: null, after: name } : { label: title, before: name, after: null };
}
