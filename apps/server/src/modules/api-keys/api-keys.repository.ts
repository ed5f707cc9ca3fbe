import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

export type ApiKeyRow = typeof t.apiKeys.$inferSelect;

export async function insertApiKey(db: Executor, row: typeof t.apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [inserted] = await db.insert(t.apiKeys).values(row).returning();
  return inserted!;
}

/** A company's keys, oldest first (revoked ones too: the console shows them struck out). */
export function listApiKeys(db: Executor, companyId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(t.apiKeys)
    .where(eq(t.apiKeys.companyId, companyId))
    .orderBy(asc(t.apiKeys.createdAt), asc(t.apiKeys.id));
}

export async function countLiveApiKeys(db: Executor, companyId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t.apiKeys)
    .where(and(eq(t.apiKeys.companyId, companyId), isNull(t.apiKeys.revokedAt)));
  return Number(row?.n ?? 0);
}

/** The key a presented key's prefix names, with its company's key (the routes' company). */
export async function findApiKeyByPrefix(db: Executor, prefix: string) {
  const [row] = await db
    .select({ key: t.apiKeys, companyKey: t.companies.key })
    .from(t.apiKeys)
    .innerJoin(t.companies, eq(t.companies.id, t.apiKeys.companyId))
    .where(eq(t.apiKeys.prefix, prefix));
  return row ?? null;
}

/** Revokes one of the company's keys (once: a revoked key keeps its first revocation). */
export async function revokeApiKey(
  db: Executor,
  companyId: string,
  id: string,
  at: Date,
  byName: string,
): Promise<ApiKeyRow | null> {
  await db
    .update(t.apiKeys)
    .set({ revokedAt: at, revokedByName: byName })
    .where(and(eq(t.apiKeys.companyId, companyId), eq(t.apiKeys.id, id), isNull(t.apiKeys.revokedAt)));
  const [row] = await db
    .select()
    .from(t.apiKeys)
    .where(and(eq(t.apiKeys.companyId, companyId), eq(t.apiKeys.id, id)));
  return row ?? null;
}

/** Sets the key's last use unless it was set less than `minGapMs` before `at`: at most one write a minute per key. */
export async function touchApiKey(db: Executor, id: string, at: Date, minGapMs: number): Promise<void> {
  await db
    .update(t.apiKeys)
    .set({ lastUsedAt: at })
    .where(
      and(
        eq(t.apiKeys.id, id),
        or(isNull(t.apiKeys.lastUsedAt), lte(t.apiKeys.lastUsedAt, new Date(at.getTime() - minGapMs))),
      ),
    );
}

export async function insertApiKeyEvent(db: Executor, event: typeof t.apiKeyEvents.$inferInsert): Promise<void> {
  await db.insert(t.apiKeyEvents).values(event);
}

export function listApiKeyEvents(db: Executor, companyId: string, apiKeyId: string) {
  return db
    .select()
    .from(t.apiKeyEvents)
    .where(and(eq(t.apiKeyEvents.companyId, companyId), eq(t.apiKeyEvents.apiKeyId, apiKeyId)))
    .orderBy(asc(t.apiKeyEvents.id));
}

export type IdempotencyRow = typeof t.apiIdempotencyKeys.$inferSelect;

/**
 * Claims an idempotency key for a request: inserted when free (or when its old row expired, which
 * is replaced), else the row that holds it. `claimed` says this request is the one to answer.
 */
export async function claimIdempotencyKey(
  db: Executor,
  row: { companyId: string; apiKeyId: string; key: string; requestHash: string; createdAt: Date; expiresAt: Date },
): Promise<{ claimed: true } | { claimed: false; existing: IdempotencyRow }> {
  const where = and(
    eq(t.apiIdempotencyKeys.companyId, row.companyId),
    eq(t.apiIdempotencyKeys.apiKeyId, row.apiKeyId),
    eq(t.apiIdempotencyKeys.key, row.key),
  );
  // An expired row is free again: gone before the claim.
  await db.delete(t.apiIdempotencyKeys).where(and(where, lt(t.apiIdempotencyKeys.expiresAt, row.createdAt)));
  const inserted = await db
    .insert(t.apiIdempotencyKeys)
    .values(row)
    .onConflictDoNothing()
    .returning({ key: t.apiIdempotencyKeys.key });
  if (inserted.length > 0) return { claimed: true };
  const [existing] = await db.select().from(t.apiIdempotencyKeys).where(where);
  // Freed between the two statements (expired and deleted by another claim): try once more.
  if (!existing) return claimIdempotencyKey(db, row);
  return { claimed: false, existing };
}

export async function saveIdempotentResponse(
  db: Executor,
  id: { companyId: string; apiKeyId: string; key: string },
  status: number,
  body: unknown,
): Promise<void> {
  await db
    .update(t.apiIdempotencyKeys)
    .set({ responseStatus: status, responseBody: body })
    .where(
      and(
        eq(t.apiIdempotencyKeys.companyId, id.companyId),
        eq(t.apiIdempotencyKeys.apiKeyId, id.apiKeyId),
        eq(t.apiIdempotencyKeys.key, id.key),
      ),
    );
}

/** Lets a key go when its request failed before answering (a 5xx): the client may retry it. */
export async function releaseIdempotencyKey(
  db: Executor,
  id: { companyId: string; apiKeyId: string; key: string },
): Promise<void> {
  await db
    .delete(t.apiIdempotencyKeys)
    .where(
      and(
        eq(t.apiIdempotencyKeys.companyId, id.companyId),
        eq(t.apiIdempotencyKeys.apiKeyId, id.apiKeyId),
        eq(t.apiIdempotencyKeys.key, id.key),
        isNull(t.apiIdempotencyKeys.responseStatus),
      ),
    );
}
