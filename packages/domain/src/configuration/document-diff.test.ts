import { describe, expect, it } from 'vitest';
import { seededRandom } from '../availability/engine.ts';
import { describeValue, diffDocuments, MAX_DIFF_DEPTH, type DocumentChange } from './document-diff.ts';

/** `depth` objects {a: …} around `leaf`, built from the inside out (no recursion, any depth). */
function nest(depth: number, leaf: unknown, key = 'a'): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level++) value = { [key]: value };
  return value;
}
function nestArrays(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level++) value = [value];
  return value;
}
const aPath = (segments: number) => Array.from({ length: segments }, () => 'a').join('.');

/** An object with `count` changed keys k000…, in sorted order. */
function withChanges(count: number): { before: Record<string, number>; after: Record<string, number> } {
  const before: Record<string, number> = {};
  const after: Record<string, number> = {};
  for (let index = 0; index < count; index++) {
    const key = `k${String(index).padStart(4, '0')}`;
    before[key] = index;
    after[key] = index + 1;
  }
  return { before, after };
}

const changed = (path: string, before: unknown, after: unknown): DocumentChange => ({
  path,
  kind: 'changed',
  before,
  after,
});
const added = (path: string, after: unknown): DocumentChange => ({ path, kind: 'added', after });
const removed = (path: string, before: unknown): DocumentChange => ({ path, kind: 'removed', before });

describe('diffDocuments: equal documents', () => {
  const document = {
    name: 'Acme Inspections',
    settings: [{ key: 'ONLINE_SCHEDULER_V3_ALLOW_TODAY', value: true }],
    inspectors: [{ id: 101, weekly_hours: { mon: [{ start: '08:00', end: '17:00' }] } }],
    postal_codes: ['30301', '30302'],
    nothing: null,
    empty: { list: [], object: {} },
  };

  it('finds nothing between a document and itself, or a deep copy of it', () => {
    expect(diffDocuments(document, document)).toStrictEqual({ changes: [], truncated: false });
    expect(diffDocuments(document, structuredClone(document))).toStrictEqual({ changes: [], truncated: false });
  });
  it('finds nothing between equal primitives, nulls, empty arrays and empty objects', () => {
    for (const value of [0, 1.5, '', 'text', true, false, null, [], {}]) {
      expect(diffDocuments(value, structuredClone(value))).toStrictEqual({ changes: [], truncated: false });
    }
  });
  it('does not care in what order the keys were written', () => {
    expect(diffDocuments({ a: 1, b: { c: 2, d: 3 } }, { b: { d: 3, c: 2 }, a: 1 }).changes).toEqual([]);
  });
  it('counts 0 and -0 as equal (JSON writes both "0")', () => {
    expect(diffDocuments({ n: 0 }, { n: -0 }).changes).toEqual([]);
  });
  it('counts NaN as equal to NaN (not JSON, but a value built in code may hold it), inside and past the depth limit', () => {
    expect(diffDocuments({ n: Number.NaN }, { n: Number.NaN }).changes).toEqual([]);
    expect(diffDocuments(nest(70, Number.NaN), nest(70, Number.NaN)).changes).toEqual([]);
    expect(diffDocuments({ n: Number.NaN }, { n: 0 }).changes).toStrictEqual([changed('n', Number.NaN, 0)]);
  });
});

describe('diffDocuments: objects', () => {
  it('walks keys in sorted order, whatever order they were written in', () => {
    const result = diffDocuments({ zeta: 1, alpha: 1, mid: 1 }, { mid: 2, zeta: 2, alpha: 2 });
    expect(result.changes.map((change) => change.path)).toEqual(['alpha', 'mid', 'zeta']);
  });
  it('reports a key only in after as added, with its whole value and no before', () => {
    const value = { street: '1 Main St', unit: null };
    const { changes } = diffDocuments({ name: 'A' }, { name: 'A', address: value });
    expect(changes).toStrictEqual([added('address', value)]);
    expect(changes[0]!.after).toBe(value);
    expect(Object.keys(changes[0]!)).toEqual(['path', 'kind', 'after']);
  });
  it('reports a key only in before as removed, with its whole value and no after', () => {
    const value = [1, 2, 3];
    const { changes } = diffDocuments({ codes: value, name: 'A' }, { name: 'A' });
    expect(changes).toStrictEqual([removed('codes', value)]);
    expect(changes[0]!.before).toBe(value);
    expect(Object.keys(changes[0]!)).toEqual(['path', 'kind', 'before']);
  });
  it('reports a changed primitive with both values', () => {
    const { changes } = diffDocuments({ name: 'Acme' }, { name: 'Acme Inc' });
    expect(changes).toStrictEqual([changed('name', 'Acme', 'Acme Inc')]);
    expect(Object.keys(changes[0]!)).toEqual(['path', 'kind', 'before', 'after']);
  });
  it('joins nested keys with "." and gives root keys no leading dot', () => {
    expect(diffDocuments({ a: { b: { c: 1 } }, x: 1 }, { a: { b: { c: 2 } }, x: 1 }).changes).toStrictEqual([
      changed('a.b.c', 1, 2),
    ]);
  });
  it('recurses into keys present in both, reporting additions and removals inside them', () => {
    expect(diffDocuments({ a: { keep: 1, gone: 2 } }, { a: { keep: 1, fresh: 3 } }).changes).toStrictEqual([
      added('a.fresh', 3),
      removed('a.gone', 2),
    ]);
  });
  it('handles empty objects on either side', () => {
    expect(diffDocuments({}, { a: 1 }).changes).toStrictEqual([added('a', 1)]);
    expect(diffDocuments({ a: 1 }, {}).changes).toStrictEqual([removed('a', 1)]);
    expect(diffDocuments({ a: {} }, { a: { b: {} } }).changes).toStrictEqual([added('a.b', {})]);
    expect(diffDocuments({ a: { b: {} } }, { a: {} }).changes).toStrictEqual([removed('a.b', {})]);
  });
  it('reports a key whose value went to or from null as changed', () => {
    expect(diffDocuments({ a: null }, { a: 1 }).changes).toStrictEqual([changed('a', null, 1)]);
    expect(diffDocuments({ a: 'x' }, { a: null }).changes).toStrictEqual([changed('a', 'x', null)]);
  });
});

