import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { SEARCH_RESULT_LIMIT } from '@scheduler/contracts/people';
import type { Setting } from '@scheduler/contracts/settings';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import { foldedStartPattern, foldedWordPattern, foldedWordStart, searchWords } from '../../db/text-search.ts';

/** What the people calls check a request against: the company's settings, states and contact types. */
export interface PeopleCompany {
  settings: Setting[];
  maxClients: number;
  /** The country its phone numbers are judged for ("US"). */
  country: string;
  stateIds: ReadonlySet<number>;
  contactTypes: Array<{ id: number; name: string }>;
}

export async function loadContactTypes(db: Executor, companyId: string): Promise<Array<{ id: number; name: string }>> {
  return db
    .select({ id: t.contactTypes.id, name: t.contactTypes.name })
    .from(t.contactTypes)
    .where(eq(t.contactTypes.companyId, companyId))
    .orderBy(asc(t.contactTypes.position));
}

export async function loadPeopleCompany(db: Executor, companyId: string): Promise<PeopleCompany | null> {
  // One after the other: `db` may be a transaction, one connection that runs one query at a time
  // (node-postgres warns of a query sent while another runs, and pg 9 refuses it).
  const [company] = await db
    .select({ settings: t.companies.settings, maxClients: t.companies.maxClients, country: t.companies.country })
    .from(t.companies)
    .where(eq(t.companies.id, companyId));
  if (!company) return null;
  const states = await db.select({ id: t.states.id }).from(t.states).where(eq(t.states.companyId, companyId));
  const contactTypes = await loadContactTypes(db, companyId);
  return {
    settings: company.settings,
    maxClients: company.maxClients,
    country: company.country,
    stateIds: new Set(states.map((s) => s.id)),
    contactTypes,
  };
}

/** Just the settings, for the searches (the hot path: one small row). */
export async function loadCompanySettings(db: Executor, companyId: string): Promise<Setting[] | null> {
  const [company] = await db
    .select({ settings: t.companies.settings })
    .from(t.companies)
    .where(eq(t.companies.id, companyId));
  return company?.settings ?? null;
}

export type UserTypeValue = NonNullable<typeof t.orders.$inferSelect.userType>;

export async function loadOrderUserType(
  db: Executor,
  companyId: string,
  orderId: string,
): Promise<UserTypeValue | null> {
  const [order] = await db
    .select({ userType: t.orders.userType })
    .from(t.orders)
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
  return order?.userType ?? null;
}

export async function saveOrderUserType(
  db: Executor,
  companyId: string,
  orderId: string,
  userType: UserTypeValue,
): Promise<void> {
  await db
    .update(t.orders)
    .set({ userType, updatedAt: new Date() })
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
}

export type AgentRow = typeof t.agents.$inferSelect;
export type DirectoryContactRow = typeof t.directoryContacts.$inferSelect;
export type AgentKind = AgentRow['kind'];

/** The company's own real-estate agent (not one a visitor added and the office has yet to review) with this e-mail address, or null. */
export async function findDirectoryAgentByEmail(
  db: Executor,
  companyId: string,
  email: string,
): Promise<AgentRow | null> {
  const [row] = await db
    .select()
    .from(t.agents)
    .where(
      and(
        eq(t.agents.companyId, companyId),
        eq(t.agents.kind, 'real_estate'),
        // The company's agents, whoever filed them (its document, its API, a visitor the office accepted):
        // never one still awaiting review, whose address nobody at the company has looked at.
        eq(t.agents.awaitingReview, false),
        sql`lower(${t.agents.email}) = ${email.toLowerCase()}`,
      ),
    )
    .orderBy(asc(t.agents.id))
    .limit(1);
  return row ?? null;
}

/** One agent of one company and kind, or null: a visitor attaches only their company's people. */
export async function findAgent(
  db: Executor,
  companyId: string,
  kind: AgentKind,
  id: number,
): Promise<AgentRow | null> {
  const [row] = await db
    .select()
    .from(t.agents)
    .where(and(eq(t.agents.companyId, companyId), eq(t.agents.kind, kind), eq(t.agents.id, id)));
  return row ?? null;
}

export async function findDirectoryContact(
  db: Executor,
  companyId: string,
  id: number,
): Promise<DirectoryContactRow | null> {
  const [row] = await db
    .select()
    .from(t.directoryContacts)
    .where(and(eq(t.directoryContacts.companyId, companyId), eq(t.directoryContacts.id, id)));
  return row ?? null;
}

