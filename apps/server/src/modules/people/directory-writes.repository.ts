import { and, asc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import { foldedContaining } from '../../db/text-search.ts';
import type { AgentRow, DirectoryContactRow, NewPersonColumns } from './people.repository.ts';

/**
 * The directory's writes from outside the company document (decision 0091): the public API's
 * upsert, and the office's review of people added online (accept, merge).
 */

export type PersonKind = 'agent' | 'contact';
export type DirectoryRow = AgentRow | DirectoryContactRow;

const tableOf = (kind: PersonKind) => (kind === 'agent' ? t.agents : t.directoryContacts);

/** Any fixed number, apart from the other advisory locks' spaces: one lock per company's directory writes. */
const DIRECTORY_LOCK_SPACE = 727_091;

/**
 * Holds, until the transaction ends, the company's lock of directory writes by the API and the
 * review: two writes of one external id (agent and contact are two tables, so no one index sees
 * both) or two merges of one person run one after the other. An import does not take it.
 */
export async function lockDirectoryWrites(tx: Transaction, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(DIRECTORY_LOCK_SPACE))}, hashtext(${companyId}))`);
}

export async function findPerson(
  db: Executor,
  companyId: string,
  kind: PersonKind,
  id: number,
): Promise<DirectoryRow | null> {
  const table = tableOf(kind);
  const [row] = await db
    .select()
    .from(table as typeof t.agents)
    .where(and(eq(table.companyId, companyId), eq(table.id, id)));
  return row ?? null;
}

/** The company's person with this external id, in either table, or null. */
export async function findByExternalId(
  db: Executor,
  companyId: string,
  externalId: string,
): Promise<{ kind: PersonKind; row: DirectoryRow } | null> {
  for (const kind of ['agent', 'contact'] as const) {
    const table = tableOf(kind);
    const [row] = await db
      .select()
      .from(table as typeof t.agents)
      .where(and(eq(table.companyId, companyId), eq(table.externalId, externalId)));
    if (row) return { kind, row };
  }
  return null;
}

export type AgentColumns = NewPersonColumns & { kind: 'real_estate' | 'insurance'; agency: string; pacOptOut: boolean };
export type ContactColumns = NewPersonColumns & { contactTypeId: number };

const nextAddedOnlineId = sql<number>`nextval('people_added_online_ids')::int`;

/**
 * A person the API creates: numbered from the sequence of people added outside the document (so a
 * document's own ids never meet theirs, decision 0015), marked `api`, with the caller's id.
 */
export async function insertApiPerson(
  tx: Transaction,
  companyId: string,
  person: { kind: 'agent'; columns: AgentColumns } | { kind: 'contact'; columns: ContactColumns },
  externalId: string,
): Promise<number> {
  const values = { companyId, id: nextAddedOnlineId, source: 'api' as const, externalId };
  const [row] =
    person.kind === 'agent'
      ? await tx
          .insert(t.agents)
          .values({ ...person.columns, ...values })
          .returning({ id: t.agents.id })
      : await tx
          .insert(t.directoryContacts)
          .values({ ...person.columns, ...values })
          .returning({ id: t.directoryContacts.id });
  return row!.id;
}

/** Writes a person's fields (not their source, external id nor review). */
export async function updatePerson(
  tx: Transaction,
  companyId: string,
  id: number,
  person: { kind: 'agent'; columns: AgentColumns } | { kind: 'contact'; columns: ContactColumns },
): Promise<void> {
  if (person.kind === 'agent')
    await tx
      .update(t.agents)
      .set(person.columns)
      .where(and(eq(t.agents.companyId, companyId), eq(t.agents.id, id)));
  else
    await tx
      .update(t.directoryContacts)
      .set(person.columns)
      .where(and(eq(t.directoryContacts.companyId, companyId), eq(t.directoryContacts.id, id)));
}

/** The company's people of one kind awaiting the office's review, oldest first, at most `limit`. */
export async function listAwaitingReview(
  db: Executor,
  companyId: string,
  kind: PersonKind,
  limit: number,
): Promise<DirectoryRow[]> {
  const table = tableOf(kind);
  return db
    .select()
    .from(table as typeof t.agents)
    .where(and(eq(table.companyId, companyId), eq(table.awaitingReview, true)))
    .orderBy(asc(table.id))
    .limit(limit);
}

export async function countAwaitingReview(db: Executor, companyId: string, kind: PersonKind): Promise<number> {
  const table = tableOf(kind);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(and(eq(table.companyId, companyId), eq(table.awaitingReview, true)));
  return Number(row?.n ?? 0);
}

/** How many duplicates a person shows at most. */
const DUPLICATES_LIMIT = 5;

/**
 * The company's other people of the kind that are likely the same person: the same e-mail, or
 * the same first and last name (and, for agents, agency), case and accents aside. Found through
 * the search text's trigram index (the searches' own, migration 0004), then compared exactly.
 */
export async function likelyDuplicates(
  db: Executor,
  companyId: string,
  kind: PersonKind,
  person: DirectoryRow,
): Promise<DirectoryRow[]> {
  const table = tableOf(kind);
  const fold = (value: SQL | string) => sql`people_fold(${value})`;
  const sameEmail: SQL | undefined =
    person.email.trim() === ''
      ? undefined
      : and(
          sql`${table.searchText} like ${foldedContaining(person.email.trim())}`,
          sql`lower(${table.email}) = lower(${person.email.trim()})`,
        );
  const sameName = and(
    sql`${table.searchText} like ${foldedContaining(person.first.trim())}`,
    sql`${fold(sql`${table.first}`)} = ${fold(person.first.trim())}`,
    sql`${fold(sql`${table.last}`)} = ${fold(person.last.trim())}`,
    'agency' in person ? sql`${fold(sql`${t.agents.agency}`)} = ${fold(person.agency.trim())}` : undefined,
  );
  return db
    .select()
    .from(table as typeof t.agents)
    .where(and(eq(table.companyId, companyId), ne(table.id, person.id), or(sameEmail, sameName)))
    .orderBy(asc(table.id))
    .limit(DUPLICATES_LIMIT);
}

/** E-mail addresses that several of the company's people of the kind share (today's data may have it), at most `limit`. */
export async function sharedEmails(
  db: Executor,
  companyId: string,
  kind: PersonKind,
  limit: number,
): Promise<Array<{ email: string; ids: number[] }>> {
  const table = tableOf(kind);
  const rows = await db
    .select({
      email: sql<string>`lower(${table.email})`,
      ids: sql<number[]>`array_agg(${table.id} order by ${table.id})`,
    })
    .from(table)
    .where(and(eq(table.companyId, companyId), ne(table.email, '')))
    .groupBy(sql`lower(${table.email})`)
    .having(sql`count(*) > 1`)
    .orderBy(sql`lower(${table.email})`)
    .limit(limit);
  return rows.map((row) => ({ email: row.email, ids: row.ids.map(Number) }));
}

export async function peopleByIds(
  db: Executor,
  companyId: string,
  kind: PersonKind,
  ids: readonly number[],
): Promise<DirectoryRow[]> {
  if (ids.length === 0) return [];
  const table = tableOf(kind);
  return db
    .select()
    .from(table as typeof t.agents)
    .where(and(eq(table.companyId, companyId), inArray(table.id, [...ids])))
    .orderBy(asc(table.id));
}

/** The office accepted a person added online: a normal directory entry from now on. */
export async function markReviewed(tx: Executor, companyId: string, kind: PersonKind, id: number): Promise<void> {
  const table = tableOf(kind);
  await tx
    .update(table)
    .set({ awaitingReview: false })
    .where(and(eq(table.companyId, companyId), eq(table.id, id)));
}

/** Both people's rows locked until the transaction ends (in id order), or fewer when one is gone. */
export async function lockPeople(
  tx: Transaction,
  companyId: string,
  kind: PersonKind,
  ids: readonly number[],
): Promise<DirectoryRow[]> {
  const table = tableOf(kind);
  return tx
    .select()
    .from(table as typeof t.agents)
    .where(and(eq(table.companyId, companyId), inArray(table.id, [...ids])))
    .orderBy(asc(table.id))
    .for('update');
}

export type MergeRow = typeof t.directoryMerges.$inferSelect;

export async function findMerge(
  db: Executor,
  companyId: string,
  kind: PersonKind,
  fromId: number,
): Promise<MergeRow | null> {
  const [row] = await db
    .select()
    .from(t.directoryMerges)
    .where(
      and(
        eq(t.directoryMerges.companyId, companyId),
        eq(t.directoryMerges.kind, kind),
        eq(t.directoryMerges.fromId, fromId),
      ),
    );
  return row ?? null;
}

const AGENT_PARTY_ROLES = ['buyers_agent', 'sellers_agent', 'insurance_agent'] as const;

/**
 * Every order party of the company that names `fromId` names `intoId` instead, its copy's id too
 * (the copy keeps what was typed then: the order's record of the person), and those orders'
 * `updated_at` moves (never backwards), so that a poll by `updated_since` sees them. Returns how
 * many parties.
 */
export async function repointOrderParties(
  tx: Transaction,
  companyId: string,
  kind: PersonKind,
  fromId: number,
  intoId: number,
  now: Date,
): Promise<number> {
  const roles = kind === 'agent' ? [...AGENT_PARTY_ROLES] : ['contact' as const];
  const rows = await tx
    .update(t.orderParties)
    .set({ agentId: intoId, person: sql`jsonb_set(${t.orderParties.person}, '{id}', to_jsonb(${intoId}::int))` })
    .where(
      and(
        eq(t.orderParties.companyId, companyId),
        eq(t.orderParties.agentId, fromId),
        inArray(t.orderParties.role, roles),
      ),
    )
    .returning({ orderId: t.orderParties.orderId });
  const orderIds = [...new Set(rows.map((row) => row.orderId))];
  if (orderIds.length > 0)
    await tx
      .update(t.orders)
      .set({
        updatedAt: sql`greatest(${t.orders.updatedAt} + interval '1 millisecond', ${now.toISOString()}::timestamptz)`,
      })
      .where(and(eq(t.orders.companyId, companyId), inArray(t.orders.id, orderIds)));
  return rows.length;
}

/**
 * A merged-away agent's portal (decision 0092) ends with them: their sessions are revoked and
 * their unused sign-in links spent (the agent signs in again as the one they were merged into,
 * whose inspections now hold theirs), and their portal choices (text messages) pass to the
 * survivor unless the survivor made their own.
 */
export async function handOverAgentPortal(
  tx: Transaction,
  companyId: string,
  fromId: number,
  intoId: number,
  now: Date,
): Promise<void> {
  await tx
    .update(t.agentSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(t.agentSessions.companyId, companyId),
        eq(t.agentSessions.agentId, fromId),
        isNull(t.agentSessions.revokedAt),
      ),
    );
  await tx
    .update(t.agentSignInLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(t.agentSignInLinks.companyId, companyId),
        eq(t.agentSignInLinks.agentId, fromId),
        isNull(t.agentSignInLinks.usedAt),
      ),
    );
  const [profile] = await tx
    .delete(t.agentPortalProfiles)
    .where(and(eq(t.agentPortalProfiles.companyId, companyId), eq(t.agentPortalProfiles.agentId, fromId)))
    .returning();
  if (profile)
    await tx
      .insert(t.agentPortalProfiles)
      .values({ ...profile, agentId: intoId })
      .onConflictDoNothing();
}

/**
 * The duplicate's row deleted and the merge recorded; the survivor takes the duplicate's external
 * id when it has none (the caller's system keeps finding the person by it).
 */
export async function recordMerge(tx: Transaction, merge: MergeRow, duplicateExternalId: string | null): Promise<void> {
  const table = tableOf(merge.kind);
  await tx.delete(table).where(and(eq(table.companyId, merge.companyId), eq(table.id, merge.fromId)));
  if (duplicateExternalId !== null)
    await tx
      .update(table)
      .set({ externalId: sql`coalesce(${table.externalId}, ${duplicateExternalId})` })
      .where(and(eq(table.companyId, merge.companyId), eq(table.id, merge.intoId)));
  await tx.insert(t.directoryMerges).values(merge);
}
