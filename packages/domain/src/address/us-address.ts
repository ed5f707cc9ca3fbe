// The package ships no types; every program that compiles this file needs their declaration.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./untyped-packages.d.ts" />
/**
 * A typed US address, read into its parts and written back the way USPS Publication 28 writes
 * them: directionals and street suffixes as their standard abbreviations, secondary units with
 * their designators, the state as its two-letter code, and a five-digit ZIP with its four more.
 *
 * The street line is read by `parse-address` (see docs/decisions/0010): it knows every USPS
 * suffix and directional. Around it, this module adds what that package does not do: where the
 * street line ends when no comma follows it (the package takes "St" for the city in "123 Main St
 * OH", and "Grove" for a suffix in "Grove City"), the city and state of a comma-separated address
 * whose state is missing, a house number with a letter ("221B") or a fraction ("100 1/2"), a
 * second unit ("Bldg 2 Ste 100"), a PO box's number ("POB 12"), title case, and USPS
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
  apt: 'Apt',
  apartment: 'Apt',
  basement: 'Bsmt',
  bsmt: 'Bsmt',
  bldg: 'Bldg',
  building: 'Bldg',
  bld: 'Bldg',
  dept: 'Dept',
  department: 'Dept',
  fl: 'Fl',
  flr: 'Fl',
  floor: 'Fl',
  frnt: 'Frnt',
  front: 'Frnt',
  hngr: 'Hngr',
  hangar: 'Hngr',
  lbby: 'Lbby',
  lobby: 'Lbby',
  lot: 'Lot',
  lowr: 'Lowr',
  lower: 'Lowr',
  ofc: 'Ofc',
  office: 'Ofc',
  ph: 'Ph',
  penthouse: 'Ph',
  pier: 'Pier',
  rear: 'Rear',
  rm: 'Rm',
  room: 'Rm',
  side: 'Side',
  slip: 'Slip',
  spc: 'Spc',
  space: 'Spc',
  stop: 'Stop',
  ste: 'Ste',
  suite: 'Ste',
  trlr: 'Trlr',
  trailer: 'Trlr',
  unit: 'Unit',
  uppr: 'Uppr',
  upper: 'Uppr',
};
const UNIT_WORDS = Object.keys(UNIT_DESIGNATORS).join('|');
/**
 * A unit's number: "4", "4B", "B2", "A-1", or a single letter "B". A word of letters is not one:
 * "Upper Arlington" and "Front Royal" are cities, not the units "Upper" and "Front".
 */
const UNIT_NUMBER = '(?:(?=[a-z-]*\\d)[a-z0-9-]+|[a-z])';
/** A unit with its number: "Apt 4B", "Suite 300", "Apt. #2", "#12". */
const NUMBERED_UNIT = `(?:(?:${UNIT_WORDS})\\.?\\s*#?\\s*|#\\s*)${UNIT_NUMBER}`;
/** A whole segment that is only a unit: "Apt 4B", "Suite 300", "#12", "Rear". */
const UNIT_SEGMENT = new RegExp(`^(?:${NUMBERED_UNIT}|rear|upper|lower|front|basement|lobby|penthouse|side)$`, 'i');
/**
 * What may follow a street's suffix on its line, before the city: a directional abbreviation
 * ("Ave E"; "North Canton" is a city), a unit ("St Apt 4"), or a unit without a number that no
 * city's name starts with ("St Rear"; "Upper Arlington" is a city).
 */
const STREET_LINE_TAIL = new RegExp(
  `^\\s+(?:[nsew]|ne|nw|se|sw|${NUMBERED_UNIT}|rear|basement|lobby|penthouse)(?=\\s|$)`,
  'i',
);
/** A unit at the end of what the street parser took for the street name: "Lane Ave Bldg 2". */
const TRAILING_UNIT = new RegExp(`\\s(${UNIT_WORDS})\\.?\\s*#?\\s*([a-z0-9][\\w-]*)$`, 'i');
/** Common suffixes, to find where a street's name ends when no comma follows it. */
const STREET_SUFFIX =
  /^(?:st|street|ave?|avenue|rd|road|dr|drive|ln|lane|ct|court|blvd|boulevard|way|pl|place|cir|circle|pkwy|parkway|hwy|highway|ter|terrace|trl|trail|loop|sq|square|pike|run|row|xing|crossing|ext|extension)\.?$/i;
