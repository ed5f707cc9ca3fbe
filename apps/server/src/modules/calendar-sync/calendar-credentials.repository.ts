import { and, asc, eq, gt, sql, type Column } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

/**
 * The sealed calendar credentials a key rotation re-encrypts: the connections' and the pending
 * removals' (decision 0104), one page at a time after `after` (by id), those not yet under `keyId`.
 * Paging by id rather than asking again from the start: a row a running sync seals again under an
 * older key (a server not yet given the new one) is visited once, not for ever.
 */
export async function connectionsNotUnderKey(db: Executor, keyId: string, after: string | null, limit: number) {
  const c = t.calendarConnections;
  return db
    .select({ id: c.id, companyId: c.companyId, credentialsEncrypted: c.credentialsEncrypted })
    .from(c)
    .where(and(notUnder(c.credentialsEncrypted, keyId), after === null ? undefined : gt(c.id, after)))
    .orderBy(asc(c.id))
    .limit(limit);
}

export async function removalsNotUnderKey(db: Executor, keyId: string, after: string | null, limit: number) {
  const r = t.calendarEventRemovals;
  return db
    .select({ id: r.id, companyId: r.companyId, credentialsEncrypted: r.credentialsEncrypted })
    .from(r)
    .where(and(notUnder(r.credentialsEncrypted, keyId), after === null ? undefined : gt(r.id, after)))
    .orderBy(asc(r.id))
    .limit(limit);
}

/** A ciphertext is `v1.<key id>.…` (DataEncryption). */
const notUnder = (column: Column, keyId: string) => sql`not starts_with(${column}, ${`v1.${keyId}.`})`;

interface Resealed {
  id: string;
  companyId: string;
  /** The ciphertext read: the row is rewritten only if it still holds it (a sync may have refreshed a token since). */
  read: string;
  credentialsEncrypted: string;
}

/** Answers whether the row was rewritten. */
export async function replaceConnectionCredentials(db: Executor, row: Resealed): Promise<boolean> {
  const c = t.calendarConnections;
  const rows = await db
    .update(c)
    .set({ credentialsEncrypted: row.credentialsEncrypted })
    .where(and(eq(c.companyId, row.companyId), eq(c.id, row.id), eq(c.credentialsEncrypted, row.read)))
    .returning({ id: c.id });
  return rows.length === 1;
}

/** Answers whether the row was rewritten. */
export async function replaceRemovalCredentials(db: Executor, row: Resealed): Promise<boolean> {
  const r = t.calendarEventRemovals;
  const rows = await db
    .update(r)
    .set({ credentialsEncrypted: row.credentialsEncrypted })
    .where(and(eq(r.companyId, row.companyId), eq(r.id, row.id), eq(r.credentialsEncrypted, row.read)))
    .returning({ id: r.id });
  return rows.length === 1;
}
