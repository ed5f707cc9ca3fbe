import { z } from 'zod';

/*
 * What a person's records are built of, and the contact type an office answer names. A module of
 * its own (people.ts re-exports it): the office answer's schema does not load every people schema
 * with it, which the wizard's answer parser would carry (decision 0056).
 */

// Control characters other than tab have no place in a name, phone or address; NUL in
// particular is refused by PostgreSQL text columns.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000A-\u001F\u007F]/;

/** A bounded single-line string without control characters. */
export function safeText(max: number) {
  return z
    .string()
    .max(max, `at most ${max} characters`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), 'must not contain control characters');
}

export const MAX_ID = 2_147_483_647;
export const recordId = z.number().int().positive().max(MAX_ID);

export const contactTypeRefSchema = z.object({ id: recordId, name: safeText(100) }).strict();
export type ContactTypeRef = z.infer<typeof contactTypeRefSchema>;
