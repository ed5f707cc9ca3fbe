import fc from 'fast-check';

/** The subset of JSON Schema the generated OpenAPI document uses. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

const DAY_MS = 86_400_000;

/** Values no schema should let through to the database or the engine. */
export function hostileValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(
      '\u0000',
      'a\u0000b',
      '\uD800',
      'x\uDC00y',
      '',
      ' ',
      '%00',
      '../../etc/passwd',
      "'; drop table orders; --",
      '<script>alert(1)</script>',
      '\u202E',
    ),
    fc.constantFrom(2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53 - 1, -(2 ** 53), 1e308, -1e308, 5e-324, -1, 0, 0.5),
    fc.constantFrom(true, false, null, [], {}, [null], { '': 1 }, { __proto__: 1 }, { constructor: 'x' }),
    fc.constantFrom('x'.repeat(10_001), 'é'.repeat(300), '9'.repeat(400)),
    fc.string({ unit: 'binary', maxLength: 40 }),
  );
}

/**
 * Dates around the edges that matter: today, the booking horizon, the past, and the bounds of
 * what the API accepts at all.
 */
export function edgeDate(now: number): fc.Arbitrary<string> {
  const relative = fc
    .constantFrom(-400, -5, -1, 0, 1, 2, 7, 119, 120, 121, 127, 400)
    .map((days) => new Date(now + days * DAY_MS).toISOString().slice(0, 10));
  const absolute = fc.constantFrom(
    '0001-01-01',
    '1999-12-31',
    '2000-01-01',
    '2199-12-31',
    '2200-01-01',
    '9999-12-31',
    '2026-02-29',
    '2028-02-29',
  );
  return fc.oneof({ weight: 3, arbitrary: relative }, { weight: 1, arbitrary: absolute });
}

export function edgeInstant(now: number): fc.Arbitrary<string> {
  const time = fc.constantFrom(
    'T00:00:00Z',
    'T09:00:00Z',
    'T13:30:00-04:00',
    'T23:30:00Z',
    'T12:00:00.123+05:45',
    'T04:00:00-12:00',
  );
  return fc.tuple(edgeDate(now), time).map(([date, t]) => `${date}${t}`);
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/** Values for one schema: mostly what it describes, at and around its bounds. */
export function arbitraryFor(
  schema: JsonSchema,
  context: { now: number; uuids: string[] },
  depth = 0,
): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => arbitraryFor(s, context, depth + 1)));
  if (schema.allOf?.[0]) return arbitraryFor(schema.allOf[0], context, depth + 1);
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => arbitraryFor({ ...schema, type }, context, depth + 1)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000);
      const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000);
      const lo = Math.max(min, -1_000_000_000);
      const hi = Math.min(max, 1_000_000_000);
      const inside =
        types[0] === 'integer'
          ? fc.integer({ min: Math.ceil(lo), max: Math.floor(Math.max(lo, hi)) })
          : fc.double({ min: lo, max: Math.max(lo, hi), noNaN: true });
      return fc.oneof(
        { weight: 3, arbitrary: inside },
        { weight: 1, arbitrary: fc.constantFrom(min, max, min - 1, max + 1) },
      );
    }
    case 'string': {
      if (schema.format === 'date') return edgeDate(context.now);
      if (schema.format === 'date-time') return edgeInstant(context.now);
      if (schema.format === 'uuid')
        return context.uuids.length ? fc.oneof(fc.constantFrom(...context.uuids), fc.uuid()) : fc.uuid();
      const maxLength = Math.min(schema.maxLength ?? 40, 60);
      if (schema.pattern)
        return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? Infinity));
      return fc.oneof(
        fc.string({ minLength: schema.minLength ?? 0, maxLength }),
        fc.constantFrom('43215', '43215-1234', 'K1A 0B1'),
      );
    }
    case 'array': {
      if (depth > 4 || !schema.items) return fc.constant([]);
      return fc.array(arbitraryFor(schema.items, context, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    }
    case 'object': {
      if (depth > 4 || !schema.properties) return fc.constant({});
      const shape = Object.fromEntries(
        Object.entries(schema.properties).map(([key, s]) => [key, arbitraryFor(s, context, depth + 1)]),
      );
      return fc.record(shape, { requiredKeys: schema.required ?? [] });
    }
    default:
      return hostileValue();
  }
}

/** Mostly valid values, sometimes a hostile one in their place. */
export function fuzzedValue(schema: JsonSchema, context: { now: number; uuids: string[] }): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: arbitraryFor(schema, context) }, { weight: 1, arbitrary: hostileValue() });
}

/** An object for `schema` whose fields are fuzzed one by one, sometimes with a field it does not know. */
export function fuzzedObject(
  schema: JsonSchema,
  context: { now: number; uuids: string[] },
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const shape = Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, fuzzedValue(s, context)]));
  const requiredKeys = (schema.required ?? []).filter((key) => key in properties);
  return fc
    .tuple(
      fc.record(shape, { requiredKeys }),
      fc.option(fc.tuple(fc.constantFrom('debug', 'extra', '__proto__', 'constructor'), hostileValue()), { freq: 5 }),
    )
    .map(([value, extra]) => (extra ? { ...value, [extra[0]]: extra[1] } : value));
}