/** A page of the company's agents or contacts by id, after `afterId`, at most `limit` and whether more follow (the public API, decision 0087). */
export async function listDirectoryPage(
  db: Executor,
  companyId: string,
  type: 'agents' | 'contacts',
  afterId: number,
  limit: number,
): Promise<{ rows: Array<AgentRow | DirectoryContactRow>; more: boolean }> {
  const table = type === 'agents' ? t.agents : t.directoryContacts;
  const rows: Array<AgentRow | DirectoryContactRow> = await db
    .select()
    .from(table)
    .where(and(eq(table.companyId, companyId), gt(table.id, afterId)))
    .orderBy(asc(table.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/** One agent of the company, whatever its kind, or null. */
export async function findAnyAgent(db: Executor, companyId: string, id: number): Promise<AgentRow | null> {
  const [row] = await db
    .select()
    .from(t.agents)
    .where(and(eq(t.agents.companyId, companyId), eq(t.agents.id, id)));
  return row ?? null;
}

/** The person columns a visitor's new agent or contact is written with. */
export type NewPersonColumns = Omit<
  typeof t.agents.$inferInsert,
  'companyId' | 'id' | 'source' | 'kind' | 'agency' | 'pacOptOut' | 'searchText'
>;

const nextAddedOnlineId = sql<number>`nextval('people_added_online_ids')::int`;

/** Adds an agent to the company's directory as added online (decision 0015), awaiting the office's review (0091); returns its new id. */
export async function insertAgentAddedOnline(
  db: Executor,
  companyId: string,
  agent: NewPersonColumns & { kind: AgentKind; agency: string; pacOptOut: boolean },
): Promise<number> {
  const [row] = await db
    .insert(t.agents)
    .values({ ...agent, companyId, id: nextAddedOnlineId, source: 'visitor', awaitingReview: true })
    .returning({ id: t.agents.id });
  return row!.id;
}

/** Adds a contact to the company's contacts directory as added online, awaiting review; returns its new id. */
export async function insertContactAddedOnline(
  db: Executor,
  companyId: string,
  contact: NewPersonColumns & { contactTypeId: number },
): Promise<number> {
  const [row] = await db
    .insert(t.directoryContacts)
    .values({ ...contact, companyId, id: nextAddedOnlineId, source: 'visitor', awaitingReview: true })
    .returning({ id: t.directoryContacts.id });
  return row!.id;
}

export type PartyRole = (typeof t.orderParties.$inferSelect)['role'];

export interface OrderPartyValues {
  /** The directory id of an agent or contact (a client has none). */
  directoryId: number | null;
  contactTypeId: number | null;
  person: Record<string, unknown>;
}

/** Replaces every party of one role on the order with these, in their order. */
export async function replaceOrderParties(
  db: Executor,
  companyId: string,
  orderId: string,
  role: PartyRole,
  parties: readonly OrderPartyValues[],
): Promise<void> {
  await db
    .delete(t.orderParties)
    .where(
      and(eq(t.orderParties.companyId, companyId), eq(t.orderParties.orderId, orderId), eq(t.orderParties.role, role)),
    );
  if (parties.length === 0) return;
  await db.insert(t.orderParties).values(
    parties.map((party, position) => ({
      companyId,
      orderId,
      role,
      position,
      agentId: party.directoryId,
      contactTypeId: party.contactTypeId,
      person: party.person,
    })),
  );
}

/** Replaces the order's party of one role at one position (the first client), leaving the others. */
export async function replaceOrderPartyAt(
  db: Executor,
  companyId: string,
  orderId: string,
  role: PartyRole,
  position: number,
  party: OrderPartyValues,
): Promise<void> {
  await db
    .delete(t.orderParties)
    .where(
      and(
        eq(t.orderParties.companyId, companyId),
        eq(t.orderParties.orderId, orderId),
        eq(t.orderParties.role, role),
        eq(t.orderParties.position, position),
      ),
    );
  await db.insert(t.orderParties).values({
    companyId,
    orderId,
    role,
    position,
    agentId: party.directoryId,
    contactTypeId: party.contactTypeId,
    person: party.person,
  });
}

export async function orderParties(db: Executor, companyId: string, orderId: string, role: PartyRole) {
  return db
    .select({
      position: t.orderParties.position,
      directoryId: t.orderParties.agentId,
      contactTypeId: t.orderParties.contactTypeId,
    })
    .from(t.orderParties)
    .where(
      and(eq(t.orderParties.companyId, companyId), eq(t.orderParties.orderId, orderId), eq(t.orderParties.role, role)),
    )
    .orderBy(asc(t.orderParties.position));
}

export async function appendOrderParty(
  db: Executor,
  companyId: string,
  orderId: string,
  role: PartyRole,
  party: OrderPartyValues,
): Promise<void> {
  const existing = await orderParties(db, companyId, orderId, role);
  const position = existing.reduce((highest, row) => Math.max(highest, row.position + 1), 0);
  await db.insert(t.orderParties).values({
    companyId,
    orderId,
    role,
    position,
    agentId: party.directoryId,
    contactTypeId: party.contactTypeId,
    person: party.person,
  });
}

/** Takes one directory person off the order's parties of a role; true when there was one. */
export async function removeOrderParty(
  db: Executor,
  companyId: string,
  orderId: string,
  role: PartyRole,
  directoryId: number,
): Promise<boolean> {
  const removed = await db
    .delete(t.orderParties)
    .where(
      and(
        eq(t.orderParties.companyId, companyId),
        eq(t.orderParties.orderId, orderId),
        eq(t.orderParties.role, role),
        eq(t.orderParties.agentId, directoryId),
      ),
    )
    .returning({ id: t.orderParties.id });
  return removed.length > 0;
}

/**
 * The people search (issue 10): every typed word must occur in the person's folded name, e-mail,
 * company or agency (case and accents ignored, as the migration's `people_fold` does): anywhere
 * from three letters on, at the start of a word below. The best come first: a name that starts
 * with the whole query, then a word that starts with its first word, then the rest; ties by last
 * and first name. The stored text starts with a space, so ' jo' finds a word's start anywhere, and
 * the trigram index serves every pattern (two letters included, through their padded trigrams).
 */
function searchCondition(searchText: AnyPgColumn, query: string, limitWords = 5): { where: SQL; rank: SQL } {
  const words = searchWords(query, limitWords);
  const matches = words.map((word) => sql`${searchText} like ${foldedWordPattern(word)}`);
  const rank = sql`case when ${searchText} like ${foldedStartPattern(words.join(' '))} then 0 when ${searchText} like ${foldedWordStart(words[0] ?? '')} then 1 else 2 end`;
  return { where: sql.join(matches, sql` and `), rank };
}

/** The best matches of one company's people, narrowed by `scope` (a kind of agent, a contact type). */
async function searchPeople<T extends typeof t.agents | typeof t.directoryContacts>(
  db: Executor,
  table: T,
  companyId: string,
  scope: SQL,
  query: string,
) {
  const { where, rank } = searchCondition(table.searchText, query);
  return db
    .select()
    .from(table as typeof t.agents)
    .where(and(eq(table.companyId, companyId), scope, where))
    .orderBy(rank, asc(table.last), asc(table.first), asc(table.id))
    .limit(SEARCH_RESULT_LIMIT) as unknown as Promise<Array<T['$inferSelect']>>;
}

export async function searchAgents(
  db: Executor,
  companyId: string,
  kind: AgentKind,
  query: string,
): Promise<AgentRow[]> {
  return searchPeople(db, t.agents, companyId, eq(t.agents.kind, kind), query);
}

export async function searchDirectoryContacts(
  db: Executor,
  companyId: string,
  contactTypeId: number,
  query: string,
): Promise<DirectoryContactRow[]> {
  return searchPeople(db, t.directoryContacts, companyId, eq(t.directoryContacts.contactTypeId, contactTypeId), query);
}

/** The people of one role on an order, as the order keeps them (for the SMS consent record). */
export async function orderPartyPersons(
  db: Executor,
  companyId: string,
  orderId: string,
  role: PartyRole,
): Promise<Array<Record<string, unknown>>> {
  const rows = await db
    .select({ person: t.orderParties.person })
    .from(t.orderParties)
    .where(
      and(eq(t.orderParties.companyId, companyId), eq(t.orderParties.orderId, orderId), eq(t.orderParties.role, role)),
    );
  return rows.map((row) => row.person);
}

/** Deletes the order's parties with these row ids (the office's edit takes people off an order). */
export async function deleteOrderPartiesById(
  db: Executor,
  companyId: string,
  orderId: string,
  partyIds: readonly string[],
): Promise<void> {
  const ofOrder = and(eq(t.orderParties.companyId, companyId), eq(t.orderParties.orderId, orderId));
  await db.delete(t.orderParties).where(and(ofOrder, inArray(t.orderParties.id, [...partyIds])));
}

/**
 * The order's clients numbered 0, 1, … by their order again (and their copy's id 1, 2, …, as the
 * contacts step numbers them), after one was taken off: the first client is always position 0.
 */
export async function renumberClients(db: Executor, companyId: string, orderId: string): Promise<void> {
  await db.execute(sql`
    update ${t.orderParties} as p
    set position = r.n - 1, person = p.person || jsonb_build_object('id', r.n)
    from (
      select id, row_number() over (order by position) as n
      from ${t.orderParties}
      where company_id = ${companyId} and order_id = ${orderId} and role = 'client'
    ) as r
    where p.id = r.id and p.company_id = ${companyId} and p.order_id = ${orderId}`);
}
