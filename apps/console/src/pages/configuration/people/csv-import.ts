import { parseCsv, writeCsv } from './csv.ts';
import {
  AGENT_KIND_LABELS,
  blankAgent,
  blankContact,
  FIELD_LABELS,
  MAX_CONTACT_TYPE_NAME,
  nextId,
  personName,
  textProblem,
  type AgentValues,
  type ContactTypeValues,
  type ContactValues,
  type IdFloors,
  type PeopleFormValues,
  type PersonList,
  type PersonText,
  type StateChoice,
} from './people-form.ts';
import type { AgentKind } from '@scheduler/contracts/company-document';

/**
 * The directory as a spreadsheet (CSV), both ways. An import is first a preview: what would be
 * added, updated (a person is matched by e-mail address, capitals ignored; one without an e-mail
 * by first and last name among those without one), left as it is, and the rows refused with
 * their line and why. Only a column the file has is written, so a file of names and e-mails
 * leaves everyone's phones alone. The export writes the very columns the import reads, so an
 * office can download, edit and import again.
 */

export const MAX_IMPORT_ROWS = 5_000;
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

type Column = PersonText | 'state' | 'kind' | 'pac_opt_out' | 'type';

/** The columns of each list, in the order the export writes them. */
export const COLUMNS: Record<PersonList, readonly Column[]> = {
  agents: [
    'first',
    'last',
    'email',
    'mobile_phone',
    'work_phone',
    'home_phone',
    'work_fax',
    'home_fax',
    'agency',
    'company',
    'address1',
    'address2',
    'city',
    'state',
    'postal_code',
    'kind',
    'pac_opt_out',
  ],
  contacts: [
    'first',
    'last',
    'email',
    'type',
    'mobile_phone',
    'work_phone',
    'home_phone',
    'work_fax',
    'home_fax',
    'company',
    'address1',
    'address2',
    'city',
    'state',
    'postal_code',
  ],
};

export const HEADINGS: Record<Column, string> = {
  first: 'First Name',
  last: 'Last Name',
  email: 'E-mail',
  mobile_phone: 'Mobile Phone',
  work_phone: 'Work Phone',
  home_phone: 'Home Phone',
  work_fax: 'Work Fax',
  home_fax: 'Home Fax',
  agency: 'Agency',
  company: 'Company',
  address1: 'Address 1',
  address2: 'Address 2',
  city: 'City',
  state: 'State',
  postal_code: 'Postal Code',
  kind: 'Kind',
  pac_opt_out: 'Pay-at-close Opt-out',
  type: 'Type',
};