/** A city's "Saint" written like the suffix "St": "St Louis", "St. Paul". */
const SAINT = /^st\.?$/i;
/** A numbered road as the street name: "County Road 10", "State Route 37 W", "US Highway 1". */
const NUMBERED_ROUTE =
  /^(\d+[a-z]?)(?:\s+\d\/\d)?\s+(?:(n|s|e|w|north|south|east|west)\s+)?((?:county|state|us|interstate|farm to market|ranch road)?\s*(?:road|rd|route|rte|highway|hwy)\s+\d+[a-z]?)(?:\s+(n|s|e|w|ne|nw|se|sw|north|south|east|west))?((?:\s.*)?)$/i;
const ROUTE_WORDS: Readonly<Record<string, string>> = { road: 'Rd', route: 'Rte', highway: 'Hwy' };
const DIRECTIONS: Readonly<Record<string, string>> = { north: 'N', south: 'S', east: 'E', west: 'W' };
/** "PO Box 12", "P.O. Box #7A", "POB 12", "Post Office Drawer 4": the words, then the box's number if there is one. */
const PO_BOX =
  /(?:^|[^a-z])(?:p\s*\.?\s*o\s*\.?\s*(?:box|drawer)|post\s*office\s*(?:box|drawer)|pob)(?=[^a-z]|$)(?:\s*#?\s*(\d[a-z0-9-]*))?/i;
/** "43017", "43017-4410", "43017 - 4410", "43017 4410", "430174410". */
const TRAILING_ZIP = /(?:^|\s)(\d{5})(?:\s?-?\s?(\d{4}))?$/;

/** Capitalised words; words with digits ("5TH", "37") in lower case. */
export function titleCase(text: string): string {
  return text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) =>
      /\d/.test(word)
        ? word.toLowerCase()
        : word
            .toLowerCase()
            .replace(/(^|[-'])([a-z])/g, (_m, before: string, letter: string) => before + letter.toUpperCase()),
    )
    .join(' ');
}

/** The designator comes without its dot ("Apt." is "Apt"): the street parser drops it, and so does `TRAILING_UNIT`. */
function unitOf(designator: string, value: string): SecondaryUnit {
  return {
    designator: UNIT_DESIGNATORS[designator.toLowerCase()] ?? titleCase(designator),
    value: value.toUpperCase(),
  };
}

const EMPTY_STREET: StreetLine = {
  number: '',
  predirectional: '',
  street: '',
  suffix: '',
  postdirectional: '',
  units: [],
};

/** A house number with its letter and fraction, in a single-spaced line: "221B", "100 1/2", "100A 1/2". */
const HOUSE_NUMBER = /^(\d+)([a-z]?)((?: \d\/\d)?)(?= )/i;

/** The street line: number, directionals, name, suffix and units. */
function parseStreetLine(text: string): StreetLine {
  // The street parser reads a house number's letter as the start of the name ("221B Baker St"
  // gives "B Baker"), and drops its fraction or reads it into the name ("100A 1/2 Main St" gives
  // "A 12 Main"): the line is read without them, and they are put back on the number.
  const house = HOUSE_NUMBER.exec(text);
  if (!house) return parseStreetLineWithoutHouseNumberParts(text);
  const street = parseStreetLineWithoutHouseNumberParts(text.replace(HOUSE_NUMBER, '$1'));
  return { ...street, number: `${street.number}${house[2]!.toUpperCase()}${house[3]!}` };
}

/** The street line of a trimmed text; an empty text is no street (the street parser finds nothing in it). */
function parseStreetLineWithoutHouseNumberParts(text: string): StreetLine {
  const route = NUMBERED_ROUTE.exec(text);
  if (route) {
    // The street parser takes a route's number for a ZIP or drops it.
    const direction = (word: string | undefined) =>
      word ? (DIRECTIONS[word.toLowerCase()] ?? word.toUpperCase()) : '';
    // The units after it, read as those of an ordinary street ("Apt 2"; none if nothing follows the route).
    const units = parseStreetLineWithoutHouseNumberParts(`0 Main St${route[5]!}`).units;
    const name = titleCase(route[3]!)
      .replace(/\b(Road|Route|Highway)\b/g, (word) => ROUTE_WORDS[word.toLowerCase()]!)
      .replace(/^Us\b/, 'US');
    return {
      number: route[1]!,
      predirectional: direction(route[2]),
      street: name,
      suffix: '',
      postdirectional: direction(route[4]),
      units,
    };
  }
  const parsed: ParsedLocation | null = parser.parseLocation(text);
  // Nothing the parser can read as a street (a corner, a private mailbox): the line as typed.
  if (!parsed?.number && !parsed?.street) return { ...EMPTY_STREET, street: titleCase(text) };
  // The parser fills a street whenever it finds a number: the fallback is for the type checker.
  const name = parsed.street ?? '';
  // A second unit ends up in the street name; take it off and read the rest again.
  const trailing = TRAILING_UNIT.exec(name);
  if (trailing) {
    const [, designator, value] = trailing as unknown as [string, string, string];
    const unitText = new RegExp(`\\b${designator}\\.?\\s*#?\\s*${value}\\b`, 'i');
    const again = parseStreetLineWithoutHouseNumberParts(text.replace(unitText, ''));
    return { ...again, units: [unitOf(designator, value), ...again.units] };
  }
  // A unit's number comes with its designator, "#" if none was typed ("#12" has the type "#").
  const units = parsed.sec_unit_type ? [unitOf(parsed.sec_unit_type, parsed.sec_unit_num ?? '')] : [];
  return {
    number: parsed.number ?? '',
    predirectional: (parsed.prefix ?? '').toUpperCase(),
    street: titleCase(name),
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
  // The text is trimmed and single-spaced, and the match takes the space before the ZIP.
  return { rest: text.slice(0, match.index), zip: match[1]!, plus4: match[2] ?? '' };
}

/**
 * Whether the street's name can end at word `i` of a line: at a suffix that comes after the house
 * number and one word of the name at least ("123 Main St", "100 Court St"), but not at a city's
 * "Saint" after such a suffix ("123 Main St St Louis").
 */
function endsStreetName(words: readonly string[], i: number): boolean {
  return i >= 2 && STREET_SUFFIX.test(words[i]!) && !(SAINT.test(words[i]!) && endsStreetName(words, i - 1));
}

/**
 * Where a street's name ends: after the number of a PO box ("PO Box 12") or a numbered route
 * ("US Hwy 1"), or after its last suffix. 0 if there is none of these.
 */
function streetNameEnd(text: string): number {
  const box = PO_BOX.exec(text);
  if (box) return box.index + box[0].length;
  const route = NUMBERED_ROUTE.exec(text);
  if (route) return text.length - route[5]!.length;
  const words = text.split(' ');
  const suffixAt = words.findLastIndex((_word, i) => endsStreetName(words, i));
  // With no suffix (-1), no words: 0.
  return words.slice(0, suffixAt + 1).join(' ').length;
}

/**
 * Where the street line ends when no comma follows it ("123 Main St Apt 4 Dublin OH", "123 Main St
 * Dublin, OH"): after the street's name and the directional and units that follow it. What is left
 * is the place, to be read as if a comma came before it.
 */
function splitStreetLine(line: string): { street: string; place: string } {
  const { rest: withoutState } = takeState(line, false);
  // The state's code can be the street's suffix: "4 Oak Ct" is Oak Court, "4 Oak Ct CT" is in Connecticut.
  for (const text of [withoutState, line]) {
    let end = streetNameEnd(text);
    if (end === 0) continue;
    for (let tail = STREET_LINE_TAIL.exec(line.slice(end)); tail; tail = STREET_LINE_TAIL.exec(line.slice(end)))
      end += tail[0].length;
    return { street: line.slice(0, end), place: line.slice(end).trim() };
  }
  // No suffix this reader knows ("123 Broadway New York NY"): the street parser's guess at the city, before the state.
  const city = parser.parseLocation(line)?.city ?? '';
  const end = withoutState.endsWith(` ${city}`) ? withoutState.length - city.length - 1 : withoutState.length;
  return { street: line.slice(0, end), place: line.slice(end).trim() };
}

function assemble(
  street: StreetLine,
  place: { city: string; state: string; zip: string; plus4: string },
  box: RegExpExecArray | null,
): UsAddress {
  const line = box ? { ...EMPTY_STREET, street: `PO Box ${box[1]?.toUpperCase() ?? ''}`.trim() } : street;
  return {
    ...line,
    city: titleCase(place.city),
    state: place.state,
    zip: place.zip,
    plus4: place.plus4,
    poBox: box !== null,
  };
}

/** Reads a typed US address, in any case, with or without commas, with parts missing. */
export function parseUsAddress(input: string): UsAddress {
  const text = input.replace(/\s+/g, ' ').replace(/^[\s,]+|[\s,.]+$/g, '');
  const box = PO_BOX.exec(text);
  const segments = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const { rest: withoutZip, zip, plus4 } = takeZip(segments.pop() ?? '');
  if (withoutZip) segments.push(withoutZip);
  // A house number starts the address, unless it was only a ZIP.
  const hasStreetLine = box !== null || (segments.length > 0 && /^\d/.test(text));
  if (hasStreetLine) {
    // The city may follow the street line with no comma between them: it is read as a segment of its own.
    const { street, place } = splitStreetLine(segments[0]!);
    segments.splice(0, 1, ...[street, place].filter(Boolean));
  }

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
    else if (segments.length === 1 && !hasStreetLine) city = segments.pop()!;
    if (last && !city) segments.push(last);
    return assemble(parseStreetLine(segments.join(' ')), { city, state, zip, plus4 }, box);
  }

  const line = segments[0] ?? '';
  if (hasStreetLine) return assemble(parseStreetLine(line), { city: '', state: '', zip, plus4 }, box);
  // No house number: only a place ("Dublin OH", "Columbus").
  const { rest, state } = takeState(line, false);
  return assemble(EMPTY_STREET, { city: rest, state, zip, plus4 }, box);
}

/** "123 N Main St NW". */
export function addressLine1(
  address: Pick<UsAddress, 'number' | 'predirectional' | 'street' | 'suffix' | 'postdirectional'>,
): string {
  return [address.number, address.predirectional, address.street, address.suffix, address.postdirectional]
    .filter(Boolean)
    .join(' ');
}

/** "Apt 4B", "#12", "Bldg 2 Ste 100". */
export function addressLine2(address: Pick<UsAddress, 'units'>): string {
  return address.units
    .map((unit) =>
      unit.designator === '#' ? `#${unit.value}` : [unit.designator, unit.value].filter(Boolean).join(' '),
    )
    .join(' ');
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

const CITY_ABBREVIATIONS: Readonly<Record<string, string>> = {
  st: 'saint',
  ste: 'sainte',
  ft: 'fort',
  mt: 'mount',
  pt: 'point',
};

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
export function placeConflicts(
  typed: { city: string; state: string; postalCode: string },
  place: { city: string; stateCode: string },
): PlaceConflict[] {
  const conflicts: PlaceConflict[] = [];
  if (typed.state && place.stateCode && stateCode(typed.state) !== place.stateCode) {
    conflicts.push({
      field: 'state',
      typed: typed.state,
      expected: place.stateCode,
      message: `The postal code ${typed.postalCode} is in ${place.stateCode}, not ${typed.state}.`,
    });
  }
  if (typed.city && place.city && comparableCity(typed.city) !== comparableCity(place.city)) {
    conflicts.push({
      field: 'city',
      typed: typed.city,
      expected: place.city,
      message: `The postal code ${typed.postalCode} is in ${place.city}, not ${typed.city}.`,
    });
  }
  return conflicts;
}