describe('diffDocuments: type changes', () => {
  const cases: Array<[string, unknown, unknown]> = [
    ['object to array', { x: 1 }, [1]],
    ['array to object', [1], { x: 1 }],
    ['object to primitive', { x: 1 }, 'x'],
    ['primitive to object', 5, { x: 5 }],
    ['array to primitive', [1, 2], '1,2'],
    ['primitive to array', 1, [1]],
    ['null to object', null, {}],
    ['object to null', {}, null],
    ['null to array', null, []],
    ['array to null', [], null],
    ['string to number', '1', 1],
    ['number to boolean', 1, true],
    ['empty object to empty array', {}, []],
  ];
  it.each(cases)('%s is one change at that path with both whole values', (_name, before, after) => {
    const nested = diffDocuments({ field: before }, { field: after });
    expect(nested).toStrictEqual({ changes: [changed('field', before, after)], truncated: false });
    expect(nested.changes[0]!.before).toBe(before);
    expect(nested.changes[0]!.after).toBe(after);
    expect(diffDocuments(before, after).changes).toStrictEqual([changed('', before, after)]);
  });
  it('reports a type change inside an array by position', () => {
    expect(diffDocuments({ list: [1, { a: 1 }] }, { list: [{ a: 1 }, 1] }).changes).toStrictEqual([
      changed('list[0]', 1, { a: 1 }),
      changed('list[1]', { a: 1 }, 1),
    ]);
  });
});

