/**
 * What changed between two versions of a JSON document (a company's configuration, say), as a
 * flat list a person can read: "services[a1c0…].price changed from 120 to 135". Pure, and safe on
 * any JSON: it never throws, never recurses past a fixed depth, and never returns more than a
 * fixed number of changes.
 */
export type DocumentChange = {
  /**
   * Readable location, e.g. "name", "settings[ONLINE_SCHEDULER_V3_ALLOW_TODAY].value",
   * "inspectors[101].weekly_hours.mon[0].start", "services[a1c0…].price". The root itself is "".
   * Keys are written as they are (a key holding "." or "[" is not escaped): the path is for a
   * reader, not for a parser.
   */
  path: string;
  kind: 'added' | 'removed' | 'changed';
  /** The value before, whole; absent for 'added'. The input's own value, not a copy. */
  before?: unknown;
  /** The value after, whole; absent for 'removed'. The input's own value, not a copy. */
  after?: unknown;
};

export interface DiffOptions {
  /**
   * The most changes to return (default 200): a diff is read by a person, and a document replaced
   * wholesale would otherwise list thousands. Fractions are rounded down, negatives count as 0,
   * Infinity as no limit.
   */
  maxChanges?: number;
}

export interface DocumentDiff {
  /** In the order of the walk: sorted keys; identified elements in `after`'s order, then the removed ones in `before`'s. */
  changes: DocumentChange[];
  /** Whether there were more changes than `maxChanges` (never true when there were exactly that many). */
  truncated: boolean;
}

const DEFAULT_MAX_CHANGES = 200;

/**
 * How many path segments the walk goes down. Below it a subtree that differs is one 'changed',
 * so that a pathological document (nested thousands deep) cannot exhaust the call stack; real
 * configuration is a few levels deep.
 */
export const MAX_DIFF_DEPTH = 64;

/**
 * The fields that identify an element of an array, in order of preference: a record's uuid or id
 * outlives its position, so an element inserted at the front shows as one 'added' rather than a
 * 'changed' at every index after it.
 */
const IDENTITY_FIELDS = ['uuid', 'id', 'code', 'key'] as const;

type Kind = 'null' | 'array' | 'object' | 'primitive';
type JsonObject = Record<string, unknown>;

function kindOf(value: unknown): Kind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' ? 'object' : 'primitive';
}

function isContainer(kind: Kind): kind is 'array' | 'object' {
  return kind === 'array' || kind === 'object';
}

/** `===`, except that NaN equals NaN (not JSON, but a value built in code may hold it). -0 equals 0, as JSON writes both "0". */
function samePrimitive(a: unknown, b: unknown): boolean {
  return a === b || (a !== a && b !== b);
}

function isPrimitiveArray(values: readonly unknown[]): boolean {
  return values.every((value) => !isContainer(kindOf(value)));
}

function isIdentityValue(value: unknown): value is string | number {
  return typeof value === 'string' || typeof value === 'number';
}

/**
 * The field that identifies the elements of both arrays, or null to compare them by position:
 * the first of IDENTITY_FIELDS that every element of both arrays (all plain objects) holds as a
 * string or number, unique within each array. Identities compare as text, so an id that went
 * from 5 to "5" still matches (and shows as a 'changed' id) rather than a removal and an addition
 * at the same path.
 */
function identityField(before: readonly unknown[], after: readonly unknown[]): string | null {
  if (before.length + after.length === 0) return null;
  if (![...before, ...after].every((element) => kindOf(element) === 'object')) return null;
  const unique = (elements: readonly unknown[], field: string): boolean => {
    const seen = new Set<string>();
    for (const element of elements) {
      const value = (element as JsonObject)[field];
      if (!Object.hasOwn(element as JsonObject, field) || !isIdentityValue(value)) return false;
      const text = String(value);
      if (seen.has(text)) return false;
      seen.add(text);
    }
    return true;
  };
  return IDENTITY_FIELDS.find((field) => unique(before, field) && unique(after, field)) ?? null;
}

function identityOf(element: unknown, field: string): string {
  return String((element as JsonObject)[field]);
}

function sortedKeys(before: JsonObject, after: JsonObject): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
}

/**
 * The pairs of children two containers of the same kind are equal by, or null when their shapes
 * already differ (other keys, other lengths, other identities). The same rules as the walk, so a
 * subtree past MAX_DIFF_DEPTH is equal exactly when the walk would have found no change in it.
 */
