/**
 * A change to the company's configuration told in words (issue 41): "Home inspection price:
 * $425.00 → $445.00", never "services[a1c0ffee-…].price_cents changed: 42500 → 44500". The
 * diff's path is read step by step against the documents it came from, so a record is named by
 * its own name (a service's, an inspector's, a setting's) and a field by what it means; amounts
 * in cents are money in the company's currency. Pure: the server words each change of a diff.
 */
import { htmlToPlainText } from '../html-text.ts';
import { formatMoney } from '../money-format.ts';
import type { DocumentChange } from './document-diff.ts';

/** A path's step: a key of an object, or an element of a list by its identity or its position. */
type Step = { kind: 'key'; key: string } | { kind: 'element'; token: string };

/** "services[a1c0].price_cents" -> key services, element a1c0, key price_cents. Never throws. */
function stepsOf(path: string): Step[] {
  const steps: Step[] = [];
  for (const match of path.matchAll(/\[([^\]]*)\]|([^.[\]]+)/g)) {
    if (match[1] !== undefined) steps.push({ kind: 'element', token: match[1] });
    else steps.push({ kind: 'key', key: match[2]! });
  }
  return steps;
}

/** The lists' names, one record of each: "Service", "Inspector". */
const RECORD_WORDS: Readonly<Record<string, string>> = {
  services: 'Service',
  packages: 'Package',
  inspectors: 'Inspector',
  offices: 'Office',
  fees: 'Fee',
  trip_fees: 'Trip fee',
  taxes: 'Tax',
  coupons: 'Coupon',
  property_controls: 'Property question',
  agents: 'Agent',
  contacts: 'Contact',
  contact_types: 'Contact type',
  states: 'State',
  settings: 'Setting',
  reminders: 'Reminder',
  overrides: 'Date of its own',
  choices: 'Choice',
  tiers: 'Tier',
};

/** Fields in the words a company uses for them; any other is its key in words ("max_drive_miles" -> "max drive miles"). */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  name: 'name',
  display: 'name',
  price_cents: 'price',
  amount_cents: 'amount',
  duration_minutes: 'length',
  rate_percent: 'rate',
  weekly_hours: 'hours',
  postal_codes: 'postal codes',
  postal_codes_by_weekday: 'postal codes by weekday',
  preferred_rank: 'preferred rank',
  max_inspections_per_day: 'most inspections a day',
  scheduler_enabled: 'scheduler on',
  rer: 'sold as an add-on',
  sort: 'place in the list',
  logo: 'logo',
  booking_changes: 'booking changes',
  notifications: 'messages',
  property_controls: 'property questions',
  pricing: 'pricing',
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** The top of the document, where a field is the company's own: "Company name". */
const TOP_FIELD_WORDS: Readonly<Record<string, string>> = {
  name: 'Company name',
  logo: 'Company logo',
  currency: 'Currency',
  country: 'Country',
  key: 'Company key',
};

const IDENTITY_FIELDS = ['uuid', 'id', 'code', 'key'] as const;
const NAME_LENGTH = 60;
const VALUE_LENGTH = 80;

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function clip(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}

/** "ONLINE_SCHEDULER_V3_ALLOW_TODAY" -> "Allow today"; "max_drive_miles" -> "max drive miles". */
function keyWords(key: string): string {
  const words = key
    .replace(/^ONLINE_SCHEDULER_V3_/, '')
    .replace(/_(cents|minutes|percent)$/i, '')
    .replace(/[_-]+/g, ' ')
    .trim();
  return key === key.toUpperCase() ? capitalized(words.toLowerCase()) : words;
}

const capitalized = (text: string) => (text === '' ? text : `${text[0]!.toUpperCase()}${text.slice(1)}`);

