import {
  agentSchema,
  AGENT_KINDS,
  contactTypeSchema,
  PEOPLE_ADDED_ONLINE_FIRST_ID,
  type AgentKind,
} from '@scheduler/contracts/company-document';

/**
 * The People page's form and the parts of the document it writes: the company's directory of
 * agents, contacts and contact types (spec 3.6). Rows keep the document's own field names, so a
 * refusal at `agents.3.email` is the form's field `agents.3.email`, and the document's order is
 * the form's. A person the page did not change is written back as the very object it read, and a
 * changed one only in the fields that changed: everything else passes through the save untouched.
 */

export type PersonList = 'agents' | 'contacts';

/** The person's text fields, in the document's order. */
export const PERSON_TEXT_FIELDS = [
  'first',
  'last',
  'email',
  'mobile_phone',
  'work_phone',
  'home_phone',
  'work_fax',
  'home_fax',
  'company',
  'address1',
  'address2',
  'city',
  'postal_code',
] as const;
export type PersonTextField = (typeof PERSON_TEXT_FIELDS)[number];
export type PersonText = PersonTextField | 'agency';

export interface PersonValues extends Record<PersonTextField, string> {
  id: number;
  /** Added by a visitor in the wizard: kept with its id (decision 0015), shown with a note. */
  added_online: boolean;
  /** A state's id as text; empty: none. */
  state: string;
}

export interface AgentValues extends PersonValues {
  kind: AgentKind;
  agency: string;
  pac_opt_out: boolean;
}

export interface ContactValues extends PersonValues {
  /** A contact type's id as text; empty only while none is chosen. */
  type: string;
}

export interface ContactTypeValues {
  id: number;
  name: string;
}

export interface PeopleFormValues {
  agents: AgentValues[];
  contacts: ContactValues[];
  contact_types: ContactTypeValues[];
}

export interface StateChoice {
  id: number;
  abbreviation: string;
  name: string;
}

export interface FieldProblem {
  /** The form's field, as react-hook-form names it ("agents.2.email"). */
  field: string;
  message: string;
}

export const FIELD_LABELS: Record<PersonText | 'state' | 'kind' | 'pac_opt_out' | 'type', string> = {
  first: 'First name',
  last: 'Last name',
  email: 'E-mail',
  mobile_phone: 'Mobile phone',
  work_phone: 'Work phone',
  home_phone: 'Home phone',
  work_fax: 'Work fax',
  home_fax: 'Home fax',
  company: 'Company',
  agency: 'Agency',
  address1: 'Address',
  address2: 'Address line 2',
  city: 'City',
  state: 'State',
  postal_code: 'Postal code',
  kind: 'Kind',
  pac_opt_out: 'Not in pay-at-close',
  type: 'Contact type',
};

export const AGENT_KIND_LABELS: Record<AgentKind, string> = { real_estate: 'Real estate', insurance: 'Insurance' };
export { AGENT_KINDS };

/** The longest each text may be, read from the document's schema so the form refuses what the server would. */
function maxLengthOf(field: PersonText): number {
  // The e-mail is a union (empty, or an address of at most 254 characters): no one length to read.
  if (field === 'email') return 254;
  const schema: unknown = agentSchema.shape[field];
  // Most texts have a default: their length is on the string inside it.
  const inner = (schema as { unwrap?: () => unknown }).unwrap?.() ?? schema;
  return (inner as { maxLength: number | null }).maxLength ?? 200;
}
export const MAX_LENGTH = Object.fromEntries(
  [...PERSON_TEXT_FIELDS, 'agency'].map((field) => [field, maxLengthOf(field as PersonText)]),
) as Record<PersonText, number>;
export const MAX_CONTACT_TYPE_NAME = contactTypeSchema.shape.name.maxLength ?? 100;

const emailSchema = agentSchema.shape.email;

/** What is wrong with one text of a person, in words that read the same at the field and in an import's preview. */
export function textProblem(field: PersonText, value: string): string | null {
  const trimmed = value.trim();
  if (field === 'first' && trimmed === '') return 'The first name is missing.';
  if (trimmed.length > MAX_LENGTH[field])
    return `The ${FIELD_LABELS[field].toLowerCase()} is longer than ${MAX_LENGTH[field]} characters.`;
  if (field === 'email' && !emailSchema.safeParse(trimmed).success) return `"${trimmed}" is not an e-mail address.`;
  return null;
}

// Reading the document ------------------------------------------------------------------------

type Raw = Record<string, unknown>;
const isRecord = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const rawList = (document: Raw, key: string): Raw[] =>
  Array.isArray(document[key]) ? (document[key] as unknown[]).filter(isRecord) : [];

function personValues(raw: Raw): PersonValues {
  const texts = Object.fromEntries(PERSON_TEXT_FIELDS.map((field) => [field, text(raw[field])])) as Record<
    PersonTextField,
    string
  >;
  return {
    id: typeof raw.id === 'number' ? raw.id : 0,
    added_online: raw.added_online === true,
    ...texts,
    state: typeof raw.state === 'number' ? String(raw.state) : '',
  };
}

