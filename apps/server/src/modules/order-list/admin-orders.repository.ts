import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { OrdersCursor } from '@scheduler/contracts/orders-cursor';
import { orderIdRangeOf } from '@scheduler/domain/order-reference';
import { phoneQueryDigits } from '@scheduler/domain/people/phone-search';
import type { ControlText } from '@scheduler/domain/property/answer-text';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import { foldedContaining, searchWords } from '../../db/text-search.ts';

export async function findCompany(db: Executor, key: string): Promise<{ id: string; currency: string } | null> {
  const [row] = await db
    .select({ id: t.companies.id, currency: t.companies.currency })
    .from(t.companies)
    .where(eq(t.companies.key, key));
  return row ?? null;
}

/** Which orders a listing shows: a status, office-local dates (either end may be open), and the console's narrower filters. */
export interface OrdersFilter {
  from?: string | undefined;
  to?: string | undefined;
  status: 'booked' | 'cancelled' | 'all';
  /** Only orders this inspector works on. */
  inspectorId?: number | undefined;
  /** Words each found in a person's name or e-mail, or in the address. */
  text?: string | undefined;
  orderId?: string | undefined;
  /** Only orders with an agreement still waiting for a signature (the console's filter). */
  agreementUnsigned?: boolean | undefined;
}

/**
 * One word of a text search, anywhere in the address or in the name or e-mail of anyone on the
 * order, the order's number, or a phone number of anyone on it, case and accents ignored as the people searches fold them (db/text-search.ts). Each side is one company's
 * rows found through its search text's trigram index (migration 0021), so a search costs the
 * matches, not the company's history. The orders' index holds no drafts (decision 0108): the
 * address's arm says so, or the planner could not use it.
 */
function textMatches(companyId: string, word: string): SQL {
  const pattern = foldedContaining(word);
  // The order number of the e-mails ("F80ADF62"): the ids that start with it, a range of the
  // primary key (issue 41). A third arm of the union rather than an OR beside it: an OR makes
  // the planner read every order of the company.
  const ids = orderIdRangeOf(word);
  const byNumber = ids
    ? sql`union all
    select o.id from ${t.orders} o where o.company_id = ${companyId} and o.id between ${ids.first}::uuid and ${ids.last}::uuid`
    : sql``;
  // A phone typed in any format, looked for in the people's numbers as digits (issue 41); a
  // house number ("7777") is looked for both ways.
  const digits = phoneQueryDigits(word);
  const byPhone = digits
    ? sql`union all
    select p.order_id from ${t.orderParties} p where p.company_id = ${companyId} and p.phone_search like ${`%${digits}%`}`
    : sql``;
  return sql`${t.orders.id} in (
    select p.order_id from ${t.orderParties} p where p.company_id = ${companyId} and p.search_text like ${pattern}
    union all
    select o.id from ${t.orders} o where o.company_id = ${companyId} and o.status <> 'draft' and o.search_text like ${pattern}
    ${byNumber}
    ${byPhone})`;
}

/** The terms a search is made of: its words, or the whole of it when it is one phone number ("(614) 555-0199"). */
function searchTerms(text: string): string[] {
  return phoneQueryDigits(text) !== null ? [text.trim()] : searchWords(text, 8);
}

/**
 * The instants within which every appointment on office-local dates from..to falls, whatever the
 * office's zone (UTC offsets run from -12 to +14 hours): a day either side. They let the
 * (company, datetime) index bound the rows read; the office-local dates are then checked exactly.
 */
function instantsAround(from: string | undefined, to: string | undefined): SQL[] {
  const bounds: SQL[] = [];
  if (from) bounds.push(sql`${t.orders.datetime} >= ((${from}::date - 1)::timestamp at time zone 'UTC')`);
  if (to) bounds.push(sql`${t.orders.datetime} < ((${to}::date + 2)::timestamp at time zone 'UTC')`);
  return bounds;
}

/** Where a listing's page starts: a page number's offset, or a keyset cursor (null: the first page). */
export type OrdersPosition = { offset: number; limit: number } | { cursor: OrdersCursor | null; limit: number };