/** A heading as compared: lower case, letters and digits only ("E-mail", "e mail" and "EMAIL" are one). */
const spelling = (heading: string) => heading.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The ways spreadsheets from other systems name each column (besides the export's own heading). */
const SPELLINGS: Record<Column, readonly string[]> = {
  first: ['first', 'firstname', 'givenname', 'fname', 'forename'],
  last: ['last', 'lastname', 'surname', 'familyname', 'lname'],
  email: ['email', 'emailaddress', 'mail'],
  mobile_phone: ['mobile', 'mobilephone', 'mobilenumber', 'cell', 'cellphone', 'cellnumber', 'phone', 'phonenumber'],
  work_phone: ['work', 'workphone', 'officephone', 'businessphone'],
  home_phone: ['home', 'homephone'],
  work_fax: ['fax', 'workfax', 'officefax', 'businessfax', 'faxnumber'],
  home_fax: ['homefax'],
  agency: ['agency', 'agencyname', 'brokerage'],
  company: ['company', 'companyname', 'firm', 'organization', 'organisation'],
  address1: ['address', 'address1', 'addressline1', 'street', 'streetaddress'],
  address2: ['address2', 'addressline2', 'suite', 'unit'],
  city: ['city', 'town'],
  state: ['state', 'st', 'province', 'stateprovince', 'region'],
  postal_code: ['postalcode', 'zip', 'zipcode', 'postcode', 'zippostalcode'],
  kind: ['kind', 'type', 'agenttype', 'agentkind'],
  pac_opt_out: ['payatcloseoptout', 'notinpayatclose', 'pacoptout', 'optoutofpayatclose'],
  type: ['type', 'contacttype', 'category'],
};

const KIND_SPELLINGS: Record<string, AgentKind> = {
  realestate: 'real_estate',
  realestateagent: 'real_estate',
  realtor: 'real_estate',
  insurance: 'insurance',
  insuranceagent: 'insurance',
};
const YES = new Set(['yes', 'y', 'true', '1', 'x']);
const NO = new Set(['no', 'n', 'false', '0', '']);

/**
 * A spreadsheet runs a cell that starts with = + - or @ as a formula, which a name typed into the
 * wizard by anyone could carry: the export writes such a cell after a ' (which spreadsheets show
 * as text), and the import takes that ' away again. A phone number (+1 614…) is left as it is.
 */
const FORMULA = /^'*[=+\-@]/;
const NUMBER_LIKE = /^[+-]?[\d\s().-]*$/;
const exportCell = (value: string) => (FORMULA.test(value) && !NUMBER_LIKE.test(value) ? `'${value}` : value);
const importCell = (value: string) => (/^'+[=+\-@]/.test(value) ? value.slice(1) : value);

const count = (n: number) => n.toLocaleString('en-US');

export function fileSizeProblem(bytes: number): string | null {
  if (bytes <= MAX_IMPORT_BYTES) return null;
  return `This file is ${(bytes / 1024 / 1024).toFixed(1)} MB; a file can be at most 2 MB. Split it into smaller files.`;
}

export interface ImportContext {
  states: readonly StateChoice[];
  stateLabel: string;
  floors: IdFloors;
}

export interface ImportPreview {
  list: PersonList;
  added: Array<{ line: number; name: string }>;
  updated: Array<{ line: number; name: string; fields: string[] }>;
  unchanged: number;
  refused: Array<{ line: number; reason: string }>;
  /** Contact types named in the file that the directory does not have yet: the import adds them. */
  newContactTypes: string[];
  /** Headings the import does not read. */
  ignoredColumns: string[];
  /** The whole directory with the import applied, for the form once the person confirms. */
  values: PeopleFormValues;
}

export type ImportResult = { ok: true; preview: ImportPreview } | { ok: false; message: string };

type Positions = Map<Column, number>;

function readHeader(
  cells: readonly string[],
  list: PersonList,
): { ok: true; positions: Positions; ignored: string[] } | { ok: false; message: string } {
  const columnOf = new Map<string, Column>();
  for (const column of COLUMNS[list])
    for (const name of [spelling(HEADINGS[column]), ...SPELLINGS[column]]) columnOf.set(name, column);
  const positions: Positions = new Map();
  const ignored: string[] = [];
  for (const [index, cell] of cells.entries()) {
    const key = spelling(cell);
    if (key === '') continue;
    const column = columnOf.get(key);
    if (!column) {
      ignored.push(cell.trim());
      continue;
    }
    const earlier = positions.get(column);
    if (earlier !== undefined)
      return {
        ok: false,
        message: `Two columns are both read as ${HEADINGS[column]}: "${cells[earlier]!.trim()}" and "${cell.trim()}". Remove or rename one.`,
      };
    positions.set(column, index);
  }
  if (!positions.has('first')) {
    return {
      ok: false,
      message: `The first line of the file should name its columns, one of them the first name (like "First Name"). The columns read are: ${COLUMNS[list].map((column) => HEADINGS[column]).join(', ')}.`,
    };
  }
  return { ok: true, positions, ignored };
}

/** A row's cells by column, trimmed; a column the file does not have is undefined (and left as it is). */
type Cells = Partial<Record<Column, string>>;

/** The id of the contact type a row names: an existing one (capitals ignored), or one the import adds. */
class ContactTypes {
  private readonly byName = new Map<string, ContactTypeValues>();
  readonly all: ContactTypeValues[];
  readonly added: string[] = [];
  private next: number;

  constructor(types: readonly ContactTypeValues[], floor: number) {
    this.all = [...types];
    for (const type of types)
      if (!this.byName.has(type.name.trim().toLowerCase())) this.byName.set(type.name.trim().toLowerCase(), type);
    this.next = nextId(types, floor);
  }

  idOf(name: string): string {
    const key = name.toLowerCase();
    let type = this.byName.get(key);
    if (!type) {
      type = { id: this.next++, name };
      this.byName.set(key, type);
      this.all.push(type);
      this.added.push(name);
    }
    return String(type.id);
  }
}

function stateIdOf(value: string, states: readonly StateChoice[]): string | null {
  if (value === '') return '';
  const key = value.toLowerCase();
  const state = states.find((s) => s.abbreviation.toLowerCase() === key || s.name.toLowerCase() === key);
  return state ? String(state.id) : null;
}

/** What is wrong with a row's cells, before it is matched with anyone. */
function cellProblems(cells: Cells, list: PersonList, context: ImportContext): string[] {
  const problems: string[] = [];
  for (const column of COLUMNS[list]) {
    const value = cells[column];
    if (value === undefined) continue;
    if (column === 'state') {
      if (stateIdOf(value, context.states) === null)
        problems.push(`Unknown ${context.stateLabel.toLowerCase()} "${value}".`);
    } else if (column === 'kind') {
      if (value !== '' && !KIND_SPELLINGS[spelling(value)])
        problems.push(`The kind "${value}" is neither Real estate nor Insurance.`);
    } else if (column === 'pac_opt_out') {
      if (!YES.has(value.toLowerCase()) && !NO.has(value.toLowerCase()))
        problems.push(`${HEADINGS.pac_opt_out} "${value}" is neither Yes nor No.`);
    } else if (column === 'type') {
      if (value === '') problems.push('The contact type is missing.');
      else if (value.length > MAX_CONTACT_TYPE_NAME)
        problems.push(`The contact type is longer than ${MAX_CONTACT_TYPE_NAME} characters.`);
    } else {
      const problem = textProblem(column, value);
      if (problem) problems.push(problem);
    }
  }
  return problems;
}

type Person = AgentValues | ContactValues;

/** The person with the row's cells written in, and the labels of the fields that changed. */
function withCells<T extends Person>(
  person: T,
  cells: Cells,
  context: ImportContext,
  types: ContactTypes,
): { person: T; changed: string[] } {
  const next: Record<string, unknown> = { ...person };
  const changed: string[] = [];
  const set = (column: Column, value: unknown) => {
    next[column] = value;
    changed.push(column === 'state' ? context.stateLabel : FIELD_LABELS[column]);
  };
  for (const [column, value] of Object.entries(cells) as Array<[Column, string]>) {
    const before = next[column];
    if (column === 'state') {
      const id = stateIdOf(value, context.states) ?? '';
      if (id !== before) set(column, id);
    } else if (column === 'kind') {
      const kind = KIND_SPELLINGS[spelling(value)];
      if (kind && kind !== before) set(column, kind);
    } else if (column === 'pac_opt_out') {
      const optOut = YES.has(value.toLowerCase());
      if (optOut !== before) set(column, optOut);
    } else if (column === 'type') {
      const id = types.idOf(value);
      if (id !== before) set(column, id);
    } else {
      // Spaces around a value, and the capitals of an e-mail address, are no change worth a line.
      const was = String(before).trim();
      const same = column === 'email' ? was.toLowerCase() === value.toLowerCase() : was === value;
      if (!same) set(column, value);
    }
  }
  return { person: next as T, changed };
}

const matchKey = (email: string, first: string, last: string) =>
  email !== '' ? `e:${email.toLowerCase()}` : `n:${first.toLowerCase()}\u0000${last.toLowerCase()}`;

/** What importing the CSV `text` into `list` would change in the directory `values`: nothing is changed until the person confirms. */
export function previewImport(
  text: string,
  list: PersonList,
  values: PeopleFormValues,
  context: ImportContext,
): ImportResult {
  const parsed = parseCsv(text);
  if (!parsed.ok) return parsed;
  const [header, ...records] = parsed.records;
  if (!header) return { ok: false, message: 'The file is empty.' };
  const head = readHeader(header.cells, list);
  if (!head.ok) return head;
  const rows = records.filter((record) => record.cells.some((cell) => cell.trim() !== ''));
  if (rows.length > MAX_IMPORT_ROWS)
    return {
      ok: false,
      message: `The file has ${count(rows.length)} rows; at most ${count(MAX_IMPORT_ROWS)} can be imported at once. Split it into smaller files.`,
    };

  const people: Person[] = [...values[list]];
  const existing = new Map<string, number>();
  people.forEach((person, index) => {
    const key = matchKey(person.email.trim(), person.first.trim(), person.last.trim());
    if (!existing.has(key)) existing.set(key, index);
  });
  const types = new ContactTypes(values.contact_types, context.floors.contact_types);
  let id = nextId(people, context.floors[list]);
  const seen = new Map<string, number>();
  const preview: Omit<ImportPreview, 'values' | 'newContactTypes'> = {
    list,
    added: [],
    updated: [],
    unchanged: 0,
    refused: [],
    ignoredColumns: head.ignored,
  };

  for (const row of rows) {
    if (
      row.cells.length !== header.cells.length &&
      row.cells.slice(header.cells.length).some((cell) => cell.trim() !== '')
    ) {
      preview.refused.push({
        line: row.line,
        reason: `This line has ${row.cells.length} values but the first line names ${header.cells.length} columns: a value with a comma in it needs double quotes around it.`,
      });
      continue;
    }
    if (row.cells.length < header.cells.length) {
      preview.refused.push({
        line: row.line,
        reason: `This line has ${row.cells.length} values but the first line names ${header.cells.length} columns.`,
      });
      continue;
    }
    const cells: Cells = {};
    for (const [column, position] of head.positions) cells[column] = importCell(row.cells[position]!.trim());
    const problems = cellProblems(cells, list, context);
    const key = matchKey(cells.email ?? '', cells.first ?? '', cells.last ?? '');
    const index = existing.get(key);
    if (index === undefined && list === 'contacts' && cells.type === undefined)
      problems.push('The contact type is missing: a new contact needs a Type column.');
    const earlier = seen.get(key);
    if (earlier !== undefined)
      problems.push(
        cells.email
          ? `The same e-mail address is also on line ${earlier}.`
          : `The same name, without an e-mail address, is also on line ${earlier}.`,
      );
    if (problems.length > 0) {
      preview.refused.push({ line: row.line, reason: problems.join(' ') });
      continue;
    }
    seen.set(key, row.line);

    if (index !== undefined) {
      const { person, changed } = withCells(people[index]!, cells, context, types);
      if (changed.length === 0) preview.unchanged += 1;
      else {
        people[index] = person;
        preview.updated.push({ line: row.line, name: personName(person), fields: changed });
      }
      continue;
    }
    const blank = list === 'agents' ? blankAgent(id++) : blankContact(id++, '');
    const { person } = withCells(blank, cells, context, types);
    people.push(person);
    preview.added.push({ line: row.line, name: personName(person) });
  }
  return {
    ok: true,
    preview: {
      ...preview,
      newContactTypes: types.added,
      values: { ...values, [list]: people, contact_types: types.all },
    },
  };
}

/** "3 new, 1 updated and 40 unchanged; 2 rows refused." */
export function importSummary(preview: ImportPreview): string {
  const counts = `${count(preview.added.length)} new, ${count(preview.updated.length)} updated and ${count(preview.unchanged)} unchanged`;
  const refused = preview.refused.length;
  return refused === 0 ? `${counts}.` : `${counts}; ${count(refused)} ${refused === 1 ? 'row' : 'rows'} refused.`;
}

/** The list as a CSV file, with the columns the import reads. */
export function exportCsv(list: PersonList, values: PeopleFormValues, states: readonly StateChoice[]): string {
  const stateById = new Map(states.map((state) => [String(state.id), state.abbreviation]));
  const typeById = new Map(values.contact_types.map((type) => [String(type.id), type.name]));
  const cell = (person: Person, column: Column): string => {
    if (column === 'state') return stateById.get(person.state) ?? '';
    if (column === 'kind') return 'kind' in person ? AGENT_KIND_LABELS[person.kind] : '';
    if (column === 'pac_opt_out') return 'pac_opt_out' in person && person.pac_opt_out ? 'Yes' : 'No';
    if (column === 'type') return 'type' in person ? (typeById.get(person.type) ?? '') : '';
    return exportCell((person as unknown as Record<PersonText, string>)[column]);
  };
  const rows: Person[] = values[list];
  return writeCsv([
    COLUMNS[list].map((column) => HEADINGS[column]),
    ...rows.map((person) => COLUMNS[list].map((column) => cell(person, column))),
  ]);
}