describe('diffDocuments: identified arrays', () => {
  it('matches settings by key, inspectors by id and services by uuid', () => {
    const before = {
      settings: [
        { key: 'ONLINE_SCHEDULER_V3_ALLOW_TODAY', value: false },
        { key: 'REMINDER_HOURS', value: 24 },
      ],
      inspectors: [
        { id: 100, weekly_hours: { mon: [{ start: '09:00', end: '17:00' }] } },
        { id: 101, weekly_hours: { mon: [{ start: '08:00', end: '17:00' }] } },
      ],
      services: [{ uuid: 'a1c0', name: 'Home inspection', price: 120 }],
    };
    const after = structuredClone(before);
    after.settings[0]!.value = true;
    after.inspectors[1]!.weekly_hours.mon[0]!.start = '07:30';
    after.services[0]!.price = 135;
    expect(diffDocuments(before, after).changes).toStrictEqual([
      changed('inspectors[101].weekly_hours.mon[0].start', '08:00', '07:30'),
      changed('services[a1c0].price', 120, 135),
      changed('settings[ONLINE_SCHEDULER_V3_ALLOW_TODAY].value', false, true),
    ]);
  });
  it('reports an element inserted at the front as one addition, not a change at every index', () => {
    const before = [
      { id: 1, n: 'a' },
      { id: 2, n: 'b' },
    ];
    const fresh = { id: 0, n: 'z' };
    expect(diffDocuments({ list: before }, { list: [fresh, ...structuredClone(before)] }).changes).toStrictEqual([
      added('list[0]', fresh),
    ]);
  });
  it('reports an element only in before as removed, with its whole value', () => {
    const gone = { id: 2, n: 'b' };
    const { changes } = diffDocuments({ list: [{ id: 1 }, gone] }, { list: [{ id: 1 }] });
    expect(changes).toStrictEqual([removed('list[2]', gone)]);
    expect(changes[0]!.before).toBe(gone);
  });
  it("lists matched and added elements in after's order, then removed ones in before's order", () => {
    const before = [
      { id: 'A', v: 1 },
      { id: 'B', v: 1 },
      { id: 'C', v: 1 },
      { id: 'D', v: 1 },
    ];
    const after = [
      { id: 'D', v: 2 },
      { id: 'E', v: 1 },
      { id: 'A', v: 2 },
    ];
    expect(diffDocuments(before, after).changes).toStrictEqual([
      changed('[D].v', 1, 2),
      added('[E]', { id: 'E', v: 1 }),
      changed('[A].v', 1, 2),
      removed('[B]', { id: 'B', v: 1 }),
      removed('[C]', { id: 'C', v: 1 }),
    ]);
  });
  it('does not count a pure reorder of identified elements as a change', () => {
    const before = {
      services: [
        { uuid: 'x', p: 1 },
        { uuid: 'y', p: 2 },
        { uuid: 'z', p: 3 },
      ],
    };
    const after = {
      services: [
        { uuid: 'z', p: 3 },
        { uuid: 'x', p: 1 },
        { uuid: 'y', p: 2 },
      ],
    };
    expect(diffDocuments(before, after)).toStrictEqual({ changes: [], truncated: false });
  });
  it('reports only the real change when identified elements are also reordered', () => {
    const before = [
      { id: 1, p: 1 },
      { id: 2, p: 2 },
    ];
    const after = [
      { id: 2, p: 20 },
      { id: 1, p: 1 },
    ];
    expect(diffDocuments(before, after).changes).toStrictEqual([changed('[2].p', 2, 20)]);
  });
  it('uses identities for an element added to or removed from an empty list', () => {
    expect(diffDocuments({ x: [] }, { x: [{ id: 7 }] }).changes).toStrictEqual([added('x[7]', { id: 7 })]);
    expect(diffDocuments({ x: [{ id: 7 }] }, { x: [] }).changes).toStrictEqual([removed('x[7]', { id: 7 })]);
  });
  it('matches an identity that went from number to string, and shows the identity as changed', () => {
    expect(diffDocuments([{ id: 5, n: 1 }], [{ id: '5', n: 1 }]).changes).toStrictEqual([changed('[5].id', 5, '5')]);
  });
  it('recurses into matched elements, reporting keys added and removed inside them', () => {
    expect(diffDocuments([{ id: 1, a: 1 }], [{ id: 1, b: 2 }]).changes).toStrictEqual([
      removed('[1].a', 1),
      added('[1].b', 2),
    ]);
  });
  it('tells records of plain values apart by every key and value: a key swapped for another, a value of another kind, a nested value', () => {
    const people = Array.from({ length: 1_000 }, (_, i) => ({
      id: i,
      first: `P${i}`,
      state: i % 2 ? 1 : null,
      added_online: false,
    }));
    const edited = people.map((p) => ({ ...p }));
    edited[10] = { id: 10, first: 'P10', state: null, pac_opt_out: false } as never;
    edited[20] = { ...people[20]!, state: '1' as never };
    edited[30] = { ...people[30]!, state: { id: 1 } as never };
    edited[41] = { ...people[41]!, state: null };
    expect(
      diffDocuments(
        people,
        people.map((p) => ({ ...p })),
      ),
    ).toStrictEqual({ changes: [], truncated: false });
    expect(diffDocuments({ people }, { people: edited }).changes).toStrictEqual([
      removed('people[10].added_online', false),
      added('people[10].pac_opt_out', false),
      changed('people[20].state', null, '1'),
      changed('people[30].state', null, { id: 1 }),
      changed('people[41].state', 1, null),
    ]);
  });
});