/** The statuses a listing's `status` names. */
function statusesOf(status: OrdersFilter['status']): Array<'confirmed' | 'cancelled'> {
  return status === 'booked' ? ['confirmed'] : status === 'cancelled' ? ['cancelled'] : ['confirmed', 'cancelled'];
}

/** The conditions of a listing's filter, on `orders` joined with its office. */
function filterConditions(companyId: string, range: OrdersFilter): SQL[] {
  // The office's own calendar date of the appointment, wherever the server runs.
  const localDate = sql`(${t.orders.datetime} at time zone ${t.offices.timeZone})::date`;
  const conditions: SQL[] = [eq(t.orders.companyId, companyId), inArray(t.orders.status, statusesOf(range.status))];
  conditions.push(...instantsAround(range.from, range.to));
  if (range.from) conditions.push(sql`${localDate} >= ${range.from}::date`);
  if (range.to) conditions.push(sql`${localDate} <= ${range.to}::date`);
  if (range.inspectorId !== undefined)
    conditions.push(sql`${t.orders.inspectors} @> ${JSON.stringify([{ id: range.inspectorId }])}::jsonb`);
  if (range.orderId !== undefined) conditions.push(eq(t.orders.id, range.orderId));
  // A probe of the order's own agreements (order_agreements_order_idx) for each order the window
  // reads, never a scan of the company's agreements: the listing stays bounded by its window.
  if (range.agreementUnsigned)
    conditions.push(sql`exists (select 1 from ${t.orderAgreements} a
      where a.company_id = ${companyId} and a.order_id = ${t.orders.id} and a.status = 'pending')`);
  for (const term of searchTerms(range.text ?? '')) conditions.push(textMatches(companyId, term));
  return conditions;
}

const officeJoin = and(eq(t.offices.companyId, t.orders.companyId), eq(t.offices.id, t.orders.officeId));

function selectListed(db: Executor) {
  return db
    .select({ order: t.orders, timeZone: t.offices.timeZone, officeName: t.offices.name })
    .from(t.orders)
    .innerJoin(t.offices, officeJoin);
}

export type ListedOrderRow = Awaited<ReturnType<ReturnType<typeof selectListed>['execute']>>[number];

/**
 * One stretch of the listing's order read by keyset: the orders with a time, or those without
 * one (they come last, by id), after or before a key, at most `limit` of them, in the direction
 * read. Each is a range of `orders_company_datetime_id_idx` (migration 0028) read in order.
 */
function keysetStretch(
  db: Executor,
  where: SQL[],
  stretch: { timed: boolean; direction: 'after' | 'before'; key: { at: string | null; id: string } | null },
  limit: number,
) {
  const conditions = [...where, stretch.timed ? isNotNull(t.orders.datetime) : isNull(t.orders.datetime)];
  const key = stretch.key;
  const after = stretch.direction === 'after';
  if (key && stretch.timed && key.at !== null)
    conditions.push(
      after
        ? sql`(${t.orders.datetime}, ${t.orders.id}) > (${key.at}::timestamptz, ${key.id}::uuid)`
        : sql`(${t.orders.datetime}, ${t.orders.id}) < (${key.at}::timestamptz, ${key.id}::uuid)`,
    );
  if (key && !stretch.timed && key.at === null)
    conditions.push(after ? sql`${t.orders.id} > ${key.id}::uuid` : sql`${t.orders.id} < ${key.id}::uuid`);
  const order = after ? asc : desc;
  return selectListed(db)
    .where(and(...conditions))
    .orderBy(...(stretch.timed ? [order(t.orders.datetime), order(t.orders.id)] : [order(t.orders.id)]))
    .limit(limit);
}

/**
 * Up to `limit` orders from a cursor, in the listing's order (appointment, then id; the orders
 * without a time last), and whether more lie beyond them in the direction read. A cursor names
 * the order it starts after (or before); ties of the appointment are broken by the id, so a page
 * never repeats or skips an order that did not change.
 */