/** A record's own name: its name, the inspector's or person's name, a question's label, a fee's description, its code. */
function recordName(record: unknown, list: string): string | null {
  if (!isObject(record)) return null;
  if (list === 'settings' && typeof record.key === 'string') return keyWords(record.key);
  const person = [record.first, record.last].filter((part) => typeof part === 'string' && part !== '').join(' ');
  const candidates = [record.name, record.display, person, record.label, record.description, record.code];
  const found = candidates.find((value): value is string => typeof value === 'string' && value.trim() !== '');
  if (found !== undefined) return clip(htmlToPlainText(found).replace(/\s+/g, ' '), NAME_LENGTH);
  const id = IDENTITY_FIELDS.map((field) => record[field]).find((value) => value !== undefined);
  return id === undefined ? null : `#${String(id)}`;
}

/** Lists already looked through by identity: a change deep in a long directory does not scan it again. */
const byIdentity = new WeakMap<readonly unknown[], Map<string, unknown>>();

/** The element of `list` that a path's `[token]` names: by its identity, else by its position. */
function elementOf(list: readonly unknown[], token: string): unknown {
  let index = byIdentity.get(list);
  if (!index) {
    index = new Map();
    for (const element of list) {
      if (!isObject(element)) continue;
      for (const field of IDENTITY_FIELDS) {
        const value = element[field];
        if ((typeof value === 'string' || typeof value === 'number') && !index.has(`${field}:${String(value)}`))
          index.set(`${field}:${String(value)}`, element);
      }
    }
    byIdentity.set(list, index);
  }
  for (const field of IDENTITY_FIELDS) {
    const found = index.get(`${field}:${token}`);
    if (found !== undefined) return found;
  }
  return /^\d+$/.test(token) ? list[Number(token)] : undefined;
}

/** Where a change is, in words, read against the document that holds it; and the field it ends at. */
function subjectOf(
  steps: readonly Step[],
  documents: readonly unknown[],
): { subject: string; field: string | null; record: string | null } {
  const parts: string[] = [];
  let nodes: unknown[] = [...documents];
  let list: string | null = null;
  let field: string | null = null;
  let record: string | null = null;
  steps.forEach((step, position) => {
    if (step.kind === 'key') {
      nodes = nodes.map((node) => (isObject(node) ? node[step.key] : undefined));
      field = step.key;
      // A setting's value is the setting itself.
      if (list === 'settings' && step.key === 'value') return;
      if (position === 0 && TOP_FIELD_WORDS[step.key] && steps.length === 1) parts.push(TOP_FIELD_WORDS[step.key]!);
      else if (!(step.key in RECORD_WORDS) || steps[position + 1]?.kind !== 'element')
        parts.push(FIELD_WORDS[step.key] ?? keyWords(step.key));
      list = step.key;
      return;
    }
    const elements = nodes.map((node) => (Array.isArray(node) ? elementOf(node, step.token) : undefined));
    nodes = elements;
    const named = elements.map((element) => recordName(element, list ?? '')).find((name) => name !== null);
    const kind = list ? RECORD_WORDS[list] : undefined;
    if (named && named !== `#${step.token}`) {
      parts.push(named);
      record = kind ?? null;
    } else if (kind) {
      parts.push(`${kind.toLowerCase()} ${/^\d+$/.test(step.token) ? `#${step.token}` : clip(step.token, 12)}`);
      record = kind;
    } else {
      parts.push(`no. ${Number(step.token) + 1}`);
    }
    field = null;
  });
  return { subject: capitalized(parts.join(' ')), field, record };
}

/** Names of the records other records point at by uuid (a package's services, an inspector's office). */
type References = ReadonlyMap<string, string>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function referencesOf(documents: readonly unknown[]): References {
  const names = new Map<string, string>();
  for (const document of documents) {
    if (!isObject(document)) continue;
    for (const list of ['services', 'packages', 'offices']) {
      const records = document[list];
      if (!Array.isArray(records)) continue;
      for (const record of records) {
        if (!isObject(record)) continue;
        const id = typeof record.uuid === 'string' ? record.uuid : record.id;
        const name = recordName(record, list);
        if (typeof id === 'string' && UUID.test(id) && name !== null && !names.has(id)) names.set(id, name);
      }
    }
  }
  return names;
}

/** A value as the reader reads it: money for an amount in cents, on/off, a list, a record by its name. */
function valueWords(value: unknown, field: string | null, currency: string, references: References): string {
  if (value === undefined || value === null || value === '') return 'none';
  if (typeof value === 'number' && field !== null) {
    if (/(^|_)cents$/.test(field)) return formatMoney(value, currency);
    if (/_percent$/.test(field)) return `${value}%`;
    if (/_minutes$/.test(field)) return `${value} minutes`;
  }
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    const named = UUID.test(value) ? references.get(value) : undefined;
    return named ?? `"${clip(htmlToPlainText(value).replace(/\s+/g, ' '), VALUE_LENGTH)}"`;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    const items = value.map((item) =>
      isObject(item) ? (recordName(item, field ?? '') ?? 'an entry') : valueWords(item, field, currency, references),
    );
    return clip(items.join(', '), VALUE_LENGTH);
  }
  if (isObject(value)) {
    const name = recordName(value, field ?? '');
    if (name !== null) return name;
    const text = Object.entries(value)
      .map(([key, inner]) => `${FIELD_WORDS[key] ?? keyWords(key)} ${valueWords(inner, key, currency, references)}`)
      .join(', ');
    return clip(text, VALUE_LENGTH);
  }
  return String(value);
}