describe('diffDocuments: choosing the identity field', () => {
  it('prefers uuid, then id, then code, then key', () => {
    const all = (n: number, drop: string[] = []) => {
      const element: Record<string, unknown> = { uuid: `u${n}`, id: `i${n}`, code: `c${n}`, key: `k${n}`, v: n };
      for (const field of drop) delete element[field];
      return element;
    };
    const bump = (element: Record<string, unknown>) => ({ ...element, v: 99 });
    const pathFor = (drop: string[]) => diffDocuments([all(1, drop)], [bump(all(1, drop))]).changes[0]?.path;
    expect(pathFor([])).toBe('[u1].v');
    expect(pathFor(['uuid'])).toBe('[i1].v');
    expect(pathFor(['uuid', 'id'])).toBe('[c1].v');
    expect(pathFor(['uuid', 'id', 'code'])).toBe('[k1].v');
    expect(pathFor(['uuid', 'id', 'code', 'key'])).toBe('[0].v');
  });
  it('passes over a field that some element of either array lacks', () => {
    const before = [
      { uuid: 'u1', id: 1, v: 1 },
      { uuid: 'u2', id: 2, v: 1 },
    ];
    const afterLacking = [
      { uuid: 'u1', id: 1, v: 2 },
      { id: 2, v: 1 },
    ];
    expect(diffDocuments(before, afterLacking).changes).toStrictEqual([
      changed('[1].v', 1, 2),
      removed('[2].uuid', 'u2'),
    ]);
    expect(diffDocuments(afterLacking, before).changes).toStrictEqual([
      changed('[1].v', 2, 1),
      added('[2].uuid', 'u2'),
    ]);
  });
  it('passes over a field held as something other than a string or number', () => {
    for (const odd of [null, true, { v: 1 }, [1]]) {
      const before = [
        { uuid: odd, id: 1, v: 1 },
        { uuid: 'u2', id: 2, v: 1 },
      ];
      const after = [
        { uuid: odd, id: 1, v: 2 },
        { uuid: 'u2', id: 2, v: 1 },
      ];
      expect(diffDocuments(before, after).changes).toStrictEqual([changed('[1].v', 1, 2)]);
    }
  });
  it('accepts numbers and strings alike as identities', () => {
    expect(diffDocuments([{ code: 0, v: 1 }], [{ code: 0, v: 2 }]).changes).toStrictEqual([changed('[0].v', 1, 2)]);
    expect(diffDocuments([{ code: '', v: 1 }], [{ code: '', v: 2 }]).changes).toStrictEqual([changed('[].v', 1, 2)]);
  });
  it('passes over a field with a duplicate value in after, or in before', () => {
    const unique = [
      { uuid: 'u1', id: 1, v: 1 },
      { uuid: 'u2', id: 2, v: 1 },
    ];
    const duplicate = [
      { uuid: 'u1', id: 1, v: 1 },
      { uuid: 'u1', id: 2, v: 2 },
    ];
    expect(diffDocuments(unique, duplicate).changes).toStrictEqual([
      changed('[2].uuid', 'u2', 'u1'),
      changed('[2].v', 1, 2),
    ]);
    expect(diffDocuments(duplicate, unique).changes).toStrictEqual([
      changed('[2].uuid', 'u1', 'u2'),
      changed('[2].v', 2, 1),
    ]);
  });
  it('counts 1 and "1" in one array as duplicates (their paths would read the same)', () => {
    const before = [
      { id: 1, v: 1 },
      { id: '1', v: 1 },
    ];
    const after = [
      { id: 1, v: 1 },
      { id: '1', v: 2 },
    ];
    expect(diffDocuments(before, after).changes).toStrictEqual([changed('[1].v', 1, 2)]);
    expect(diffDocuments(before, after).changes[0]!.path).toBe('[1].v');
    // Compared by position: the reorder below is a change at both indexes.
    expect(diffDocuments(before, [before[1], before[0]]).changes.map((change) => change.path)).toEqual([
      '[0].id',
      '[1].id',
    ]);
  });
  it('falls back to position when every candidate field has duplicates', () => {
    const before = [
      { id: 1, v: 'a' },
      { id: 1, v: 'b' },
    ];
    const after = [
      { id: 1, v: 'b' },
      { id: 1, v: 'a' },
      { id: 1, v: 'c' },
    ];
    expect(diffDocuments(before, after).changes).toStrictEqual([
      changed('[0].v', 'a', 'b'),
      changed('[1].v', 'b', 'a'),
      added('[2]', { id: 1, v: 'c' }),
    ]);
  });
  it('falls back to position when one element is not an object', () => {
    const before = [
      { id: 1, v: 1 },
      { id: 2, v: 1 },
    ];
    const after = [{ id: 2, v: 1 }, 'loose'];
    expect(diffDocuments(before, after).changes).toStrictEqual([
      changed('[0].id', 1, 2),
      changed('[1]', { id: 2, v: 1 }, 'loose'),
    ]);
  });
  it('falls back to position when an element is null or an array', () => {
    expect(diffDocuments([{ id: 1 }, null], [null, { id: 1 }]).changes).toStrictEqual([
      changed('[0]', { id: 1 }, null),
      changed('[1]', null, { id: 1 }),
    ]);
    expect(diffDocuments([{ id: 1 }, [1]], [[1], { id: 1 }]).changes).toStrictEqual([
      changed('[0]', { id: 1 }, [1]),
      changed('[1]', [1], { id: 1 }),
    ]);
  });
});

