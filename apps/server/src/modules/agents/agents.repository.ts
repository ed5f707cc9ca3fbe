import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

export type AgentRow = typeof t.agents.$inferSelect;

/** The company a portal path names: its id, name and settings, or null. */
export async function findPortalCompany(db: Executor, key: string) {
  const [row] = await db
    .select({ id: t.companies.id, key: t.companies.key, name: t.companies.name, settings: t.companies.settings })
    .from(t.companies)
    .where(eq(t.companies.key, key));
  return row ?? null;
}

/** The company's first active office, where "Book another inspection" starts. */
export async function firstActiveOffice(db: Executor, companyId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: t.offices.id })
    .from(t.offices)
    .where(and(eq(t.offices.companyId, companyId), eq(t.offices.active, true)))
    .orderBy(asc(t.offices.position), asc(t.offices.id))
    .limit(1);
  return row?.id ?? null;
}

/** The company's directory real-estate agents with this address (lower-cased): two or more mean sign-in may not guess. */
export function directoryAgentsByEmail(db: Executor, companyId: string, folded: string): Promise<AgentRow[]> {
  return db
    .select()
    .from(t.agents)
    .where(
      and(
        eq(t.agents.companyId, companyId),
        eq(t.agents.kind, 'real_estate'),
        // The company's agents, whoever filed them (its document, its API, a visitor the office accepted):
        // never one still awaiting review, whose address nobody at the company has looked at.
        eq(t.agents.awaitingReview, false),
        sql`lower(${t.agents.email}) = ${folded}`,
      ),
    )
    .orderBy(asc(t.agents.id))
    .limit(2);
}

/** One directory agent of one company, read fresh on every portal request: a removed agent is gone at once. */
export async function findDirectoryAgent(db: Executor, companyId: string, agentId: number): Promise<AgentRow | null> {
  const [row] = await db
    .select()
    .from(t.agents)
    .where(
      and(
        eq(t.agents.companyId, companyId),
        eq(t.agents.id, agentId),
        eq(t.agents.kind, 'real_estate'),
        // The company's agents, whoever filed them (its document, its API, a visitor the office accepted):
        // never one still awaiting review, whose address nobody at the company has looked at.
        eq(t.agents.awaitingReview, false),
      ),
    );
  return row ?? null;
}

export async function recordSignInRequest(db: Executor, row: typeof t.agentSignInRequests.$inferInsert): Promise<void> {
  await db.insert(t.agentSignInRequests).values(row);
}

/** How many sign-in requests named this address at this company, and came from this client anywhere, in (since, now]. */
export async function countSignInRequests(
  db: Executor,
  companyId: string,
  emailHash: string,
  ipHash: string,
  since: Date,
  now: Date,
): Promise<{ byEmail: number; byIp: number }> {
  const [byEmail] = await db
    .select({ n: count() })
    .from(t.agentSignInRequests)
    .where(
      and(
        eq(t.agentSignInRequests.companyId, companyId),
        eq(t.agentSignInRequests.emailHash, emailHash),
        gt(t.agentSignInRequests.at, since),
        lte(t.agentSignInRequests.at, now),
      ),
    );
  const [byIp] = await db
    .select({ n: count() })
    .from(t.agentSignInRequests)
    .where(
      and(
        eq(t.agentSignInRequests.ipHash, ipHash),
        gt(t.agentSignInRequests.at, since),
        lte(t.agentSignInRequests.at, now),
      ),
    );
  return { byEmail: Number(byEmail?.n ?? 0), byIp: Number(byIp?.n ?? 0) };
}

export async function insertSignInLink(db: Executor, row: typeof t.agentSignInLinks.$inferInsert): Promise<void> {
  await db.insert(t.agentSignInLinks).values(row);
}

/**
 * Uses a sign-in link once: marks it used if it is this company's, unused and not yet expired at
 * `now` (the expiry instant itself still good), and returns its agent; null otherwise.
 */
