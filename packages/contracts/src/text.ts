import type { z } from 'zod';

/**
 * The rule for every string a visitor or the admin API sends: no NUL character and no unpaired
 * UTF-16 surrogate. PostgreSQL cannot store either in text or jsonb, and neither has a meaning
 * in a name, an address or a setting; refusing them at the boundary makes them a 400 naming the
 * field instead of a database error.
 */
export const TEXT_RULE_MESSAGE = 'must not contain NUL characters or unpaired surrogates';

// With the `u` flag a well-formed surrogate pair is one code point, so only a lone half or NUL matches.
// eslint-disable-next-line no-control-regex -- NUL is exactly what this rule looks for.
const FORBIDDEN = /[\u0000\uD800-\uDFFF]/u;

export function isAcceptableText(value: string): boolean {
  return !FORBIDDEN.test(value);
}

/** The path (as keys and indexes) of the first string in `value` that breaks the rule, keys included; null when none does. */
export function findUnacceptableText(value: unknown, path: Array<string | number> = []): Array<string | number> | null {
  if (typeof value === 'string') return isAcceptableText(value) ? null : path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnacceptableText(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isAcceptableText(key)) return [...path, key];
      const found = findUnacceptableText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Adds the rule to a schema of a whole input (a body, a query, a document): one issue at the
 * first offending string's path. Applied once at the top, it covers every field, present and
 * future, however the schema below it is written.
 */
export function withAcceptableText<T extends z.ZodType>(schema: T): T {
  return schema.superRefine((value, ctx) => {
    const path = findUnacceptableText(value);
    if (path) ctx.addIssue({ code: 'custom', path, message: TEXT_RULE_MESSAGE });
  }) as unknown as T;
}