async function keysetPage(db: Executor, where: SQL[], cursor: OrdersCursor | null, limit: number, timedOnly: boolean) {
  const direction = cursor?.direction ?? 'after';
  // Reading forward, the timed orders come first; backward, the untimed ones. A cursor in the
  // untimed stretch skips the timed one going forward; one in the timed stretch skips the
  // untimed one going backward.
  const stretches =
    direction === 'after'
      ? [...(cursor?.at === null ? [] : [{ timed: true }]), ...(timedOnly ? [] : [{ timed: false }])]
      : [...(cursor !== null && cursor.at !== null ? [] : timedOnly ? [] : [{ timed: false }]), { timed: true }];
  const rows: ListedOrderRow[] = [];
  for (const { timed } of stretches) {
    const wanted = limit + 1 - rows.length;
    if (wanted <= 0) break;
    const key = cursor && (cursor.at !== null) === timed ? cursor : null;
    rows.push(...(await keysetStretch(db, where, { timed, direction, key }, wanted)));
  }
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  return { rows: direction === 'after' ? page : page.reverse(), more };
}

/**
 * Booked (confirmed) or cancelled orders, as `status` asks, whose appointment falls on
 * office-local dates from..to (either may be open), soonest first (ties by id), one page, with
 * the total count (unless `count` is false) and whether more lie beyond the page in the
 * direction read.
 */
export async function listConfirmedOrders(
  db: Executor,
  companyId: string,
  range: OrdersFilter,
  position: OrdersPosition,
  options: { count: boolean } = { count: true },
): Promise<{ rows: ListedOrderRow[]; total: number; more: boolean }> {
  const conditions = filterConditions(companyId, range);
  const where = and(...conditions);
  const [page, total] = await Promise.all([
    'offset' in position
      ? selectListed(db)
          .where(where)
          .orderBy(asc(t.orders.datetime), asc(t.orders.id))
          .offset(position.offset)
          .limit(position.limit + 1)
          .then((rows) => ({ rows: rows.slice(0, position.limit), more: rows.length > position.limit }))
      : // A listing bounded by dates holds no order without a time.
        keysetPage(db, conditions, position.cursor, position.limit, Boolean(range.from || range.to)),
    options.count ? countConfirmedOrders(db, companyId, range) : Promise.resolve(-1),
  ]);
  return { rows: page.rows, more: page.more, total };
}

/**
 * The public API's polling (decision 0087): booked or cancelled orders of the filter changed at or
 * after `since`, newest changed first (ties by id, descending), after the cursor's (updated_at, id),
 * at most `limit` and whether more lie beyond. A range of `orders_company_updated_id_idx` read
 * backward.
 */
export async function listOrdersChangedSince(
  db: Executor,
  companyId: string,
  range: OrdersFilter,
  since: string,
  cursor: { at: string; id: string } | null,
  limit: number,
): Promise<{ rows: ListedOrderRow[]; more: boolean }> {
  const conditions = [...filterConditions(companyId, range), sql`${t.orders.updatedAt} >= ${since}::timestamptz`];
  if (cursor)
    conditions.push(sql`(${t.orders.updatedAt}, ${t.orders.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`);
  const rows = await selectListed(db)
    .where(and(...conditions))
    .orderBy(desc(t.orders.updatedAt), desc(t.orders.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/** How many orders a listing's filter matches. */
export async function countConfirmedOrders(db: Executor, companyId: string, range: OrdersFilter): Promise<number> {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t.orders)
    .innerJoin(t.offices, officeJoin)
    .where(and(...filterConditions(companyId, range)));
  return Number(count?.n ?? 0);
}

/** The people of some orders of one company. */
export async function loadParties(db: Executor, companyId: string, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({ orderId: t.orderParties.orderId, role: t.orderParties.role, person: t.orderParties.person })
    .from(t.orderParties)
    .where(and(eq(t.orderParties.companyId, companyId), inArray(t.orderParties.orderId, orderIds)))
    .orderBy(asc(t.orderParties.role), asc(t.orderParties.position));
}

/** The property answers of some orders of one company. */
export async function loadAnswers(db: Executor, companyId: string, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: t.orderAnswers.orderId,
      controlId: t.orderAnswers.controlId,
      value: t.orderAnswers.value,
      checked: t.orderAnswers.checked,
    })
    .from(t.orderAnswers)
    .where(and(eq(t.orderAnswers.companyId, companyId), inArray(t.orderAnswers.orderId, orderIds)));
}

