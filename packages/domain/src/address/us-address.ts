// The package ships no types; every program that compiles this file needs their declaration.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./untyped-packages.d.ts" />
/**
 * A typed US address, read into its parts and written back the way USPS Publication 28 writes
 * them: directionals and street suffixes as their standard abbreviations, secondary units with
 * their designators, the state as its two-letter code, and a five-digit ZIP with its four more.
 *
 * The street line is read by `parse-address` (see docs/decisions/0010): it knows every USPS
 * suffix and directional. Around it, this module adds what that package does not do: the city
 * and state of a comma-separated address whose state is missing, a house number with a letter
 * ("221B") or a fraction ("100 1/2"), a second unit ("Bldg 2 Ste 100"), title case, and USPS
 * abbreviations for unit designators.
 */
import parser, { type ParsedLocation } from 'parse-address';
import { MAX_STATE_NAME_WORDS, stateCode } from './us-states.ts';

export interface SecondaryUnit {
  /** The USPS abbreviation ("Apt", "Ste", "Bldg") or "#". */
  designator: string;
  /** Empty for units that take no number ("Rear", "Upper"). */
  value: string;
}

/** The street line: "123 N Main St NW Apt 4B". */
export interface StreetLine {
  /** "123", "221B", "100 1/2". */
  number: string;
  predirectional: string;
  street: string;
  /** The USPS suffix abbreviation: "St", "Ave", "Hwy". */
  suffix: string;
  postdirectional: string;
  units: SecondaryUnit[];
}

export interface UsAddress extends StreetLine {
  city: string;
  /** Two-letter code, or empty. */
  state: string;
  /** Five digits, or empty. */
  zip: string;
  /** The four more digits, or empty. */
  plus4: string;
  /** A post-office box: a place to receive mail, not a property that can be inspected. */
  poBox: boolean;
}

/** USPS secondary unit designators (Publication 28, appendix C2), by every spelling people type. */
const UNIT_DESIGNATORS: Readonly<Record<string, string>> = {
  apt: 'Apt', apartment: 'Apt', basement: 'Bsmt', bsmt: 'Bsmt', bldg: 'Bldg', building: 'Bldg', bld: 'Bldg',
  dept: 'Dept', department: 'Dept', fl: 'Fl', flr: 'Fl', floor: 'Fl', frnt: 'Frnt', front: 'Frnt', hngr: 'Hngr',
  hangar: 'Hngr', lbby: 'Lbby', lobby: 'Lbby', lot: 'Lot', lowr: 'Lowr', lower: 'Lowr', ofc: 'Ofc', office: 'Ofc',
  ph: 'Ph', penthouse: 'Ph', pier: 'Pier', rear: 'Rear', rm: 'Rm', room: 'Rm', side: 'Side', slip: 'Slip',
  spc: 'Spc', space: 'Spc', stop: 'Stop', ste: 'Ste', suite: 'Ste', trlr: 'Trlr', trailer: 'Trlr', unit: 'Unit',
  uppr: 'Uppr', upper: 'Uppr',
};
const UNIT_WORDS = Object.keys(UNIT_DESIGNATORS).join('|');
/** A whole segment that is only a unit: "Apt 4B", "Suite 300", "#12", "Rear". */
const UNIT_SEGMENT = new RegExp(`^(?:(?:${UNIT_WORDS})\\.?\\s*#?\\s*[a-z0-9][\\w-]*|#\\s*[a-z0-9][\\w-]*|rear|upper|lower|front|basement|lobby|penthouse|side)$`, 'i');
/** A unit at the end of what the street parser took for the street name: "Lane Ave Bldg 2". */
const TRAILING_UNIT = new RegExp(`\\s(${UNIT_WORDS})\\.?\\s*#?\\s*([a-z0-9][\\w-]*)$`, 'i');
/** Common suffixes, to find where a street ends when a city follows it with no comma or state. */
const STREET_SUFFIX = /^(?:st|street|ave?|avenue|rd|road|dr|drive|ln|lane|ct|court|blvd|boulevard|way|pl|place|cir|circle|pkwy|parkway|hwy|highway|ter|terrace|trl|trail|loop|sq|square|pike|run|row|xing|crossing)\.?$/i;
/** A numbered road as the street name: "County Road 10", "State Route 37 W", "US Highway 1". */
const NUMBERED_ROUTE = /^(\d+[a-z]?)\s+(?:(n|s|e|w|north|south|east|west)\s+)?((?:county|state|us|interstate|farm to market|ranch road)?\s*(?:road|rd|route|rte|highway|hwy)\s+\d+[a-z]?)(?:\s+(n|s|e|w|ne|nw|se|sw|north|south|east|west))?((?:\s.*)?)$/i;
const ROUTE_WORDS: Readonly<Record<string, string>> = { road: 'Rd', route: 'Rte', highway: 'Hwy' };
const DIRECTIONS: Readonly<Record<string, string>> = { north: 'N', south: 'S', east: 'E', west: 'W' };
const PO_BOX = /(?:^|[^a-z])(?:p\s*\.?\s*o\s*\.?\s*(?:box|drawer)|post\s*office\s*(?:box|drawer)|pob)(?=[^a-z]|$)/i;
const TRAILING_ZIP = /(?:^|\s)(\d{5})(?:\s?-\s?(\d{4})|(\d{4}))?$/;

