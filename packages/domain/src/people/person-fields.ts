import { PARTIES, PARTY_FIELD_SETTINGS, partyFields, type Party, type PersonField } from '@scheduler/contracts/people';
import type { SettingsReader } from '../settings.ts';

/** What one person form shows and requires (spec 5.4), each list in the form's order. */
export interface PanelFields {
  displayed: readonly PersonField[];
  required: readonly PersonField[];
}

/** Spec 5.4: first and last are required whatever the settings say. */
export const ALWAYS_REQUIRED: readonly PersonField[] = ['first', 'last'];

/**
 * The form a party shows when the company has set neither its display nor its required list:
 * names alone would leave the inspector no way to reach anyone, so e-mail and mobile phone are
 * shown (not required), and the firm for agents and contacts.
 */
export const DEFAULT_DISPLAYED: Readonly<Record<Party, readonly PersonField[]>> = {
  buyers_agent: ['first', 'last', 'email', 'mobile_phone', 'company'],
  sellers_agent: ['first', 'last', 'email', 'mobile_phone', 'company'],
  insurance_agent: ['first', 'last', 'email', 'mobile_phone', 'company', 'agency'],
  client: ['first', 'last', 'email', 'mobile_phone'],
  contact: ['first', 'last', 'email', 'mobile_phone', 'company'],
};

/**
 * The fields a comma list names, kept to those the party's form has, in the form's order.
 * Names are matched without regard to case; unknown names and fields of other parties
 * (an agency on a client) are dropped rather than failing the whole form.
 */
export function fieldsNamed(party: Party, names: readonly string[]): PersonField[] {
  const wanted = new Set(names.map((name) => name.trim().toLowerCase()));
  return partyFields(party).filter((field) => wanted.has(field));
}

function inFormOrder(party: Party, fields: Iterable<PersonField>): PersonField[] {
  const set = new Set(fields);
  return partyFields(party).filter((field) => set.has(field));
}

/** The displayed and required fields of one party from its two settings (spec 5.4). */
export function panelFields(settings: SettingsReader, party: Party): PanelFields {
  const keys = PARTY_FIELD_SETTINGS[party];
  const requiredSetting = fieldsNamed(party, settings.list(keys.required));
  const displaySetting = fieldsNamed(party, settings.list(keys.display));
  const required = inFormOrder(party, [...ALWAYS_REQUIRED, ...requiredSetting]);
  if (displaySetting.length === 0 && requiredSetting.length === 0) {
    return { displayed: DEFAULT_DISPLAYED[party], required };
  }
  // An empty display list means the required list; otherwise the required fields join it.
  return { displayed: inFormOrder(party, [...displaySetting, ...required]), required };
}

/** The fields of every party, read once per company. */
export function allPanelFields(settings: SettingsReader): Record<Party, PanelFields> {
  return Object.fromEntries(PARTIES.map((party) => [party, panelFields(settings, party)])) as Record<
    Party,
    PanelFields
  >;
}

/** The SMS checkbox goes with the mobile phone, for clients and contacts only (spec 2.7). */
export function showsSmsChoice(party: Party, fields: PanelFields): boolean {
  return (party === 'client' || party === 'contact') && fields.displayed.includes('mobile_phone');
}

/** The labels of spec 2.7. The state's label is the company's own (`state_label`). */
export const FIELD_LABELS: Readonly<Record<Exclude<PersonField, 'state'>, string>> = {
  first: 'First Name',
  last: 'Last Name',
  email: 'Email',
  mobile_phone: 'Mobile Phone',
  work_phone: 'Work Phone',
  home_phone: 'Home Phone',
  work_fax: 'Work Fax',
  home_fax: 'Home Fax',
  address1: 'Address Line 1',
  address2: 'Address Line 2',
  city: 'City',
  postal_code: 'Postal Code',
  company: 'Company:',
  agency: 'Agency',
};

export const SMS_LABEL = 'Receive SMS updates related to your order';

/** Browser autofill tokens, so that a visitor's own details fill in one step. */
export const FIELD_AUTOCOMPLETE: Readonly<Record<PersonField, string>> = {
  first: 'given-name',
  last: 'family-name',
  email: 'email',
  mobile_phone: 'tel',
  work_phone: 'work tel',
  home_phone: 'home tel',
  work_fax: 'fax tel',
  home_fax: 'fax tel',
  address1: 'address-line1',
  address2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  postal_code: 'postal-code',
  company: 'organization',
  agency: 'off',
};