/** The company's property questions as the office reads them, in the order it asks them. */
export async function loadQuestionTexts(db: Executor, companyId: string): Promise<ControlText[]> {
  const controls = await db
    .select({
      id: t.propertyControls.id,
      type: t.propertyControls.type,
      label: t.propertyControls.label,
      options: t.propertyControls.options,
    })
    .from(t.propertyControls)
    .where(eq(t.propertyControls.companyId, companyId))
    .orderBy(asc(t.propertyControls.sort), asc(t.propertyControls.id));
  // The company document's schema checked each type when it was imported.
  return controls.map((control) => ({ ...control, type: control.type as ControlText['type'] }));
}

/** Every inspector's display name and every state's abbreviation of the company. */
export async function loadNames(db: Executor, companyId: string) {
  const [inspectors, states] = await Promise.all([
    db
      .select({ id: t.inspectors.id, display: t.inspectors.display })
      .from(t.inspectors)
      .where(eq(t.inspectors.companyId, companyId)),
    db
      .select({ id: t.states.id, abbreviation: t.states.abbreviation })
      .from(t.states)
      .where(eq(t.states.companyId, companyId)),
  ]);
  return {
    inspectors: new Map(inspectors.map((i) => [i.id, i.display])),
    states: new Map(states.map((s) => [s.id, s.abbreviation])),
  };
}

/** The audit trail of one order of one company, oldest first; null when the company has no such order. */
export async function loadOrderEvents(db: Executor, companyId: string, orderId: string) {
  const [order] = await db
    .select({ id: t.orders.id })
    .from(t.orders)
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
  if (!order) return null;
  return db
    .select()
    .from(t.orderEvents)
    .where(and(eq(t.orderEvents.companyId, companyId), eq(t.orderEvents.orderId, orderId)))
    .orderBy(asc(t.orderEvents.id));
}

export async function inspectorExists(db: Executor, companyId: string, inspectorId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: t.inspectors.id })
    .from(t.inspectors)
    .where(and(eq(t.inspectors.companyId, companyId), eq(t.inspectors.id, inspectorId)));
  return Boolean(row);
}

/** Replaces the inspector's calendar-feed secret (the old URL stops working). */
export async function saveCalendarSecret(
  db: Executor,
  companyId: string,
  inspectorId: number,
  secretHash: string,
): Promise<void> {
  await db
    .insert(t.inspectorCalendarFeeds)
    .values({ companyId, inspectorId, secretHash })
    .onConflictDoUpdate({
      target: [t.inspectorCalendarFeeds.companyId, t.inspectorCalendarFeeds.inspectorId],
      set: { secretHash, createdAt: new Date() },
    });
}

export async function calendarSecretMatches(
  db: Executor,
  companyId: string,
  inspectorId: number,
  secretHash: string,
): Promise<boolean> {
  const [row] = await db
    .select({ inspectorId: t.inspectorCalendarFeeds.inspectorId })
    .from(t.inspectorCalendarFeeds)
    .where(
      and(
        eq(t.inspectorCalendarFeeds.companyId, companyId),
        eq(t.inspectorCalendarFeeds.inspectorId, inspectorId),
        eq(t.inspectorCalendarFeeds.secretHash, secretHash),
      ),
    );
  return Boolean(row);
}

/** An inspector's confirmed appointments since `since`, newest last, with their orders and offices. */
export async function loadInspectorAppointments(db: Executor, companyId: string, inspectorId: number, since: Date) {
  return db
    .select({ order: t.orders, office: t.offices })
    .from(t.appointments)
    .innerJoin(t.orders, and(eq(t.orders.companyId, t.appointments.companyId), eq(t.orders.id, t.appointments.orderId)))
    .innerJoin(t.offices, and(eq(t.offices.companyId, t.orders.companyId), eq(t.offices.id, t.orders.officeId)))
    .where(
      and(
        eq(t.appointments.companyId, companyId),
        eq(t.appointments.inspectorId, inspectorId),
        eq(t.appointments.kind, 'appointment'),
        eq(t.orders.status, 'confirmed'),
        sql`upper(${t.appointments.during}) >= ${since.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(sql`lower(${t.appointments.during})`))
    .limit(2000);
}