describe('diffDocuments: other arrays', () => {
  it('reports a changed list of primitives as one change with both whole lists', () => {
    const before = ['30301', '30302', '30303'];
    const after = ['30300', '30301', '30302', '30303'];
    const { changes } = diffDocuments({ postal_codes: before }, { postal_codes: after });
    expect(changes).toStrictEqual([changed('postal_codes', before, after)]);
    expect(changes[0]!.before).toBe(before);
    expect(changes[0]!.after).toBe(after);
  });
  it('counts the order of a list of primitives', () => {
    expect(diffDocuments({ ids: [1, 2] }, { ids: [2, 1] }).changes).toStrictEqual([changed('ids', [1, 2], [2, 1])]);
  });
  it('treats null, booleans and mixed primitives as primitives', () => {
    expect(diffDocuments({ l: [null, true, 1, 'x'] }, { l: [null, true, 1, 'y'] }).changes).toStrictEqual([
      changed('l', [null, true, 1, 'x'], [null, true, 1, 'y']),
    ]);
    expect(diffDocuments({ l: [null, true] }, { l: [null, true] }).changes).toEqual([]);
  });
  it('treats an empty list next to a list of primitives as a list of primitives', () => {
    expect(diffDocuments({ l: [] }, { l: ['a'] }).changes).toStrictEqual([changed('l', [], ['a'])]);
    expect(diffDocuments({ l: ['a'] }, { l: [] }).changes).toStrictEqual([changed('l', ['a'], [])]);
  });
  it('compares objects without identities by position, with extra elements added or removed', () => {
    const before = [{ start: '08:00' }, { start: '13:00' }];
    const after = [{ start: '08:00' }, { start: '14:00' }, { start: '18:00' }];
    expect(diffDocuments({ mon: before }, { mon: after }).changes).toStrictEqual([
      changed('mon[1].start', '13:00', '14:00'),
      added('mon[2]', { start: '18:00' }),
    ]);
    expect(diffDocuments({ mon: after }, { mon: before }).changes).toStrictEqual([
      changed('mon[1].start', '14:00', '13:00'),
      removed('mon[2]', { start: '18:00' }),
    ]);
  });
  it('lists every extra element, in index order', () => {
    expect(diffDocuments([{}], [{}, { a: 1 }, { a: 2 }]).changes).toStrictEqual([
      added('[1]', { a: 1 }),
      added('[2]', { a: 2 }),
    ]);
    expect(diffDocuments([{}, { a: 1 }, { a: 2 }], [{}]).changes).toStrictEqual([
      removed('[1]', { a: 1 }),
      removed('[2]', { a: 2 }),
    ]);
  });
  it('compares a mixed array by position', () => {
    expect(diffDocuments({ m: [1, { a: 1 }] }, { m: [1, { a: 2 }, 'x'] }).changes).toStrictEqual([
      changed('m[1].a', 1, 2),
      added('m[2]', 'x'),
    ]);
    expect(diffDocuments({ m: [1, { a: 1 }, 'x'] }, { m: [2, { a: 1 }] }).changes).toStrictEqual([
      changed('m[0]', 1, 2),
      removed('m[2]', 'x'),
    ]);
  });
  it('reports an object added to an empty list by position', () => {
    expect(diffDocuments({ l: [] }, { l: [{ a: 1 }] }).changes).toStrictEqual([added('l[0]', { a: 1 })]);
  });
  it('compares arrays of arrays by position, each inner list of primitives as a whole', () => {
    expect(diffDocuments([[1, 2], [3]], [[1, 2], [4], [5]]).changes).toStrictEqual([
      changed('[1]', [3], [4]),
      added('[2]', [5]),
    ]);
  });
  it('writes a root array index with no leading dot, and nested indexes back to back', () => {
    expect(diffDocuments([[{ a: 1 }]], [[{ a: 2 }]]).changes).toStrictEqual([changed('[0][0].a', 1, 2)]);
  });
});

