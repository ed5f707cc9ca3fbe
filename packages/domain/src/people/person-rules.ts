import type { Party, PersonField } from '@scheduler/contracts/people';
import type { PanelFields } from './person-fields.ts';
import { isPhoneNumber } from './phone-numbers.ts';

/** Spec 8.5: the outcome that stops the contacts step when a panel fails its checks. */
export const FAILED_VALIDATION_CODE = {
  buyers_agent: 'BUYERS_AGENT_FAILED_VALIDATION',
  sellers_agent: 'SELLERS_AGENT_FAILED_VALIDATION',
  insurance_agent: 'INSURANCE_AGENT_FAILED_VALIDATION',
  client: 'CLIENTS_FAILED_VALIDATION',
  contact: 'CONTACT_FAILED_VALIDATION',
} as const satisfies Record<Party, string>;
export type FailedValidationCode = (typeof FAILED_VALIDATION_CODE)[Party];

/** Spec 5.4: the helper text a failing field shows under it, whatever the failure. */
export const FIELD_HELPER_TEXT = 'Required';

/** Spec 5.4: these fields pass when they hold anything but blanks. */
const NON_EMPTY_FIELDS: ReadonlySet<PersonField> = new Set(['first', 'last', 'address1', 'city']);

/**
 * Spec 5.4 asks only that phones be non-empty; a filled-in one must also be a whole number for
 * the company's country (issue 20: "123" was taken, and shown as "(123)"; decision 0027).
 */
const PHONE_FIELDS: ReadonlySet<PersonField> = new Set([
  'mobile_phone',
  'work_phone',
  'home_phone',
  'work_fax',
  'home_fax',
]);

export const POSTAL_CODE_MIN = 2;
export const POSTAL_CODE_MAX = 10;

/**
 * Spec 5.4's "standard e-mail pattern", case-insensitive: the HTML living standard's
 * valid-e-mail-address, with a dot required in the domain (an address on a bare host name
 * never reaches a home buyer).
 */
export const EMAIL_PATTERN =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

export type FieldProblem = 'required' | 'email' | 'postal_code_length' | 'phone';

/** One failing field: `field` names it on the form and in the 400 answer. */
export interface FieldError {
  field: PersonField | 'type';
  problem: FieldProblem;
  message: string;
}

const REQUIRED_MESSAGES: Readonly<Record<PersonField, string>> = {
  first: 'Enter the first name',
  last: 'Enter the last name',
  email: 'Enter an e-mail address',
  mobile_phone: 'Enter the mobile phone number',
  work_phone: 'Enter the work phone number',
  home_phone: 'Enter the home phone number',
  work_fax: 'Enter the work fax number',
  home_fax: 'Enter the home fax number',
  address1: 'Enter the street address',
  address2: 'Enter the second address line',
  city: 'Enter the city',
  state: 'Choose the state',
  postal_code: 'Enter the postal code',
  company: 'Enter the company',
  agency: 'Enter the agency',
};
const EMAIL_MESSAGE = 'Enter an e-mail address like name@example.com';
const PHONE_MESSAGES: Readonly<Partial<Record<PersonField, string>>> = {
  mobile_phone: 'Enter the whole mobile phone number, area code included',
  work_phone: 'Enter the whole work phone number, area code included',
  home_phone: 'Enter the whole home phone number, area code included',
  work_fax: 'Enter the whole work fax number, area code included',
  home_fax: 'Enter the whole home fax number, area code included',
};
const POSTAL_CODE_MESSAGE = `Enter a postal code of ${POSTAL_CODE_MIN} to ${POSTAL_CODE_MAX} characters`;
export const CONTACT_TYPE_MESSAGE = 'Choose the type of contact';