/**
 * One change in words. `before` and `after` are the two documents the diff compared (null for a
 * missing one), `currency` the company's. A record added or removed is named ("Service added:
 * Radon test"); a field changed says from what to what.
 */
export function changeWords(
  change: DocumentChange,
  documents: { before: unknown; after: unknown },
  currency: string,
): string {
  const steps = stepsOf(change.path);
  if (steps.length === 0) return 'The whole configuration was replaced';
  // A removed record is found in the document before; anything else in the one after first.
  const order = change.kind === 'removed' ? [documents.before, documents.after] : [documents.after, documents.before];
  const { subject, field, record } = subjectOf(steps, order);
  const references = referencesOf(order);
  const words = (value: unknown) => valueWords(value, field, currency, references);
  if (steps.at(-1)!.kind === 'element' && record && change.kind !== 'changed')
    return `${record} ${change.kind}: ${subject}`;
  switch (change.kind) {
    case 'changed':
      return `${subject}: ${words(change.before)} → ${words(change.after)}`;
    case 'added':
      return `${subject} set: ${words(change.after)}`;
    case 'removed':
      return `${subject} taken out (was ${words(change.before)})`;
  }
}

/**
 * Where a change is, in words, from its path alone (the history's list keeps paths, not the
 * documents): "Service price", "Inspector hours", "Company name".
 */
export function pathWords(path: string): string {
  const steps = stepsOf(path);
  if (steps.length === 0) return 'The whole configuration';
  const settings = steps[0]?.kind === 'key' && steps[0].key === 'settings';
  const parts: string[] = [];
  steps.forEach((step, position) => {
    // A setting's key is its name, in words; any other record's identity is an id.
    if (step.kind === 'element') {
      if (settings && position === 1) parts.push(keyWords(step.token));
      return;
    }
    const next = steps[position + 1];
    if (position === 0 && steps.length === 1 && TOP_FIELD_WORDS[step.key]) parts.push(TOP_FIELD_WORDS[step.key]!);
    else if (settings && position === 0 && next?.kind === 'element') return;
    else if (step.key in RECORD_WORDS && next?.kind === 'element') parts.push(RECORD_WORDS[step.key]!.toLowerCase());
    else if (!(settings && step.key === 'value')) parts.push(FIELD_WORDS[step.key] ?? keyWords(step.key));
  });
  return capitalized(parts.join(' '));
}