export async function useSignInLink(
  db: Executor,
  companyId: string,
  tokenHash: string,
  now: Date,
): Promise<{ agentId: number } | null> {
  const [row] = await db
    .update(t.agentSignInLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(t.agentSignInLinks.companyId, companyId),
        eq(t.agentSignInLinks.tokenHash, tokenHash),
        isNull(t.agentSignInLinks.usedAt),
        gte(t.agentSignInLinks.expiresAt, now),
      ),
    )
    .returning({ agentId: t.agentSignInLinks.agentId });
  return row ?? null;
}

export async function insertAgentSession(db: Executor, row: typeof t.agentSessions.$inferInsert): Promise<string> {
  const [inserted] = await db.insert(t.agentSessions).values(row).returning({ id: t.agentSessions.id });
  return inserted!.id;
}

/** A live session of this company by its token's hash: not revoked, not expired at `now`. */
export async function findLiveAgentSession(db: Executor, companyId: string, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: t.agentSessions.id, agentId: t.agentSessions.agentId })
    .from(t.agentSessions)
    .where(
      and(
        eq(t.agentSessions.companyId, companyId),
        eq(t.agentSessions.tokenHash, tokenHash),
        isNull(t.agentSessions.revokedAt),
        gt(t.agentSessions.expiresAt, now),
      ),
    );
  return row ?? null;
}

export async function revokeAgentSession(db: Executor, companyId: string, id: string, now: Date): Promise<void> {
  await db
    .update(t.agentSessions)
    .set({ revokedAt: now })
    .where(
      and(eq(t.agentSessions.companyId, companyId), eq(t.agentSessions.id, id), isNull(t.agentSessions.revokedAt)),
    );
}

export async function findPortalProfile(db: Executor, companyId: string, agentId: number) {
  const [row] = await db
    .select({ receivesSms: t.agentPortalProfiles.receivesSms })
    .from(t.agentPortalProfiles)
    .where(and(eq(t.agentPortalProfiles.companyId, companyId), eq(t.agentPortalProfiles.agentId, agentId)));
  return row ?? null;
}

/** The agent's own phone and agency in the directory, and their text-message choice. */
export async function saveAgentProfile(
  db: Executor,
  companyId: string,
  agentId: number,
  profile: { mobilePhone: string; agency: string; receivesSms: boolean },
  now: Date,
): Promise<void> {
  await db
    .update(t.agents)
    .set({ mobilePhone: profile.mobilePhone, agency: profile.agency })
    .where(and(eq(t.agents.companyId, companyId), eq(t.agents.id, agentId)));
  await db
    .insert(t.agentPortalProfiles)
    .values({ companyId, agentId, receivesSms: profile.receivesSms, updatedAt: now })
    .onConflictDoUpdate({
      target: [t.agentPortalProfiles.companyId, t.agentPortalProfiles.agentId],
      set: { receivesSms: profile.receivesSms, updatedAt: now },
    });
}

export interface OrdersCursor {
  datetime: Date;
  id: string;
}

/** The ids of the company's orders the agent is on, as buyer's or seller's agent: a subquery. */
function ordersOfAgent(db: Executor, companyId: string, agentId: number) {
  return db
    .select({ orderId: t.orderParties.orderId })
    .from(t.orderParties)
    .where(
      and(
        eq(t.orderParties.companyId, companyId),
        eq(t.orderParties.agentId, agentId),
        inArray(t.orderParties.role, ['buyers_agent', 'sellers_agent']),
      ),
    );
}

/**
 * One page of the booked or cancelled orders of one company on which this agent is the buyer's or
 * seller's agent, inside [from, to): upcoming ones soonest first, past ones latest first, by
 * keyset on (datetime, id).
 */