function childPairs(before: unknown, after: unknown): Array<[unknown, unknown]> | null {
  if (Array.isArray(before) && Array.isArray(after)) {
    if (before.length !== after.length) return null;
    const field = identityField(before, after);
    if (field === null) return before.map((element, index): [unknown, unknown] => [element, after[index]]);
    const byIdentity = new Map(before.map((element) => [identityOf(element, field), element]));
    const pairs: Array<[unknown, unknown]> = [];
    for (const element of after) {
      const identity = identityOf(element, field);
      if (!byIdentity.has(identity)) return null;
      pairs.push([byIdentity.get(identity), element]);
    }
    return pairs;
  }
  const beforeObject = before as JsonObject;
  const afterObject = after as JsonObject;
  const beforeKeys = Object.keys(beforeObject);
  if (beforeKeys.length !== Object.keys(afterObject).length) return null;
  if (!beforeKeys.every((key) => Object.hasOwn(afterObject, key))) return null;
  return beforeKeys.map((key): [unknown, unknown] => [beforeObject[key], afterObject[key]]);
}

/**
 * Whether the walk would find no change between the two values, at any depth. Iterative (an
 * explicit stack) so that no depth of nesting overflows the call stack; a pair of containers
 * already being compared counts as equal when met again, so a value built in code that shares or
 * cycles (JSON never does) still ends.
 */
function sameValue(before: unknown, after: unknown): boolean {
  const stack: Array<[unknown, unknown]> = [[before, after]];
  const compared = new Map<object, Set<object>>();
  for (let pair = stack.pop(); pair !== undefined; pair = stack.pop()) {
    const [a, b] = pair;
    if (a === b) continue;
    const kind = kindOf(a);
    if (kind !== kindOf(b)) return false;
    if (!isContainer(kind)) {
      if (!samePrimitive(a, b)) return false;
      continue;
    }
    const partners = compared.get(a as object) ?? new Set<object>();
    if (partners.has(b as object)) continue;
    partners.add(b as object);
    compared.set(a as object, partners);
    const children = childPairs(a, b);
    if (children === null) return false;
    // One at a time: spreading a long array into push() would pass more arguments than a call takes.
    for (const child of children) stack.push(child);
  }
  return true;
}

/**
 * Whether two objects hold the same keys with the same plain values and nothing nested: the walk
 * would find no change in them. Most records of a long list (a directory of 20,000 agents) are
 * the same from one version to the next; this says so without sorting their keys, which made
 * such a diff take 100 ms and more. False says nothing: the walk looks.
 */
function sameFlatObject(before: JsonObject, after: JsonObject): boolean {
  const keys = Object.keys(before);
  if (keys.length !== Object.keys(after).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(after, key)) return false;
    const [a, b] = [before[key], after[key]];
    if (a === b) continue;
    // Equal containers would need a walk; unequal plain values are a change the walk reports.
    if ((typeof a === 'object' && a !== null) || (typeof b === 'object' && b !== null) || !samePrimitive(a, b))
      return false;
  }
  return true;
}

/** Collects changes up to the limit; `truncated` turns on at the first change past it, and the walk stops there. */
interface Sink {
  changes: DocumentChange[];
  limit: number;
  truncated: boolean;
}

function emit(sink: Sink, change: DocumentChange): void {
  if (sink.changes.length >= sink.limit) {
    sink.truncated = true;
    return;
  }
  sink.changes.push(change);
}