function agentValues(raw: Raw): AgentValues {
  const kind = AGENT_KINDS.find((k) => k === raw.kind) ?? 'real_estate';
  return { ...personValues(raw), kind, agency: text(raw.agency), pac_opt_out: raw.pac_opt_out === true };
}

function contactValues(raw: Raw): ContactValues {
  return { ...personValues(raw), type: typeof raw.type === 'number' ? String(raw.type) : '' };
}

function contactTypeValues(raw: Raw): ContactTypeValues {
  return { id: typeof raw.id === 'number' ? raw.id : 0, name: text(raw.name) };
}

export function peopleFormValues(document: Raw): PeopleFormValues {
  return {
    agents: rawList(document, 'agents').map(agentValues),
    contacts: rawList(document, 'contacts').map(contactValues),
    contact_types: rawList(document, 'contact_types').map(contactTypeValues),
  };
}

/** The document's states, for the person's state and an import's state column. */
export function statesOf(document: Raw): StateChoice[] {
  return rawList(document, 'states').flatMap((raw) =>
    typeof raw.id === 'number' ? [{ id: raw.id, abbreviation: text(raw.abbreviation), name: text(raw.name) }] : [],
  );
}

/** What the company calls a state ("Province" in Canada). */
export function stateLabelOf(document: Raw): string {
  return typeof document.state_label === 'string' && document.state_label.trim() !== ''
    ? document.state_label
    : 'State';
}

// New people and their ids ---------------------------------------------------------------------

/** The highest id of each list in the loaded document: a person removed and another added in one session never share an id. */
export interface IdFloors {
  agents: number;
  contacts: number;
  contact_types: number;
}

const highestOwnId = (rows: ReadonlyArray<{ id: number }>) =>
  rows.reduce((highest, row) => (row.id < PEOPLE_ADDED_ONLINE_FIRST_ID && row.id > highest ? row.id : highest), 0);

export function idFloors(values: PeopleFormValues): IdFloors {
  return {
    agents: highestOwnId(values.agents),
    contacts: highestOwnId(values.contacts),
    contact_types: highestOwnId(values.contact_types),
  };
}

/**
 * The id of the next person (or contact type) of a list: one past the highest of the company's
 * own, never one of the ids from 1,000,000,000 up that the server gives people added online.
 */
export function nextId(rows: ReadonlyArray<{ id: number }>, floor: number): number {
  return Math.max(floor, highestOwnId(rows)) + 1;
}

const blankPerson = (id: number): PersonValues => ({
  id,
  added_online: false,
  ...(Object.fromEntries(PERSON_TEXT_FIELDS.map((field) => [field, ''])) as Record<PersonTextField, string>),
  state: '',
});

export const blankAgent = (id: number): AgentValues => ({
  ...blankPerson(id),
  kind: 'real_estate',
  agency: '',
  pac_opt_out: false,
});
export const blankContact = (id: number, type: string): ContactValues => ({ ...blankPerson(id), type });

export function personName(person: PersonValues): string {
  return `${person.first.trim()} ${person.last.trim()}`.trim();
}

// Contact types --------------------------------------------------------------------------------

export function contactsOfType(values: PeopleFormValues, typeId: number): number {
  const id = String(typeId);
  return values.contacts.filter((contact) => contact.type === id).length;
}

/** Why a contact type may not be removed (its contacts would be left without one), or null. */
export function contactTypeRemovalProblem(values: PeopleFormValues, typeId: number): string | null {
  const count = contactsOfType(values, typeId);
  if (count === 0) return null;
  const name = values.contact_types.find((type) => type.id === typeId)?.name.trim() || 'This type';
  return `${name} is the type of ${count} ${count === 1 ? 'contact' : 'contacts'}. Give ${count === 1 ? 'it' : 'them'} another type first.`;
}

// Search -------------------------------------------------------------------------------------

/** The rows whose name, e-mail or agency (company for a contact) holds every word typed, as indexes into the list. */
export function searchPeople(rows: ReadonlyArray<PersonValues & { agency?: string }>, query: string): number[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const found: number[] = [];
  rows.forEach((row, index) => {
    const haystack = `${row.first} ${row.last} ${row.email} ${row.agency ?? ''} ${row.company}`.toLowerCase();
    if (words.every((word) => haystack.includes(word))) found.push(index);
  });
  return found;
}

// Checking and writing -------------------------------------------------------------------------

function personProblems(
  list: PersonList,
  index: number,
  person: PersonValues & { agency?: string },
  stateIds: ReadonlySet<string>,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const fields: PersonText[] = list === 'agents' ? [...PERSON_TEXT_FIELDS, 'agency'] : [...PERSON_TEXT_FIELDS];
  for (const field of fields) {
    const problem = textProblem(field, field === 'agency' ? (person.agency ?? '') : person[field]);
    if (problem) problems.push({ field: `${list}.${index}.${field}`, message: problem });
  }
  if (person.state !== '' && !stateIds.has(person.state))
    problems.push({ field: `${list}.${index}.state`, message: 'Choose one from the list.' });
  return problems;
}