function textOf(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The check of one field (spec 5.4); phones for the company's country (`phoneCountry`, e.g. "US"). A required field must pass it. A shown field that is not
 * required may stay empty, but once filled it must still be well-formed: an optional e-mail
 * address that cannot receive mail is worse than none. Fields 5.4 does not name (address2,
 * state, company, agency) always pass.
 */
export function checkPersonField(
  field: PersonField,
  value: unknown,
  required: boolean,
  phoneCountry = '',
): FieldError | null {
  const text = textOf(value);
  if (!required && text === '') return null;
  if (PHONE_FIELDS.has(field)) {
    if (text === '') return { field, problem: 'required', message: REQUIRED_MESSAGES[field] };
    return isPhoneNumber(text, phoneCountry) ? null : { field, problem: 'phone', message: PHONE_MESSAGES[field]! };
  }
  if (NON_EMPTY_FIELDS.has(field)) {
    return text === '' ? { field, problem: 'required', message: REQUIRED_MESSAGES[field] } : null;
  }
  if (field === 'postal_code') {
    return text.length < POSTAL_CODE_MIN || text.length > POSTAL_CODE_MAX
      ? { field, problem: 'postal_code_length', message: POSTAL_CODE_MESSAGE }
      : null;
  }
  if (field === 'email') {
    if (text === '') return { field, problem: 'required', message: REQUIRED_MESSAGES.email };
    return EMAIL_PATTERN.test(text) ? null : { field, problem: 'email', message: EMAIL_MESSAGE };
  }
  return null;
}

/** The outcome of checking one person form. Errors come in the form's order: the first gets focus. */
export type PersonValidation = { ok: true } | { ok: false; code: FailedValidationCode; errors: FieldError[] };

/** A person as a form or a request body holds it; only the checked fields are read. */
export type PersonValues = Partial<Record<PersonField, unknown>> & { type?: unknown };

function hasContactType(type: unknown): boolean {
  return typeof type === 'object' && type !== null && typeof (type as { id?: unknown }).id === 'number';
}

/**
 * Checks a person against its party's displayed and required fields (spec 5.4). Fields the form
 * does not show are not checked: the visitor cannot correct what is not on screen. A contact
 * also needs its type.
 */
export function validatePerson(
  party: Party,
  person: PersonValues,
  fields: PanelFields,
  phoneCountry: string,
): PersonValidation {
  const required = new Set(fields.required);
  const errors: FieldError[] = [];
  for (const field of fields.displayed) {
    const error = checkPersonField(field, person[field], required.has(field), phoneCountry);
    if (error) errors.push(error);
  }
  if (party === 'contact' && !hasContactType(person.type)) {
    errors.push({ field: 'type', problem: 'required', message: CONTACT_TYPE_MESSAGE });
  }
  return errors.length === 0 ? { ok: true } : { ok: false, code: FAILED_VALIDATION_CODE[party], errors };
}

/** One failing field of a list, with the path a 400 answer names (`clients.1.email`). */
export interface ListFieldError extends FieldError {
  index: number;
  path: string;
}
export type ListValidation = { ok: true } | { ok: false; code: FailedValidationCode; errors: ListFieldError[] };

/** Checks every client (or contact) of a list; the step stops on any failure (spec 4.6). */
export function validatePeople(
  party: 'client' | 'contact',
  people: readonly PersonValues[],
  fields: PanelFields,
  phoneCountry: string,
): ListValidation {
  const listName = party === 'client' ? 'clients' : 'contacts';
  const errors = people.flatMap((person, index) => {
    const result = validatePerson(party, person, fields, phoneCountry);
    return result.ok
      ? []
      : result.errors.map((error) => ({ ...error, index, path: `${listName}.${index}.${error.field}` }));
  });
  return errors.length === 0 ? { ok: true } : { ok: false, code: FAILED_VALIDATION_CODE[party], errors };
}

/**
 * Spec 5.4: adding a contact needs its first name and its type, and nothing else; without them
 * no call is made. The full contact form is checked when the contacts are saved.
 */
export function validateNewContact(contact: PersonValues): PersonValidation {
  const errors: FieldError[] = [];
  const first = checkPersonField('first', contact.first, true);
  if (first) errors.push(first);
  if (!hasContactType(contact.type)) errors.push({ field: 'type', problem: 'required', message: CONTACT_TYPE_MESSAGE });
  return errors.length === 0 ? { ok: true } : { ok: false, code: FAILED_VALIDATION_CODE.contact, errors };
}

/**
 * The error envelope's content for a failed check: the panel's outcome code (spec 8.5), the
 * first failing field's message and its name (a list's path, `clients.1.email`), so that the
 * browser can put the message under that field.
 */
export function validationFailure(
  result: PersonValidation | ListValidation,
): { code: FailedValidationCode; message: string; field: string } | null {
  if (result.ok) return null;
  const [first] = result.errors;
  if (first === undefined) return null;
  return { code: result.code, message: first.message, field: 'path' in first ? first.path : first.field };
}
