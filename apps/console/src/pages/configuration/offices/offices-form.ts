import { officeSchedulingSchema, officeSchema } from '@scheduler/contracts/company-document';

/**
 * The Offices page's form and the document it writes (`offices`): each office's contact, address,
 * place and time zone, logo and booking times. Numbers are typed as text and checked against the
 * document schema's own bounds; an office keeps every part the page does not show, and a value the
 * person did not change is not written back, so a document that leaves a default out still does.
 */

/** The document schema's bounds of each booking-time number (officeSchedulingSchema), in the words the form uses. */
export const SCHEDULING_BOUNDS = {
  bookingHorizonDays: { key: 'booking_horizon_days', min: 1, max: 730, whole: true },
  minimumNoticeHours: { key: 'minimum_notice_hours', min: 0, max: 720, whole: true },
  bufferMinutes: { key: 'buffer_minutes', min: 0, max: 240, whole: true },
  defaultDurationMinutes: { key: 'default_duration_minutes', min: 15, max: 24 * 60, whole: true },
  slotGranularityMinutes: { key: 'slot_granularity_minutes', min: 5, max: 240, whole: true },
  roadFactor: { key: 'road_factor', min: 1, max: 3, whole: false },
  averageSpeedMph: { key: 'average_speed_mph', min: 5, max: 80, whole: false },
} as const;
export type SchedulingNumber = keyof typeof SCHEDULING_BOUNDS;
const SCHEDULING_NUMBERS = Object.keys(SCHEDULING_BOUNDS) as SchedulingNumber[];

/** The document's limit on an office's logo (a data URL). */
export const MAX_LOGO_CHARS = 700_000;

export type StartTimes = 'every' | 'fixed';

/** One office as the form holds it: every number as typed. */
export interface OfficeFormValues {
  uuid: string;
  name: string;
  phone: string;
  email: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  postalCode: string;
  latitude: string;
  longitude: string;
  timeZone: string;
  logo: string | null;
  startTimes: StartTimes;
  /** Start times as typed: "8:00, 13:30". */
  fixedStartTimes: string;
  bookingHorizonDays: string;
  minimumNoticeHours: string;
  bufferMinutes: string;
  defaultDurationMinutes: string;
  slotGranularityMinutes: string;
  roadFactor: string;
  averageSpeedMph: string;
}

export interface OfficesFormValues {
  offices: OfficeFormValues[];
}

export type OfficeField = Exclude<keyof OfficeFormValues, 'uuid'>;

/** A problem of one office's field: `office` is its place in the form's list. */
export interface OfficeProblem {
  office: number;
  field: OfficeField;
  message: string;
}

type DocumentOffice = Record<string, unknown>;
type Scheduling = Record<string, unknown>;

const SCHEDULING_DEFAULTS = officeSchedulingSchema.parse({});

const officesIn = (document: Record<string, unknown>): DocumentOffice[] =>
  Array.isArray(document.offices) ? (document.offices as DocumentOffice[]) : [];
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const numberText = (value: unknown): string =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : '';

export function officeFormValues(office: DocumentOffice): OfficeFormValues {
  // A default the document leaves out is shown as the server fills it in.
  const scheduling = { ...SCHEDULING_DEFAULTS, ...((office.scheduling ?? {}) as Scheduling) };
  const fixed = Array.isArray(scheduling.fixed_start_times) ? (scheduling.fixed_start_times as string[]) : [];
  const numbers = Object.fromEntries(
    SCHEDULING_NUMBERS.map((name) => [name, numberText(scheduling[SCHEDULING_BOUNDS[name].key])]),
  ) as Record<SchedulingNumber, string>;
  return {
    uuid: text(office.uuid),
    name: text(office.name),
    phone: text(office.phone),
    email: text(office.email),
    address1: text(office.address1),
    address2: text(office.address2),
    city: text(office.city),
    state: text(office.state),
    postalCode: text(office.postal_code),
    latitude: numberText(office.latitude),
    longitude: numberText(office.longitude),
    timeZone: text(office.time_zone),
    logo: typeof office.logo === 'string' ? office.logo : null,
    startTimes: fixed.length > 0 ? 'fixed' : 'every',
    fixedStartTimes: fixed.join(', '),
    ...numbers,
  };
}

