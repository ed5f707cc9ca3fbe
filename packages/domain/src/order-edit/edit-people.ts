import type { OrderEditPerson } from '@scheduler/contracts/order-edit';
import { checkPersonField, type FieldError } from '../people/person-rules.ts';
import type { EditChange } from './edit-changes.ts';

/** The fields of a person the office corrects, in the contacts step's order. */
export const EDITED_PERSON_FIELDS = ['first', 'last', 'email', 'mobile_phone'] as const;
export type EditedPersonField = (typeof EDITED_PERSON_FIELDS)[number];
export type EditedPerson = Pick<OrderEditPerson, EditedPersonField>;

const FIELD_WORDS: Record<Exclude<EditedPersonField, 'first' | 'last'>, string> = {
  email: 'e-mail',
  mobile_phone: 'mobile phone',
};

/**
 * A corrected person checked as the contacts step checks one (spec 5.4, the same rules): a name
 * is required, an e-mail and a phone may be empty but, once given, must be well-formed (a phone a
 * whole number of the company's country). The first failing field, or null.
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
  for (const field of ['email', 'mobile_phone'] as const) {
    if (before[field].trim() !== after[field].trim())
      changes.push({
        label: `${who}'s ${FIELD_WORDS[field]}`,
        before: shown(before[field]),
        after: shown(after[field]),
      });
  }
  return changes;
}