export function checkPeopleForm(values: PeopleFormValues, states: readonly StateChoice[]): FieldProblem[] {
  const stateIds = new Set(states.map((state) => String(state.id)));
  const typeIds = new Set(values.contact_types.map((type) => String(type.id)));
  const problems: FieldProblem[] = [];
  values.agents.forEach((agent, index) => problems.push(...personProblems('agents', index, agent, stateIds)));
  values.contacts.forEach((contact, index) => {
    problems.push(...personProblems('contacts', index, contact, stateIds));
    if (!typeIds.has(contact.type))
      problems.push({ field: `contacts.${index}.type`, message: 'Choose a contact type.' });
  });
  const seen = new Set<string>();
  values.contact_types.forEach((type, index) => {
    const name = type.name.trim();
    const field = `contact_types.${index}.name`;
    if (name === '') problems.push({ field, message: "Enter the contact type's name." });
    else if (name.length > MAX_CONTACT_TYPE_NAME)
      problems.push({ field, message: `The name is longer than ${MAX_CONTACT_TYPE_NAME} characters.` });
    else if (seen.has(name.toLowerCase())) problems.push({ field, message: 'Another contact type has this name.' });
    seen.add(name.toLowerCase());
  });
  return problems;
}

type Row = PersonValues | AgentValues | ContactValues | ContactTypeValues;

/** A form value as the document holds it: texts trimmed, a state or type id as a number (no state: null). */
function documentValue(key: string, value: unknown): unknown {
  if (key === 'state') return value === '' ? null : Number(value);
  if (key === 'type') return Number(value);
  return typeof value === 'string' ? value.trim() : value;
}

/**
 * One row as the document holds it. A row read from the document gets back its own object when the
 * form left it alone, or a copy with only the fields the person changed; a new row is written whole.
 */
function writeRow<T extends Row>(row: T, original: Raw | undefined, read: (raw: Raw) => T): Raw {
  if (!original) return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, documentValue(key, value)]));
  const before = read(original) as Record<string, unknown>;
  let written = original;
  for (const [key, value] of Object.entries(row)) {
    // The id and the visitor's mark are the person's identity: the form never changes them.
    if (key === 'id' || key === 'added_online' || before[key] === value) continue;
    written = { ...written, [key]: documentValue(key, value) };
  }
  return written;
}

/** A list written back: the document's own array (even an absent one) when nothing in it changed. */
function writeList<T extends Row>(
  document: Raw,
  key: keyof PeopleFormValues,
  rows: readonly T[],
  read: (raw: Raw) => T,
): Record<string, unknown> {
  const originals = rawList(document, key);
  const byId = new Map(originals.map((raw) => [raw.id, raw]));
  const written = rows.map((row) => writeRow(row, byId.get(row.id), read));
  const unchanged = written.length === originals.length && written.every((raw, index) => raw === originals[index]);
  return unchanged ? {} : { [key]: written };
}

export type PeopleFormResult = { ok: true; document: Raw } | { ok: false; problems: FieldProblem[] };

/** The document with the directory written in, or what is wrong, field by field. */
export function applyPeopleForm(document: Raw, values: PeopleFormValues): PeopleFormResult {
  const problems = checkPeopleForm(values, statesOf(document));
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    document: {
      ...document,
      ...writeList(document, 'agents', values.agents, agentValues),
      ...writeList(document, 'contact_types', values.contact_types, contactTypeValues),
      ...writeList(document, 'contacts', values.contacts, contactValues),
    },
  };
}

// Refusals -----------------------------------------------------------------------------------

export interface FieldTarget {
  /** The form's field to show the refusal at. */
  field: string;
  list: PersonList | 'contact_types';
  index: number;
}

const AGENT_FIELDS = new Set<string>([...PERSON_TEXT_FIELDS, 'state', 'kind', 'agency', 'pac_opt_out']);
const CONTACT_FIELDS = new Set<string>([...PERSON_TEXT_FIELDS, 'state', 'type']);

/**
 * Where a refused path of the document (`agents.3.email`), or a field of the form, is shown: that
 * field of that person; a person's id or the person as a whole at their first name; a contact
 * type at its name. Null for a path outside the directory.
 */
export function fieldTargetOf(path: string, values: PeopleFormValues): FieldTarget | null {
  const [list, indexText, field] = path.split('.');
  const index = Number(indexText);
  if (list !== 'agents' && list !== 'contacts' && list !== 'contact_types') return null;
  if (!Number.isInteger(index) || index < 0 || index >= values[list].length) return null;
  if (list === 'contact_types') return { field: `contact_types.${index}.name`, list, index };
  const known = list === 'agents' ? AGENT_FIELDS : CONTACT_FIELDS;
  return { field: `${list}.${index}.${field !== undefined && known.has(field) ? field : 'first'}`, list, index };
}