export function agentOrdersPage(
  db: Executor,
  query: {
    companyId: string;
    agentId: number;
    from: Date;
    to: Date;
    direction: 'asc' | 'desc';
    after: OrdersCursor | null;
    limit: number;
  },
) {
  const { companyId, agentId, from, to, direction, after, limit } = query;
  const onOrder = ordersOfAgent(db, companyId, agentId);
  const keyset =
    after === null
      ? undefined
      : direction === 'asc'
        ? or(
            gt(t.orders.datetime, after.datetime),
            and(eq(t.orders.datetime, after.datetime), gt(t.orders.id, after.id)),
          )
        : or(
            lt(t.orders.datetime, after.datetime),
            and(eq(t.orders.datetime, after.datetime), lt(t.orders.id, after.id)),
          );
  const order =
    direction === 'asc' ? [asc(t.orders.datetime), asc(t.orders.id)] : [desc(t.orders.datetime), desc(t.orders.id)];
  return db
    .select({
      id: t.orders.id,
      status: t.orders.status,
      datetime: t.orders.datetime,
      paid: t.orders.paid,
      address1: t.orders.address1,
      city: t.orders.city,
      postalCode: t.orders.postalCode,
      timeZone: t.offices.timeZone,
    })
    .from(t.orders)
    .innerJoin(t.offices, and(eq(t.offices.companyId, t.orders.companyId), eq(t.offices.id, t.orders.officeId)))
    .where(
      and(
        eq(t.orders.companyId, companyId),
        inArray(t.orders.id, onOrder),
        inArray(t.orders.status, ['confirmed', 'cancelled']),
        gte(t.orders.datetime, from),
        lt(t.orders.datetime, to),
        keyset,
      ),
    )
    .orderBy(...order)
    .limit(limit);
}

/**
 * The cart (package and services) of the agent's latest booked order of the company confirmed at
 * or after `since`, or null: by confirmation time, the order id breaking a tie.
 */
export async function latestBookedCart(
  db: Executor,
  companyId: string,
  agentId: number,
  since: Date,
): Promise<{ packageIds: number[]; serviceIds: string[] } | null> {
  const onOrder = ordersOfAgent(db, companyId, agentId);
  const [row] = await db
    .select({ packageIds: t.orders.packageIds, serviceIds: t.orders.serviceIds })
    .from(t.orders)
    .where(
      and(
        eq(t.orders.companyId, companyId),
        inArray(t.orders.id, onOrder),
        eq(t.orders.status, 'confirmed'),
        gte(t.orders.confirmedAt, since),
      ),
    )
    .orderBy(desc(t.orders.confirmedAt), desc(t.orders.id))
    .limit(1);
  return row ?? null;
}

/** The first client and the agent's role on each of these orders of the company. */
export function partiesOf(db: Executor, companyId: string, orderIds: readonly string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      orderId: t.orderParties.orderId,
      role: t.orderParties.role,
      position: t.orderParties.position,
      agentId: t.orderParties.agentId,
      person: t.orderParties.person,
    })
    .from(t.orderParties)
    .where(
      and(
        eq(t.orderParties.companyId, companyId),
        inArray(t.orderParties.orderId, [...orderIds]),
        inArray(t.orderParties.role, ['client', 'buyers_agent', 'sellers_agent']),
      ),
    )
    .orderBy(asc(t.orderParties.orderId), asc(t.orderParties.position));
}

/** The agreements of these orders of the company that are not voided: their statuses. */
export function agreementsOf(db: Executor, companyId: string, orderIds: readonly string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({ orderId: t.orderAgreements.orderId, status: t.orderAgreements.status })
    .from(t.orderAgreements)
    .where(
      and(
        eq(t.orderAgreements.companyId, companyId),
        inArray(t.orderAgreements.orderId, [...orderIds]),
        sql`${t.orderAgreements.status} <> 'voided'`,
      ),
    );
}

/** Whether the agent is the buyer's or seller's agent of this booked order of the company, its inspection not yet begun at `now`. */
export async function isAgentsUpcomingOrder(
  db: Executor,
  query: { companyId: string; agentId: number; orderId: string; now: Date },
): Promise<boolean> {
  const [row] = await db
    .select({ id: t.orders.id })
    .from(t.orders)
    .innerJoin(
      t.orderParties,
      and(eq(t.orderParties.companyId, t.orders.companyId), eq(t.orderParties.orderId, t.orders.id)),
    )
    .where(
      and(
        eq(t.orders.companyId, query.companyId),
        eq(t.orders.id, query.orderId),
        eq(t.orders.status, 'confirmed'),
        gte(t.orders.datetime, query.now),
        eq(t.orderParties.agentId, query.agentId),
        inArray(t.orderParties.role, ['buyers_agent', 'sellers_agent']),
      ),
    )
    .limit(1);
  return row !== undefined;
}