describe('diffDocuments: maxChanges', () => {
  it('returns all 200 by default when there are exactly 200, not truncated', () => {
    const { before, after } = withChanges(200);
    const result = diffDocuments(before, after);
    expect(result.changes).toHaveLength(200);
    expect(result.truncated).toBe(false);
  });
  it('returns the first 200 by default when there are 201, truncated', () => {
    const { before, after } = withChanges(201);
    const result = diffDocuments(before, after);
    expect(result.changes).toHaveLength(200);
    expect(result.truncated).toBe(true);
    expect(result.changes[199]!.path).toBe('k0199');
  });
  it('holds exactly at a given limit and one past it', () => {
    const exact = withChanges(3);
    expect(diffDocuments(exact.before, exact.after, { maxChanges: 3 })).toStrictEqual({
      changes: [changed('k0000', 0, 1), changed('k0001', 1, 2), changed('k0002', 2, 3)],
      truncated: false,
    });
    const over = withChanges(4);
    expect(diffDocuments(over.before, over.after, { maxChanges: 3 })).toStrictEqual({
      changes: [changed('k0000', 0, 1), changed('k0001', 1, 2), changed('k0002', 2, 3)],
      truncated: true,
    });
  });
  it('returns a prefix of the full list at every limit, truncated exactly when something was left out', () => {
    // Changes of every kind and every part of the walk: keys, identified (matched, added, removed), positional, primitive lists.
    const before = {
      a: 1,
      b: { gone: 1, same: 1 },
      list: [
        { id: 1, v: 1 },
        { id: 2, v: 1 },
        { id: 3, v: 1 },
        { id: 4, v: 1 },
      ],
      pos: [{ x: 1 }, { x: 2 }, { x: 3 }],
      prims: [1, 2],
    };
    const after = {
      a: 2,
      b: { fresh: 1, same: 1 },
      list: [
        { id: 4, v: 2 },
        { id: 5, v: 1 },
        { id: 1, v: 2 },
      ],
      pos: [{ x: 9 }],
      prims: [2, 1],
      z: true,
    };
    const full = diffDocuments(before, after, { maxChanges: Infinity });
    expect(full.truncated).toBe(false);
    expect(full.changes.map((change) => `${change.kind} ${change.path}`)).toEqual([
      'changed a',
      'added b.fresh',
      'removed b.gone',
      'changed list[4].v',
      'added list[5]',
      'changed list[1].v',
      'removed list[2]',
      'removed list[3]',
      'changed pos[0].x',
      'removed pos[1]',
      'removed pos[2]',
      'changed prims',
      'added z',
    ]);
    for (let limit = 0; limit <= full.changes.length + 1; limit++) {
      const result = diffDocuments(before, after, { maxChanges: limit });
      expect(result.changes).toStrictEqual(full.changes.slice(0, limit));
      expect(result.truncated).toBe(limit < full.changes.length);
    }
  });
  it('returns nothing, truncated, at a limit of 0 when anything differs; not truncated when nothing does', () => {
    expect(diffDocuments({ a: 1 }, { a: 2 }, { maxChanges: 0 })).toStrictEqual({ changes: [], truncated: true });
    expect(diffDocuments({ a: 1 }, { a: 1 }, { maxChanges: 0 })).toStrictEqual({ changes: [], truncated: false });
  });
  it('rounds a fractional limit down, counts a negative one as 0 and NaN as the default', () => {
    const { before, after } = withChanges(201);
    expect(diffDocuments(before, after, { maxChanges: 2.9 }).changes).toHaveLength(2);
    expect(diffDocuments(before, after, { maxChanges: -5 })).toStrictEqual({ changes: [], truncated: true });
    expect(diffDocuments(before, after, { maxChanges: Number.NaN }).changes).toHaveLength(200);
    expect(diffDocuments(before, after, { maxChanges: Infinity })).toMatchObject({ truncated: false });
    expect(diffDocuments(before, after, { maxChanges: Infinity }).changes).toHaveLength(201);
  });
  it('stops walking once the limit is passed, even on a huge document', () => {
    const { before, after } = withChanges(5000);
    const result = diffDocuments(before, after, { maxChanges: 10 });
    expect(result.changes.map((change) => change.path)).toEqual(
      Array.from({ length: 10 }, (_, index) => `k${String(index).padStart(4, '0')}`),
    );
    expect(result.truncated).toBe(true);
  });
});