export function officesFormValues(document: Record<string, unknown>): OfficesFormValues {
  return { offices: officesIn(document).map(officeFormValues) };
}

/** The company's states, by abbreviation, for the office's state. */
export function statesOf(document: Record<string, unknown>): Array<{ abbreviation: string; name: string }> {
  const states = Array.isArray(document.states)
    ? (document.states as Array<{ abbreviation?: unknown; name?: unknown }>)
    : [];
  return states.flatMap((state) =>
    typeof state.abbreviation === 'string'
      ? [{ abbreviation: state.abbreviation, name: text(state.name) || state.abbreviation }]
      : [],
  );
}

/** A new office: in the first office's state and time zone (most companies add a neighbour), the usual booking times. */
export function newOffice(uuid: string, document: Record<string, unknown>): OfficeFormValues {
  const first = officesIn(document)[0];
  const state = text(first?.state) || (statesOf(document)[0]?.abbreviation ?? '');
  return officeFormValues({
    uuid,
    name: '',
    phone: '',
    email: '',
    state,
    time_zone: text(first?.time_zone) || 'America/New_York',
    scheduling: SCHEDULING_DEFAULTS,
  });
}

/** The name of an office in lists and messages: a new office has none yet. */
export const officeLabel = (office: { name: string }): string => office.name.trim() || 'New office';

// ---- Start times ----------------------------------------------------------------------------

export const FIXED_TIMES_PROBLEM = 'Enter times like 8:00, 13:30 (24-hour clock, 0:00 to 23:59), separated by commas.';
export const NO_FIXED_TIMES_PROBLEM = 'Enter at least one start time, or choose "Every few minutes".';

/** Typed start times as the document keeps them: HH:mm, earliest first, each once; null when one is not a time. */
export function parseFixedTimes(typed: string): string[] | null {
  const parts = typed.split(/[\s,;]+/).filter(Boolean);
  const times: string[] = [];
  for (const part of parts) {
    const match = /^(\d{1,2}):(\d{2})$/.exec(part);
    if (!match) return null;
    const hours = Number(match[1]);
    const minutes = Number(match[2]);
    // 24:00 is a day's end, never a start.
    if (hours > 23 || minutes > 59) return null;
    times.push(`${String(hours).padStart(2, '0')}:${match[2]}`);
  }
  return [...new Set(times)].sort();
}

// ---- Checking and writing -------------------------------------------------------------------

export function boundsText(name: SchedulingNumber): string {
  const { min, max } = SCHEDULING_BOUNDS[name];
  return `${min} to ${max}.`;
}

function numberProblem(name: SchedulingNumber, typed: string): { value: number } | { message: string } {
  const { min, max, whole } = SCHEDULING_BOUNDS[name];
  const trimmed = typed.trim();
  const pattern = whole ? /^\d+$/ : /^\d+(\.\d+)?$/;
  const value = Number(trimmed);
  if (!pattern.test(trimmed) || value < min || value > max)
    return { message: `Enter ${whole ? 'a whole number' : 'a number'} from ${min} to ${max}.` };
  return { value };
}

function coordinate(typed: string, limit: number): number | null | undefined {
  const trimmed = typed.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return /^-?\d+(\.\d+)?$/.test(trimmed) && Math.abs(value) <= limit ? value : undefined;
}