function keyPath(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

function walk(before: unknown, after: unknown, path: string, depth: number, sink: Sink): void {
  if (sink.truncated || before === after) return;
  const kind = kindOf(before);
  if (kind !== kindOf(after) || !isContainer(kind)) {
    if (kind === kindOf(after) && samePrimitive(before, after)) return;
    emit(sink, { path, kind: 'changed', before, after });
    return;
  }
  if (kind === 'object' && sameFlatObject(before as JsonObject, after as JsonObject)) return;
  if (depth >= MAX_DIFF_DEPTH) {
    if (!sameValue(before, after)) emit(sink, { path, kind: 'changed', before, after });
    return;
  }
  if (kind === 'array') walkArrays(before as unknown[], after as unknown[], path, depth, sink);
  else walkObjects(before as JsonObject, after as JsonObject, path, depth, sink);
}

function walkObjects(before: JsonObject, after: JsonObject, path: string, depth: number, sink: Sink): void {
  for (const key of sortedKeys(before, after)) {
    if (sink.truncated) return;
    const childPath = keyPath(path, key);
    if (!Object.hasOwn(before, key)) emit(sink, { path: childPath, kind: 'added', after: after[key] });
    else if (!Object.hasOwn(after, key)) emit(sink, { path: childPath, kind: 'removed', before: before[key] });
    else walk(before[key], after[key], childPath, depth + 1, sink);
  }
}

/**
 * Identified elements (see identityField) are matched by identity. Their order is not compared:
 * a list of services or inspectors is a set of records, and the order they are kept in says
 * nothing a reader needs, so a pure reorder is no change at all.
 *
 * Two lists of primitives (postal codes, service ids) that differ are one 'changed' with both
 * whole lists: a reader wants the list, not "[3] changed" for every entry after an insertion.
 * Their order does count, as it does in JSON.
 *
 * Anything else (objects with no shared unique identity, a mix, arrays of arrays) is compared by
 * position.
 */
function walkArrays(before: unknown[], after: unknown[], path: string, depth: number, sink: Sink): void {
  const field = identityField(before, after);
  if (field !== null) {
    walkIdentified(before, after, field, path, depth, sink);
    return;
  }
  if (isPrimitiveArray(before) && isPrimitiveArray(after)) {
    if (!sameValue(before, after)) emit(sink, { path, kind: 'changed', before, after });
    return;
  }
  const common = Math.min(before.length, after.length);
  for (let index = 0; index < common; index++) {
    if (sink.truncated) return;
    walk(before[index], after[index], `${path}[${index}]`, depth + 1, sink);
  }
  for (let index = common; index < after.length; index++)
    emit(sink, { path: `${path}[${index}]`, kind: 'added', after: after[index] });
  for (let index = common; index < before.length; index++)
    emit(sink, { path: `${path}[${index}]`, kind: 'removed', before: before[index] });
}

function walkIdentified(
  before: unknown[],
  after: unknown[],
  field: string,
  path: string,
  depth: number,
  sink: Sink,
): void {
  const beforeByIdentity = new Map(before.map((element) => [identityOf(element, field), element]));
  const afterIdentities = new Set<string>();
  for (const element of after) {
    if (sink.truncated) return;
    const identity = identityOf(element, field);
    afterIdentities.add(identity);
    const childPath = `${path}[${identity}]`;
    if (beforeByIdentity.has(identity)) walk(beforeByIdentity.get(identity), element, childPath, depth + 1, sink);
    else emit(sink, { path: childPath, kind: 'added', after: element });
  }
  for (const element of before) {
    if (sink.truncated) return;
    const identity = identityOf(element, field);
    if (!afterIdentities.has(identity)) emit(sink, { path: `${path}[${identity}]`, kind: 'removed', before: element });
  }
}

function changeLimit(maxChanges: number | undefined): number {
  if (maxChanges === undefined || Number.isNaN(maxChanges)) return DEFAULT_MAX_CHANGES;
  return Math.max(0, Math.floor(maxChanges));
}

/**
 * The changes that turn `before` into `after`, both plain JSON values. Deep-equal values (and
 * identified arrays that differ only in order) give `{ changes: [], truncated: false }`.
 */
export function diffDocuments(before: unknown, after: unknown, options?: DiffOptions): DocumentDiff {
  const sink: Sink = { changes: [], limit: changeLimit(options?.maxChanges), truncated: false };
  walk(before, after, '', 0, sink);
  return { changes: sink.changes, truncated: sink.truncated };
}

/** `text` cut to `limit` characters, the last one "…" when anything was cut; never half of a surrogate pair. */
function clip(text: string, limit: number): string {
  if (text.length <= limit) return text;
  if (limit === 0) return '';
  let head = text.slice(0, limit - 1);
  const last = head.charCodeAt(head.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) head = head.slice(0, -1);
  return `${head}…`;
}

function render(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    // JSON.stringify throws on a value nested deeper than its stack allows (or on a cycle).
    try {
      const text = JSON.stringify(value) as string | undefined;
      if (text !== undefined) return text;
    } catch {
      // Falls through to the placeholder.
    }
    return Array.isArray(value) ? '[…]' : '{…}';
  }
  return typeof value === 'bigint' ? `${value}n` : typeof value;
}

/**
 * A one-line rendering of a value for a UI, at most `maxLength` characters: strings quoted (as
 * JSON, so a newline shows as \n), numbers, booleans and null as text, arrays and objects as
 * compact JSON, cut with "…" when longer.
 */
export function describeValue(value: unknown, maxLength = 80): string {
  const limit = Number.isNaN(maxLength) ? 80 : Math.max(0, Math.floor(maxLength));
  return clip(render(value), limit);
}