describe('diffDocuments: depth limit', () => {
  it('is 64 path segments', () => {
    expect(MAX_DIFF_DEPTH).toBe(64);
  });
  it('reports a leaf exactly at the limit at its own path', () => {
    expect(diffDocuments(nest(64, 1), nest(64, 2)).changes).toStrictEqual([changed(aPath(64), 1, 2)]);
  });
  it('reports a difference one level past the limit as one change of the subtree at the limit', () => {
    expect(diffDocuments(nest(65, 1), nest(65, 2)).changes).toStrictEqual([changed(aPath(64), { a: 1 }, { a: 2 })]);
    expect(diffDocuments(nest(64, { b: 1 }), nest(64, { b: 2 })).changes).toStrictEqual([
      changed(aPath(64), { b: 1 }, { b: 2 }),
    ]);
    expect(diffDocuments(nest(64, {}), nest(64, { b: 1 })).changes).toStrictEqual([changed(aPath(64), {}, { b: 1 })]);
  });
  it('still walks into the last level before the limit', () => {
    expect(diffDocuments(nest(63, { b: 1 }), nest(63, { b: 2 })).changes).toStrictEqual([
      changed(`${aPath(63)}.b`, 1, 2),
    ]);
    expect(diffDocuments(nest(63, {}), nest(63, { b: 1 })).changes).toStrictEqual([added(`${aPath(63)}.b`, 1)]);
  });
  it('counts array indexes as levels too', () => {
    const path = (segments: number) => '[0]'.repeat(segments);
    expect(diffDocuments(nestArrays(63, [{ a: 1 }]), nestArrays(63, [{ a: 2 }])).changes).toStrictEqual([
      changed(path(64), { a: 1 }, { a: 2 }),
    ]);
    expect(diffDocuments(nestArrays(62, [{ a: 1 }]), nestArrays(62, [{ a: 2 }])).changes).toStrictEqual([
      changed(`${path(63)}.a`, 1, 2),
    ]);
  });
  it('reports nothing for equal subtrees past the limit', () => {
    expect(
      diffDocuments(nest(65, { b: [1, 2], c: { d: null } }), nest(65, { c: { d: null }, b: [1, 2] })),
    ).toStrictEqual({ changes: [], truncated: false });
  });
  it('applies the same rules past the limit: a reorder of identified elements is still no change', () => {
    const list = [
      { id: 1, v: [{ x: 1 }] },
      { id: 2, v: [] },
    ];
    expect(
      diffDocuments(
        nest(70, list),
        nest(
          70,
          [list[1], list[0]].map((element) => structuredClone(element)),
        ),
      ).changes,
    ).toEqual([]);
    expect(
      diffDocuments(
        nest(70, list),
        nest(70, [
          { id: 2, v: [] },
          { id: 3, v: [] },
        ]),
      ).changes,
    ).toHaveLength(1);
    expect(diffDocuments(nest(70, [1, 2]), nest(70, [2, 1])).changes).toHaveLength(1);
    expect(diffDocuments(nest(70, [{ x: 1 }, { x: 2 }]), nest(70, [{ x: 2 }, { x: 1 }])).changes).toHaveLength(1);
  });
  it('sees differences past the limit of every kind', () => {
    const deep = (leaf: unknown) => nest(66, leaf);
    for (const [before, after] of [
      [{ a: 1 }, { b: 1 }],
      [{ a: 1 }, { a: 1, b: 1 }],
      [[1], [1, 2]],
      [[{ id: 1 }], [{ id: 2 }]],
      [{ a: null }, { a: 0 }],
      [{ a: [] }, { a: {} }],
      [{ a: '1' }, { a: 1 }],
    ] as Array<[unknown, unknown]>) {
      expect(diffDocuments(deep(before), deep(after)).changes).toStrictEqual([
        changed(aPath(64), nest(2, before), nest(2, after)),
      ]);
    }
  });
  it('does not throw on documents nested 100,000 deep', () => {
    const depth = 100_000;
    expect(diffDocuments(nest(depth, 1), nest(depth, 2)).changes.map((change) => change.path)).toEqual([aPath(64)]);
    expect(diffDocuments(nest(depth, 1), nest(depth, 1))).toStrictEqual({ changes: [], truncated: false });
    expect(diffDocuments(nestArrays(depth, 1), nestArrays(depth, 1))).toStrictEqual({ changes: [], truncated: false });
    expect(diffDocuments(nestArrays(depth, [1]), nestArrays(depth, [2])).changes).toHaveLength(1);
  });
  it('copes with a very wide document past the limit', () => {
    const wide = Array.from({ length: 200_000 }, (_, index) => index);
    expect(diffDocuments(nest(65, wide), nest(65, [...wide])).changes).toEqual([]);
    expect(diffDocuments(nest(65, wide), nest(65, [...wide, 0])).changes).toHaveLength(1);
  });
});

describe('diffDocuments: robustness', () => {
  /** The engine's seeded generator, so that a failure reproduces. */
  const random = seededRandom;
  function generate(next: () => number, depth: number): unknown {
    const pick = <T>(options: readonly T[]): T => options[Math.floor(next() * options.length)]!;
    const roll = next();
    if (depth <= 0 || roll < 0.3) return pick([null, true, false, 0, 1, -1, 2.5, '', 'a', 'b', '1']);
    if (roll < 0.5) return Array.from({ length: Math.floor(next() * 4) }, () => pick([1, 2, 3, 'a', null]));
    if (roll < 0.75) {
      const field = pick(['uuid', 'id', 'code', 'key', 'name']);
      return Array.from({ length: Math.floor(next() * 4) }, () => ({
        [field]: pick([1, 2, 3, '1', 'x']),
        v: generate(next, depth - 1),
      }));
    }
    if (roll < 0.85) return Array.from({ length: Math.floor(next() * 3) }, () => generate(next, depth - 1));
    const object: Record<string, unknown> = {};
    for (const key of ['a', 'b', 'c', 'd']) if (next() < 0.6) object[key] = generate(next, depth - 1);
    return object;
  }

  it('never throws, finds nothing between a value and its copy, and finds the same changes both ways', () => {
    const next = random(20270301);
    for (let round = 0; round < 500; round++) {
      const before = generate(next, 4);
      const after = generate(next, 4);
      expect(diffDocuments(before, structuredClone(before))).toStrictEqual({ changes: [], truncated: false });
      const forward = diffDocuments(before, after, { maxChanges: Infinity }).changes;
      const backward = diffDocuments(after, before, { maxChanges: Infinity }).changes;
      const flipped = backward.map((change) => {
        if (change.kind === 'added') return removed(change.path, change.after);
        if (change.kind === 'removed') return added(change.path, change.before);
        return changed(change.path, change.after, change.before);
      });
      const byPath = (a: DocumentChange, b: DocumentChange) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
      expect([...flipped].sort(byPath)).toStrictEqual([...forward].sort(byPath));
      expect(diffDocuments(before, after)).toStrictEqual(diffDocuments(before, after));
    }
  });
  it('does not mutate its inputs', () => {
    const before = { list: [{ id: 2 }, { id: 1 }], keys: { b: 1, a: 2 } };
    const after = { list: [{ id: 1 }, { id: 3 }], keys: { a: 1 } };
    const copies = [structuredClone(before), structuredClone(after)];
    diffDocuments(before, after);
    expect([before, after]).toStrictEqual(copies);
    expect(Object.keys(before.keys)).toEqual(['b', 'a']);
  });
  it('handles a "__proto__" key parsed from JSON as an ordinary key', () => {
    const before: unknown = JSON.parse('{"__proto__": {"x": 1}, "a": 1}');
    const after: unknown = JSON.parse('{"__proto__": {"x": 2}}');
    expect(diffDocuments(before, after).changes).toStrictEqual([changed('__proto__.x', 1, 2), removed('a', 1)]);
  });
  it('ends on a value that refers to itself (not JSON, but built in code)', () => {
    const before: Record<string, unknown> = { a: 1 };
    before.self = before;
    const after: Record<string, unknown> = { a: 1 };
    after.self = after;
    expect(diffDocuments(before, after).changes).toEqual([]);
    after.a = 2;
    expect(diffDocuments(before, after).changes.map((change) => change.path)).toContain('a');
  });
});