/** The office's shown parts as the document writes them, or the problems of its fields. */
function officeOf(
  values: OfficeFormValues,
  index: number,
  states: ReadonlySet<string>,
): { office: DocumentOffice; scheduling: Scheduling } | { problems: OfficeProblem[] } {
  const problems: OfficeProblem[] = [];
  const problem = (field: OfficeField, message: string) => problems.push({ office: index, field, message });
  const name = values.name.trim();
  if (name === '') problem('name', 'Enter the office’s name.');
  else if (name.length > 200) problem('name', 'At most 200 characters.');
  const phone = values.phone.trim();
  if (phone.length > 40) problem('phone', 'At most 40 characters.');
  const email = values.email.trim();
  if (!officeSchema.shape.email.safeParse(email).success)
    problem('email', 'Enter an e-mail address like office@example.com, or leave it empty.');
  const lengths: Array<[OfficeField, string, number]> = [
    ['address1', values.address1.trim(), 200],
    ['address2', values.address2.trim(), 200],
    ['city', values.city.trim(), 100],
    ['postalCode', values.postalCode.trim(), 10],
  ];
  for (const [field, value, max] of lengths) if (value.length > max) problem(field, `At most ${max} characters.`);
  if (!states.has(values.state)) problem('state', 'Choose one of your states.');
  const latitude = coordinate(values.latitude, 90);
  const longitude = coordinate(values.longitude, 180);
  if (latitude === undefined) problem('latitude', 'Enter a latitude from -90 to 90, like 39.9612.');
  if (longitude === undefined) problem('longitude', 'Enter a longitude from -180 to 180, like -82.9988.');
  // The document keeps a place or none: one coordinate alone places nothing.
  if (latitude === null && typeof longitude === 'number') problem('latitude', 'Enter the latitude too, or empty both.');
  if (longitude === null && typeof latitude === 'number')
    problem('longitude', 'Enter the longitude too, or empty both.');
  if (!officeSchema.shape.time_zone.safeParse(values.timeZone).success)
    problem('timeZone', 'Choose a time zone, like America/New_York.');
  if (values.logo !== null && values.logo.length > MAX_LOGO_CHARS)
    problem('logo', 'This logo is too large to keep. Choose a smaller image.');

  const numbers: Partial<Record<SchedulingNumber, number>> = {};
  for (const name of SCHEDULING_NUMBERS) {
    const read = numberProblem(name, values[name]);
    if ('message' in read) problem(name, read.message);
    else numbers[name] = read.value;
  }
  let fixed: string[] = [];
  if (values.startTimes === 'fixed') {
    const parsed = parseFixedTimes(values.fixedStartTimes);
    if (parsed === null) problem('fixedStartTimes', FIXED_TIMES_PROBLEM);
    else if (parsed.length === 0) problem('fixedStartTimes', NO_FIXED_TIMES_PROBLEM);
    else fixed = parsed;
  }
  if (problems.length > 0) return { problems };

  const scheduling: Scheduling = Object.fromEntries(
    SCHEDULING_NUMBERS.map((name) => [SCHEDULING_BOUNDS[name].key, numbers[name]]),
  );
  scheduling.fixed_start_times = fixed;
  return {
    office: {
      uuid: values.uuid,
      name,
      phone,
      email,
      address1: values.address1.trim(),
      address2: values.address2.trim(),
      city: values.city.trim(),
      state: values.state,
      postal_code: values.postalCode.trim(),
      latitude,
      longitude,
      time_zone: values.timeZone,
      logo: values.logo,
    },
    scheduling,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The keys of `next` whose value differs from `before`'s, written over `original`. */
function changedOver<T extends Record<string, unknown>>(
  original: T,
  before: Record<string, unknown>,
  next: Record<string, unknown>,
): T {
  const written: Record<string, unknown> = { ...original };
  for (const [key, value] of Object.entries(next)) if (!same(value, before[key])) written[key] = value;
  return written as T;
}

export type ApplyResult = { ok: true; document: Record<string, unknown> } | { ok: false; problems: OfficeProblem[] };

/**
 * The document with the form's offices written in, in the form's order, or every problem. An office
 * the document had keeps each part as it was unless the person changed it; a new office is written whole.
 */
export function applyOfficesForm(document: Record<string, unknown>, values: OfficesFormValues): ApplyResult {
  const states = new Set(statesOf(document).map((state) => state.abbreviation));
  const originals = new Map(officesIn(document).map((office) => [text(office.uuid), office]));
  const problems: OfficeProblem[] = [];
  if (values.offices.length === 0) return { ok: false, problems: [] };
  const offices = values.offices.flatMap((office, index) => {
    const read = officeOf(office, index, states);
    if ('problems' in read) {
      problems.push(...read.problems);
      return [];
    }
    const original = originals.get(office.uuid);
    if (!original) return [{ ...read.office, scheduling: read.scheduling }];
    // What the original said, read the same way: only what the person changed is written.
    const before = officeOf(officeFormValues(original), index, new Set([text(original.state)]));
    if ('problems' in before)
      return [
        {
          ...original,
          ...read.office,
          scheduling: { ...((original.scheduling ?? {}) as Scheduling), ...read.scheduling },
        },
      ];
    const written = changedOver(original, before.office, read.office);
    const scheduling = changedOver((original.scheduling ?? {}) as Scheduling, before.scheduling, read.scheduling);
    if (original.scheduling !== undefined || !same(scheduling, {})) written.scheduling = scheduling;
    return [written];
  });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, document: { ...document, offices } };
}

// ---- Removing an office ---------------------------------------------------------------------

/** What in the document names the office: it cannot go while they do. */
export function officeReferences(
  document: Record<string, unknown>,
  uuid: string,
): { inspectors: string[]; taxes: string[]; tripFees: string[] } {
  const inspectors = (Array.isArray(document.inspectors) ? (document.inspectors as Array<Record<string, unknown>>) : [])
    .filter((inspector) => inspector.office === uuid)
    .map((inspector) => text(inspector.display) || `${text(inspector.first)} ${text(inspector.last)}`.trim());
  const pricing = (document.pricing ?? {}) as { taxes?: unknown; trip_fees?: unknown };
  const taxes = (Array.isArray(pricing.taxes) ? (pricing.taxes as Array<Record<string, unknown>>) : [])
    .filter((tax) => tax.office === uuid)
    .map((tax) => text(tax.name) || text(tax.code));
  const tripFees = (Array.isArray(pricing.trip_fees) ? (pricing.trip_fees as Array<Record<string, unknown>>) : [])
    .filter((fee) => fee.office === uuid)
    .map((fee) => text(fee.description) || text(fee.code));
  return { inspectors, taxes, tripFees };
}

const listed = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * Why the office cannot be removed, or null when it can. A company keeps one office at least, and
 * an office that inspectors, taxes or trip fees name stays until they are moved or changed.
 */
export function removalProblem(
  document: Record<string, unknown>,
  values: OfficesFormValues,
  index: number,
): string | null {
  const office = values.offices[index];
  if (!office) return null;
  if (values.offices.length <= 1) return 'A company keeps at least one office: add another before removing this one.';
  const { inspectors, taxes, tripFees } = officeReferences(document, office.uuid);
  const uses = [
    inspectors.length > 0
      ? `${inspectors.length === 1 ? 'the inspector' : 'the inspectors'} ${listed(inspectors)}`
      : '',
    taxes.length > 0 ? `${taxes.length === 1 ? 'the tax' : 'the taxes'} ${listed(taxes)}` : '',
    tripFees.length > 0 ? `${tripFees.length === 1 ? 'the trip fee' : 'the trip fees'} ${listed(tripFees)}` : '',
  ].filter(Boolean);
  if (uses.length === 0) return null;
  const all = uses.length === 1 ? uses[0] : `${uses.slice(0, -1).join(', ')}, and ${uses.at(-1)}`;
  const one = inspectors.length + taxes.length + tripFees.length === 1;
  return `${officeLabel(office)} can’t be removed while ${all} ${one ? 'belongs' : 'belong'} to it. Move ${one ? 'it' : 'them'} to another office, or change ${one ? 'it' : 'them'}, first.`;
}

// ---- Server refusals ------------------------------------------------------------------------

const DOCUMENT_FIELDS: Readonly<Record<string, OfficeField>> = {
  name: 'name',
  phone: 'phone',
  email: 'email',
  address1: 'address1',
  address2: 'address2',
  city: 'city',
  state: 'state',
  postal_code: 'postalCode',
  latitude: 'latitude',
  longitude: 'longitude',
  time_zone: 'timeZone',
  logo: 'logo',
};
const SCHEDULING_FIELDS: Readonly<Record<string, OfficeField>> = {
  ...Object.fromEntries(SCHEDULING_NUMBERS.map((name) => [SCHEDULING_BOUNDS[name].key, name])),
  fixed_start_times: 'fixedStartTimes',
};

/** The office and field a refused document's path names (`offices.0.time_zone`, `offices.1.scheduling.buffer_minutes`); null for any other. */
export function formFieldOfRefusal(path: string): { office: number; field: OfficeField } | null {
  const [section, index, key, inner] = path.split('.');
  const office = Number(index);
  if (section !== 'offices' || !Number.isInteger(office) || key === undefined) return null;
  const field =
    key === 'scheduling' ? (inner === undefined ? undefined : SCHEDULING_FIELDS[inner]) : DOCUMENT_FIELDS[key];
  return field ? { office, field } : null;
}