/** Capitalised words; words with digits ("5TH", "37") in lower case. */
export function titleCase(text: string): string {
  return text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => (/\d/.test(word) ? word.toLowerCase() : word.toLowerCase().replace(/(^|[-'])([a-z])/g, (_m, before: string, letter: string) => before + letter.toUpperCase())))
    .join(' ');
}

function unitOf(designator: string, value: string): SecondaryUnit {
  const key = designator.replace(/\./g, '').toLowerCase();
  return { designator: key === '#' ? '#' : (UNIT_DESIGNATORS[key] ?? titleCase(designator)), value: value.toUpperCase() };
}

const EMPTY_STREET: StreetLine = { number: '', predirectional: '', street: '', suffix: '', postdirectional: '', units: [] };

/** The street line: number, directionals, name, suffix and units. */
function parseStreetLine(line: string): StreetLine {
  const text = line.trim();
  if (!text) return EMPTY_STREET;
  const route = NUMBERED_ROUTE.exec(text);
  if (route) {
    // The street parser takes a route's number for a ZIP or drops it.
    const direction = (word: string | undefined) => (word ? (DIRECTIONS[word.toLowerCase()] ?? word.toUpperCase()) : '');
    const rest = route[5]?.trim() ? parseStreetLine(`0 Main St ${route[5].trim()}`).units : [];
    const name = titleCase(route[3]!).replace(/\b(Road|Route|Highway)\b/g, (word) => ROUTE_WORDS[word.toLowerCase()]!).replace(/^Us\b/, 'US');
    return { number: route[1]!.toUpperCase(), predirectional: direction(route[2]), street: name, suffix: '', postdirectional: direction(route[4]), units: rest };
  }
  const parsed: ParsedLocation | null = parser.parseLocation(text);
  if (!parsed || (!parsed.number && !parsed.street)) return { ...EMPTY_STREET, street: titleCase(text) };
  // A second unit ends up in the street name; take it off and read the rest again.
  const trailing = parsed.street ? TRAILING_UNIT.exec(parsed.street) : null;
  if (trailing) {
    const [, designator, value] = trailing as unknown as [string, string, string];
    const unitText = new RegExp(`\\b${designator}\\.?\\s*#?\\s*${value}\\b`, 'i');
    const again = parseStreetLine(text.replace(unitText, ' '));
    return { ...again, units: [unitOf(designator, value), ...again.units] };
  }
  let number = parsed.number ?? '';
  let street = parsed.street ?? '';
  // "221B Baker St": the parser reads the letter as the start of the street name.
  const lettered = /^(\d+)([a-z])(?=\s)/i.exec(text);
  if (lettered && number === lettered[1] && street.toLowerCase().startsWith(`${lettered[2]!.toLowerCase()} `)) {
    number += lettered[2]!.toUpperCase();
    street = street.slice(2);
  }
  // "100 1/2 Main St": the parser drops the fraction.
  const fraction = /^\d+[a-z]?\s+(\d\/\d)\s/i.exec(text);
  if (fraction && number) number += ` ${fraction[1]}`;
  const units = parsed.sec_unit_type || parsed.sec_unit_num ? [unitOf(parsed.sec_unit_type ?? '#', parsed.sec_unit_num ?? '')] : [];
  return {
    number,
    predirectional: (parsed.prefix ?? '').toUpperCase(),
    street: titleCase(street),
    suffix: parsed.type ? titleCase(parsed.type) : '',
    postdirectional: (parsed.suffix ?? '').toUpperCase(),
    units,
  };
}

/** The state at the end of a place ("Dublin OH", "Dublin, New York"), when what is left is not empty or `alone` allows it. */
function takeState(text: string, alone: boolean): { rest: string; state: string } {
  const words = text.split(/\s+/).filter(Boolean);
  for (let n = Math.min(MAX_STATE_NAME_WORDS, words.length); n >= 1; n--) {
    if (n === words.length && !alone) continue;
    const code = stateCode(words.slice(-n).join(' '));
    if (code) return { rest: words.slice(0, -n).join(' '), state: code };
  }
  return { rest: text, state: '' };
}

function takeZip(text: string): { rest: string; zip: string; plus4: string } {
  const match = TRAILING_ZIP.exec(text);
  if (!match) return { rest: text, zip: '', plus4: '' };
  return { rest: text.slice(0, match.index).trim(), zip: match[1]!, plus4: match[2] ?? match[3] ?? '' };
}

/** Where the street ends in "123 Main St Dublin" (no comma, no state): after its last suffix. */
function splitTrailingCity(line: string): { street: string; city: string } {
  const words = line.split(/\s+/);
  for (let i = words.length - 2; i >= 2; i--) {
    if (STREET_SUFFIX.test(words[i]!)) return { street: words.slice(0, i + 1).join(' '), city: words.slice(i + 1).join(' ') };
  }
  return { street: line, city: '' };
}

function assemble(street: StreetLine, place: { city: string; state: string; zip: string; plus4: string }, poBox: boolean): UsAddress {
  const box = poBox ? /box\s*#?\s*([a-z0-9-]+)/i.exec(`${street.street} ${street.units.map((u) => `${u.designator} ${u.value}`).join(' ')}`) : null;
  const line = poBox ? { ...EMPTY_STREET, street: `PO Box ${box?.[1]?.toUpperCase() ?? ''}`.trim() } : street;
  return { ...line, city: titleCase(place.city), state: place.state, zip: place.zip, plus4: place.plus4, poBox };
}

/** Reads a typed US address, in any case, with or without commas, with parts missing. */
export function parseUsAddress(input: string): UsAddress {
  const text = input.replace(/\s+/g, ' ').replace(/^[\s,]+|[\s,.]+$/g, '');
  const poBox = PO_BOX.test(text);
  const segments = text.split(',').map((s) => s.trim()).filter(Boolean);
  const { rest: withoutZip, zip, plus4 } = takeZip(segments.pop() ?? '');
  if (withoutZip) segments.push(withoutZip);

  if (segments.length >= 2) {
    // The place is at the end: "..., Dublin, OH", "..., Dublin OH", "..., Dublin".
    let last = segments.pop()!;
    // A lone state name could be a city ("..., Washington"); with a ZIP, a code, or a city before it, it is the state.
    const { rest, state } = takeState(last, segments.length >= 2 || zip !== '' || /^[a-z]{2}$/i.test(last));
    last = rest;
    let city = '';
    if (last) city = UNIT_SEGMENT.test(last) ? '' : last;
    else if (segments.length >= 2 && !UNIT_SEGMENT.test(segments.at(-1)!)) city = segments.pop()!;
    // "Dublin, OH 43017": no street, only the place.
    else if (segments.length === 1 && !/^\d/.test(segments[0]!) && !poBox) city = segments.pop()!;
    if (last && !city) segments.push(last);
    return assemble(parseStreetLine(segments.join(' ')), { city, state, zip, plus4 }, poBox);
  }

  const line = segments[0] ?? '';
  if (!/^\d/.test(line) && !poBox) {
    // No house number: only a place ("Dublin OH", "Columbus").
    const { rest, state } = takeState(line, false);
    return assemble(EMPTY_STREET, { city: rest, state, zip, plus4 }, poBox);
  }
  const parsed = parser.parseLocation(line);
  if (parsed?.city || parsed?.state) {
    // The parser found the place itself: everything before the city is the street line.
    const cityAt = parsed.city ? line.toLowerCase().lastIndexOf(parsed.city.toLowerCase()) : -1;
    const streetLine = cityAt > 0 ? line.slice(0, cityAt) : takeState(line, false).rest;
    return assemble(parseStreetLine(streetLine), { city: parsed.city ?? '', state: stateCode(parsed.state ?? '') ?? '', zip, plus4 }, poBox);
  }
  const { street, city } = splitTrailingCity(line);
  return assemble(parseStreetLine(street), { city, state: '', zip, plus4 }, poBox);
}

/** "123 N Main St NW". */
export function addressLine1(address: Pick<UsAddress, 'number' | 'predirectional' | 'street' | 'suffix' | 'postdirectional'>): string {
  return [address.number, address.predirectional, address.street, address.suffix, address.postdirectional].filter(Boolean).join(' ');
}

/** "Apt 4B", "#12", "Bldg 2 Ste 100". */
export function addressLine2(address: Pick<UsAddress, 'units'>): string {
  return address.units.map((unit) => (unit.designator === '#' ? `#${unit.value}` : [unit.designator, unit.value].filter(Boolean).join(' '))).join(' ');
}

/** "43017" or "43017-4410". */
export function postalCodeOf(address: Pick<UsAddress, 'zip' | 'plus4'>): string {
  return address.plus4 ? `${address.zip}-${address.plus4}` : address.zip;
}

/** A post-office box is where mail goes, not a property an inspector can visit. */
export function isPoBox(text: string): boolean {
  return PO_BOX.test(text);
}

export const PO_BOX_MESSAGE = 'A PO box cannot be inspected. Please enter the street address of the property.';

const CITY_ABBREVIATIONS: Readonly<Record<string, string>> = { st: 'saint', ste: 'sainte', ft: 'fort', mt: 'mount', pt: 'point' };

/** City names compared as places, not as spellings: "St. Louis" is "Saint Louis", "Mt Vernon" is "Mount Vernon". */
function comparableCity(city: string): string {
  return city
    .toLowerCase()
    .replace(/[.'\u2019]/g, '')
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((word) => CITY_ABBREVIATIONS[word] ?? word)
    .join(' ');
}

/** The city as typed, and with its abbreviations written out ("St. Louis", "Saint Louis"), for a directory lookup. */
export function citySpellings(city: string): string[] {
  const typed = city.trim();
  const expanded = titleCase(comparableCity(typed));
  return expanded && expanded.toLowerCase() !== typed.toLowerCase() ? [typed, expanded] : [typed];
}

export interface PlaceConflict {
  field: 'city' | 'state';
  /** What the visitor typed. */
  typed: string;
  /** What the postal code says. */
  expected: string;
  message: string;
}

/** Where the typed city or state contradicts the place its postal code names. */
export function placeConflicts(typed: { city: string; state: string; postalCode: string }, place: { city: string; stateCode: string }): PlaceConflict[] {
  const conflicts: PlaceConflict[] = [];
  if (typed.state && place.stateCode && stateCode(typed.state) !== place.stateCode) {
    conflicts.push({ field: 'state', typed: typed.state, expected: place.stateCode, message: `The postal code ${typed.postalCode} is in ${place.stateCode}, not ${typed.state}.` });
  }
  if (typed.city && place.city && comparableCity(typed.city) !== comparableCity(place.city)) {
    conflicts.push({ field: 'city', typed: typed.city, expected: place.city, message: `The postal code ${typed.postalCode} is in ${place.city}, not ${typed.city}.` });
  }
  return conflicts;
}