describe('describeValue', () => {
  it('quotes strings as JSON, on one line', () => {
    expect(describeValue('Acme')).toBe('"Acme"');
    expect(describeValue('')).toBe('""');
    expect(describeValue('say "hi"\nbye')).toBe('"say \\"hi\\"\\nbye"');
  });
  it('writes numbers, booleans and null as text', () => {
    expect(describeValue(42)).toBe('42');
    expect(describeValue(-1.5)).toBe('-1.5');
    expect(describeValue(0)).toBe('0');
    expect(describeValue(true)).toBe('true');
    expect(describeValue(false)).toBe('false');
    expect(describeValue(null)).toBe('null');
  });
  it('writes arrays and objects as compact JSON', () => {
    expect(describeValue([1, 'a', null])).toBe('[1,"a",null]');
    expect(describeValue({ a: 1, b: [true], c: { d: 'x' } })).toBe('{"a":1,"b":[true],"c":{"d":"x"}}');
    expect(describeValue([])).toBe('[]');
    expect(describeValue({})).toBe('{}');
    expect(describeValue({ text: 'two\nlines' })).not.toContain('\n');
  });
  it('keeps a rendering of exactly maxLength characters whole, and cuts one longer with "…"', () => {
    const exact = 'x'.repeat(78); // 80 with its quotes
    expect(describeValue(exact)).toBe(`"${exact}"`);
    expect(describeValue(`${exact}y`)).toBe(`"${exact}…`);
    expect(describeValue(`${exact}y`)).toHaveLength(80);

    const object = { name: 'Home inspection', price: 120 };
    const json = JSON.stringify(object);
    expect(describeValue(object, json.length)).toBe(json);
    expect(describeValue(object, json.length - 1)).toBe(`${json.slice(0, json.length - 2)}…`);
    expect(describeValue(object, json.length - 1)).toHaveLength(json.length - 1);
    expect(describeValue([1, 2, 3], 7)).toBe('[1,2,3]');
    expect(describeValue([1, 2, 3], 6)).toBe('[1,2,…');
    expect(describeValue(123456, 6)).toBe('123456');
    expect(describeValue(123456, 5)).toBe('1234…');
  });
  it('never returns more than maxLength characters, however small', () => {
    const values: unknown[] = ['a long string value', 1234567890, true, null, [1, 2, 3, 4], { a: 'b', c: 'd' }, ''];
    for (const value of values) {
      for (let maxLength = 0; maxLength <= 40; maxLength++) {
        const text = describeValue(value, maxLength);
        expect(text.length).toBeLessThanOrEqual(maxLength);
        expect(text).not.toContain('\n');
      }
    }
    expect(describeValue('abc', 1)).toBe('…');
    expect(describeValue('abc', 0)).toBe('');
    expect(describeValue('abc', -3)).toBe('');
    expect(describeValue('x'.repeat(500), 10.9)).toHaveLength(10);
  });
  it('does not cut a character made of two code units in half', () => {
    const text = describeValue('ab😀cd', 5); // '"ab' then the emoji's first half would be the 4th unit
    expect(text).toBe('"ab…');
    expect(describeValue('ab😀cd', 6)).toBe('"ab😀…');
  });
  it('does not throw on a value too deep for JSON.stringify, or a cycle', () => {
    const deepArray = nestArrays(1_000_000, 1);
    expect(() => describeValue(deepArray)).not.toThrow();
    expect(describeValue(deepArray).length).toBeLessThanOrEqual(80);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(describeValue(cyclic)).toBe('{…}');
  });
  it('names values that are not JSON rather than failing', () => {
    expect(describeValue(undefined)).toBe('undefined');
    expect(describeValue(() => 1)).toBe('function');
    expect(describeValue(10n)).toBe('10n');
  });
});
