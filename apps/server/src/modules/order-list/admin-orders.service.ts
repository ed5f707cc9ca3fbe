import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { ATTRIBUTION_FIELDS } from '@scheduler/contracts/attribution';
import type { AdminOrder, AdminOrderPerson, AdminOrdersQuery, AdminOrdersResponse } from '@scheduler/contracts/confirm';
import type { PublicOrdersResponse } from '@scheduler/contracts/public-api';
import { encodeOrdersCursor, type OrdersCursor } from '@scheduler/contracts/orders-cursor';
import type { Database } from '../../db/connection.ts';
import { AppError, NotFoundError, UnauthorizedError } from '../../errors.ts';
import { calendarFeed, type ConfirmedOrderFacts } from '../notifications/mail-content.ts';
import { hashToken } from '../sessions/tokens.ts';
import { changeHistory } from '../booking-changes/manage.service.ts';
import { htmlToPlainText } from '@scheduler/domain/html-text';
import { csvText } from '../../http/csv-text.ts';
import { byOrderId } from '../../db/group-rows.ts';
import { officeClockAt } from '@scheduler/domain/office-clock';
import { DisplayTotalMismatch, displayLines, type DisplayLineKind } from '@scheduler/domain/pricing/display-lines';
import { pricingSchema } from '@scheduler/contracts/pricing';
import { answeredQuestions, foundationText } from '@scheduler/domain/property/answer-text';
import { storedPersonName } from '@scheduler/domain/people/person-display';
import {
  calendarSecretMatches,
  countConfirmedOrders,
  findCompany,
  inspectorExists,
  listConfirmedOrders,
  listOrdersChangedSince,
  type ListedOrderRow,
  type OrdersFilter,
  loadAnswers,
  loadInspectorAppointments,
  loadNames,
  loadOrderEvents,
  loadParties,
  loadQuestionTexts,
  saveCalendarSecret,
} from './admin-orders.repository.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** How far back an inspector's feed reaches: recent history, without growing forever. */
const FEED_HISTORY_DAYS = 90;

type Snapshot = { total_cents?: unknown; lines?: Array<{ id?: unknown; name?: unknown }> } | null;

/** A client, agent or contact as the office reads them: name, e-mail, phones and company as the order keeps them. */
function listedPerson(role: string, person: Record<string, unknown>): AdminOrderPerson {
  const text = (field: string) => {
    const value = person[field];
    return typeof value === 'string' ? value : '';
  };
  return {
    role,
    name: storedPersonName(person),
    email: text('email'),
    mobile_phone: text('mobile_phone'),
    work_phone: text('work_phone'),
    home_phone: text('home_phone'),
    work_fax: text('work_fax'),
    home_fax: text('home_fax'),
    company: text('company'),
    agency: text('agency'),
  };
}

/** The appointment on the office's clock: its start, its end (start plus duration) and the zone's offset at each. */
function officeLocalTimes(timeZone: string, start: Date | null, durationMinutes: number) {
  if (!start)
    return {
      time_zone: timeZone,
      local_date: null,
      local_time: null,
      utc_offset: null,
      zone_abbreviation: null,
      local_end_date: null,
      local_end_time: null,
      local_end_utc_offset: null,
    };
  const begins = officeClockAt(timeZone, start.getTime());
  const ends = officeClockAt(timeZone, start.getTime() + durationMinutes * MINUTE_MS);
  return {
    time_zone: timeZone,
    local_date: begins.date,
    local_time: begins.time,
    utc_offset: begins.utcOffset,
    zone_abbreviation: begins.abbreviation,
    local_end_date: ends.date,
    local_end_time: ends.time,
    local_end_utc_offset: ends.utcOffset,
  };
}

async function companyOf(db: Database, key: string) {
  const company = await findCompany(db, key);
  if (!company) throw new NotFoundError('The company');
  return company;
}

/** What every listed order is read with: the company's property questions and its inspectors' and states' names. */
async function listingNames(db: Database, companyId: string) {
  const [controls, names] = await Promise.all([loadQuestionTexts(db, companyId), loadNames(db, companyId)]);
  return { controls, names };
}

type Company = { id: string; currency: string };

/** Listed rows as the office reads them, each with its people, answers and history. */
async function adminOrdersOf(
  db: Database,
  company: Company,
  rows: ListedOrderRow[],
  { controls, names }: Awaited<ReturnType<typeof listingNames>>,
): Promise<AdminOrder[]> {
  const orderIds = rows.map((r) => r.order.id);
  // Every read names the company: another company's parties, answers or questions never join in.
  const [parties, answers, history] = await Promise.all([
    loadParties(db, company.id, orderIds),
    loadAnswers(db, company.id, orderIds),
    changeHistory(db, company.id, orderIds),
  ]);
  // Each order's rows by a lookup: filtering the page's rows for every order made an export's
  // batch of 500 orders cost 500 times its people, answers and history.
  const [partiesOf, answersOf, historyOf] = [byOrderId(parties), byOrderId(answers), byOrderId(history)];
  return rows.map(({ order, timeZone }): AdminOrder => {
    const snapshot = order.pricingSnapshot as Snapshot;
    return {
      id: order.id,
      status: order.status,
      confirmed_at: order.confirmedAt?.toISOString() ?? null,
      datetime: order.datetime?.toISOString() ?? null,
      duration: order.durationMinutes,
      ...officeLocalTimes(timeZone, order.datetime, order.durationMinutes),
      inspectors: order.inspectors.map((i) => ({ id: i.id, name: names.inspectors.get(i.id) ?? '' })),
      address: {
        address1: order.address1,
        address2: order.address2,
        city: order.city,
        state: order.stateId === null ? '' : (names.states.get(order.stateId) ?? ''),
        postal_code: order.postalCode,
      },
      people: (partiesOf.get(order.id) ?? []).map((p) => listedPerson(p.role, p.person)),
      property: {
        sqft: order.sqft,
        year_built: order.yearBuilt,
        foundation: foundationText(controls, order.foundationTypeId),
        sales_price: order.salesPrice,
        answers: answeredQuestions(controls, answersOf.get(order.id) ?? []),
      },
      special_note: order.specialNote,
      // Catalogue names are HTML; the office's listing (and its CSV) reads plain text.
      services: (snapshot?.lines ?? []).map((line) => ({
        id: String(line.id ?? ''),
        name: htmlToPlainText(String(line.name ?? '')),
      })),
      total_cents: typeof snapshot?.total_cents === 'number' ? snapshot.total_cents : null,
      currency: company.currency,
      paid: order.paid,
      reschedule_count: order.rescheduleCount,
      attribution: order.attribution,
      cancelled:
        order.status === 'cancelled'
          ? {
              at: (order.cancelledAt ?? order.updatedAt).toISOString(),
              reason: order.cancelReason,
              fee_cents: order.cancelFeeCents ?? 0,
            }
          : null,
      history: (historyOf.get(order.id) ?? []).map((event) => ({
        at: event.at.toISOString(),
        type: event.type,
        data: event.data,
      })),
    };
  });
}

/** A listing's page: by number (OFFSET, kept for the clients that use it) or from a cursor (keyset, decision 0071). */
export type OrdersPageQuery = OrdersFilter &
  Pick<AdminOrdersQuery, 'page' | 'per_page'> & { cursor?: OrdersCursor | undefined };

const cursorAt = (direction: OrdersCursor['direction'], row: ListedOrderRow | undefined) =>
  row ? encodeOrdersCursor({ direction, at: row.order.datetime?.toISOString() ?? null, id: row.order.id }) : null;

/** One page of the company's booked (or cancelled) orders, soonest first, each with its history (the office's view). */
export async function listOrders(
  db: Database,
  companyKey: string,
  query: OrdersPageQuery,
): Promise<AdminOrdersResponse> {
  const company = await companyOf(db, companyKey);
  const position =
    query.cursor === undefined
      ? { offset: (query.page - 1) * query.per_page, limit: query.per_page }
      : { cursor: query.cursor, limit: query.per_page };
  const [{ rows, total, more }, shared] = await Promise.all([
    listConfirmedOrders(db, company.id, query, position),
    listingNames(db, company.id),
  ]);
  const orders = await adminOrdersOf(db, company, rows, shared);
  const backward = query.cursor?.direction === 'before';
  const first = rows[0];
  const last = rows.at(-1);
  return {
    orders,
    page: query.cursor === undefined ? query.page : null,
    per_page: query.per_page,
    total,
    next_cursor: backward || more ? cursorAt('after', last) : null,
    // Before a page by number beyond the first, or after a cursor, lies a page; before the first, none.
    previous_cursor:
      (backward && more) || (!backward && (query.cursor !== undefined || query.page > 1))
        ? cursorAt('before', first)
        : null,
  };
}

/** The price lines the client was shown at booking, from the order's frozen pricing, and what they add up to. */
function priceLinesOf(snapshot: Record<string, unknown> | null): {
  lines: Array<{ kind: DisplayLineKind; label: string; amount_cents: number | null }>;
  lines_total_cents: number | null;
} {
  const frozen = pricingSchema.safeParse(snapshot?.pricing);
  if (!frozen.success) return { lines: [], lines_total_cents: null };
  let shown: ReturnType<typeof displayLines>;
  try {
    shown = displayLines(frozen.data);
  } catch (error) {
    // A frozen price whose lines no longer add up is listed without them, never as a 500.
    if (error instanceof DisplayTotalMismatch) return { lines: [], lines_total_cents: null };
    throw error;
  }
  return {
    lines: shown.lines.map((line) => ({ kind: line.kind, label: line.label, amount_cents: line.amount })),
    lines_total_cents: shown.total,
  };
}

/**
 * The public API's order list (decision 0087): by appointment with the listing's keyset cursor,
 * or, with `updatedSince`, the orders changed since then, newest changed first, with a cursor of
 * (updated_at, id); each order with when it last changed.
 */
export async function listOrdersForApi(
  db: Database,
  companyKey: string,
  query: OrdersFilter & { updatedSince?: string | undefined; cursor?: OrdersCursor | undefined; limit: number },
): Promise<PublicOrdersResponse> {
  const company = await companyOf(db, companyKey);
  const changed = query.updatedSince !== undefined;
  if (changed && query.cursor !== undefined && (query.cursor.direction !== 'after' || query.cursor.at === null))
    throw new AppError(400, 'invalid_request', 'not a cursor of this list', 'cursor');
  const [{ rows, more }, shared] = await Promise.all([
    changed
      ? listOrdersChangedSince(
          db,
          company.id,
          query,
          query.updatedSince!,
          query.cursor ? { at: query.cursor.at!, id: query.cursor.id } : null,
          query.limit,
        )
      : listConfirmedOrders(
          db,
          company.id,
          query,
          { cursor: query.cursor ?? null, limit: query.limit },
          { count: false },
        ),
    listingNames(db, company.id),
  ]);
  const orders = await adminOrdersOf(db, company, rows, shared);
  const updated = new Map(rows.map((row) => [row.order.id, row.order.updatedAt.toISOString()]));
  const priced = new Map(rows.map((row) => [row.order.id, priceLinesOf(row.order.pricingSnapshot)]));
  const last = rows.at(-1);
  const next =
    !more || !last
      ? null
      : changed
        ? encodeOrdersCursor({ direction: 'after', at: last.order.updatedAt.toISOString(), id: last.order.id })
        : cursorAt('after', last);
  return {
    orders: orders.map((order) => ({ ...order, updated_at: updated.get(order.id)!, ...priced.get(order.id)! })),
    next_cursor: next,
  };
}

export async function orderEvents(db: Database, companyKey: string, orderId: string) {
  const company = await companyOf(db, companyKey);
  const events = await loadOrderEvents(db, company.id, orderId);
  if (!events) throw new NotFoundError('The order');
  return {
    events: events.map((e) => ({ id: e.id, type: e.type, data: e.data, created_at: e.createdAt.toISOString() })),
  };
}

/**
 * A new secret for the inspector's calendar feed, and the feed's URL. Only its hash is kept, so
 * the URL is shown this once; issuing another replaces it (the old URL stops working).
 */
export async function issueCalendarFeed(
  db: Database,
  companyKey: string,
  inspectorId: number,
  baseUrl: string,
): Promise<{ url: string }> {
  const company = await companyOf(db, companyKey);
  if (!(await inspectorExists(db, company.id, inspectorId))) throw new NotFoundError('The inspector');
  const secret = randomBytes(24).toString('base64url');
  await saveCalendarSecret(db, company.id, inspectorId, hashToken(secret));
  return {
    url: `${baseUrl}/api/admin/companies/${companyKey}/inspectors/${inspectorId}/calendar.ics?secret=${secret}`,
  };
}

/** The inspector's confirmed appointments as an iCalendar feed, for the holder of the feed's secret. */
export async function inspectorCalendar(
  db: Database,
  companyKey: string,
  inspectorId: number,
  secret: string,
  now: Date,
): Promise<string> {
  const company = await findCompany(db, companyKey);
  // One answer for every wrong URL: a feed's existence is not revealed without its secret.
  if (!company || !(await calendarSecretMatches(db, company.id, inspectorId, hashToken(secret))))
    throw new UnauthorizedError('This calendar link is not valid.');
  const [rows, names] = await Promise.all([
    loadInspectorAppointments(db, company.id, inspectorId, new Date(now.getTime() - FEED_HISTORY_DAYS * DAY_MS)),
    loadNames(db, company.id),
  ]);
  const facts = rows.map(({ order, office }): ConfirmedOrderFacts => {
    const start = order.datetime!;
    const snapshot = order.pricingSnapshot as Snapshot;
    return {
      orderId: order.id,
      office: { name: office.name, phone: office.phone, email: office.email, timeZone: office.timeZone },
      start,
      end: new Date(start.getTime() + order.durationMinutes * MINUTE_MS),
      confirmedAt: order.confirmedAt ?? start,
      inspectors: order.inspectors.map((i) => names.inspectors.get(i.id) ?? `#${i.id}`),
      address: {
        address1: order.address1,
        address2: order.address2,
        city: order.city,
        state: order.stateId === null ? '' : (names.states.get(order.stateId) ?? ''),
        postalCode: order.postalCode,
      },
      // Catalogue names are HTML; a calendar shows text, as the invitation does.
      services: (snapshot?.lines ?? [])
        .map((line) => htmlToPlainText(String(line.name ?? '')))
        .filter((name) => name !== ''),
      totalCents: null,
      currency: company.currency,
      clientNames: [],
      specialNote: order.specialNote,
      // A moved booking is the same event, updated in place: its SEQUENCE is how often it changed.
      sequence: order.changeSequence,
    };
  });
  const zone = rows[0]?.office.timeZone ?? 'UTC';
  return calendarFeed(`${names.inspectors.get(inspectorId) ?? 'Inspector'}: inspections`, zone, facts);
}

const CSV_COLUMNS = [
  'id',
  'local_date',
  'local_time',
  'local_end_date',
  'local_end_time',
  'zone',
  'time_zone',
  'datetime_utc',
  'duration_minutes',
  'inspectors',
  'address',
  'people',
  'phones',
  'services',
  'sqft',
  'year_built',
  'foundation',
  'sales_price',
  'answers',
  'special_note',
  'total',
  'currency',
  'status',
  'paid',
  // Last, so that a spreadsheet reading the columns above by position reads them as before (issue 42).
  ...ATTRIBUTION_FIELDS,
] as const;

/** "EST (UTC-05:00)": the zone as a spreadsheet reader takes it in (and no leading minus for a formula). */
function zoneCell(abbreviation: string | null, offset: string | null): string {
  return offset === null ? '' : `${abbreviation ?? ''} (UTC${offset})`.trim();
}

/** The end's time, with its offset only when the clocks changed during the inspection. */
function endTimeCell(o: AdminOrder): string {
  if (o.local_end_time === null) return '';
  return o.local_end_utc_offset === o.utc_offset
    ? o.local_end_time
    : `${o.local_end_time} (UTC${o.local_end_utc_offset})`;
}

const PHONE_LABELS = [
  ['mobile_phone', 'mobile'],
  ['work_phone', 'work'],
  ['home_phone', 'home'],
  ['work_fax', 'work fax'],
  ['home_fax', 'home fax'],
] as const;

/** "Dana Whitaker: mobile 614-555-0142, home 614-555-0100" for each person with a number. */
function phonesCell(people: AdminOrder['people']): string {
  return people
    .flatMap((p) => {
      const numbers = PHONE_LABELS.filter(([field]) => p[field] !== '').map(([field, label]) => `${label} ${p[field]}`);
      return numbers.length ? [`${p.name || p.role}: ${numbers.join(', ')}`] : [];
    })
    .join('; ');
}

/** "buyers_agent: Ray Ortiz (Ortiz Realty) <ray@example.com>". */
function personCell(p: AdminOrder['people'][number]): string {
  const firm = [p.company, p.agency].filter(Boolean).join(', ');
  return `${p.role}: ${p.name}${firm ? ` (${firm})` : ''}${p.email ? ` <${p.email}>` : ''}`;
}

/** One order's CSV cells, in CSV_COLUMNS' order. */
function csvCells(o: AdminOrder): string[] {
  return [
    o.id,
    o.local_date ?? '',
    o.local_time ?? '',
    o.local_end_date ?? '',
    endTimeCell(o),
    zoneCell(o.zone_abbreviation, o.utc_offset),
    o.time_zone,
    o.datetime ?? '',
    String(o.duration),
    o.inspectors.map((i) => i.name).join('; '),
    [o.address.address1, o.address.address2, o.address.city, o.address.state, o.address.postal_code]
      .filter(Boolean)
      .join(', '),
    o.people.map(personCell).join('; '),
    phonesCell(o.people),
    o.services.map((s) => s.name).join('; '),
    o.property.sqft === null ? '' : String(o.property.sqft),
    o.property.year_built === null ? '' : String(o.property.year_built),
    o.property.foundation,
    o.property.sales_price,
    o.property.answers.map((a) => `${a.question}: ${a.answer}`).join('; '),
    o.special_note,
    o.total_cents === null ? '' : (o.total_cents / 100).toFixed(2),
    o.currency,
    o.status,
    o.paid ? 'yes' : 'no',
    ...ATTRIBUTION_FIELDS.map((field) => o.attribution[field] ?? ''),
  ];
}

/** The page of orders as CSV (RFC 4180, CRLF), one row per order; times on the office's clock. */
export function ordersCsv(page: Pick<AdminOrdersResponse, 'orders'> & Partial<AdminOrdersResponse>): string {
  return csvText([CSV_COLUMNS, ...page.orders.map(csvCells)]);
}

/** How many orders a whole export reads and writes at a time. */
export const CSV_BATCH = 500;

/**
 * Every order a filter matches as CSV, the header first, then the orders in the listing's order,
 * read CSV_BATCH at a time by keyset (each batch one statement from the last batch's cursor;
 * decision 0071): the server holds one batch, whatever the export's size. A batch is read when
 * the response asks for more, so a slow download does not fill the memory either.
 */
async function* wholeCsv(db: Database, company: Company, filter: OrdersFilter): AsyncGenerator<string> {
  const shared = await listingNames(db, company.id);
  yield csvText([CSV_COLUMNS]);
  let cursor: OrdersCursor | null = null;
  for (;;) {
    const { rows, more } = await listConfirmedOrders(
      db,
      company.id,
      filter,
      { cursor, limit: CSV_BATCH },
      { count: false },
    );
    if (rows.length > 0) yield csvText((await adminOrdersOf(db, company, rows, shared)).map(csvCells));
    const last = rows.at(-1);
    if (!more || !last) return;
    cursor = { direction: 'after', at: last.order.datetime?.toISOString() ?? null, id: last.order.id };
  }
}

/**
 * The orders as a CSV download: with `all`, every order the filter matches, streamed; otherwise
 * the page asked for (by number or cursor), as the JSON listing gives it. The total is the
 * filter's count either way (X-Total-Count).
 */
export async function ordersCsvExport(
  db: Database,
  companyKey: string,
  query: OrdersPageQuery & { all: boolean },
): Promise<{ total: number; csv: string | Readable; fileName: string }> {
  if (!query.all) {
    const page = await listOrders(db, companyKey, query);
    const which = page.page === null ? 'page' : `page-${page.page}`;
    return { total: page.total, csv: ordersCsv(page), fileName: `orders-${companyKey}-${which}.csv` };
  }
  const company = await companyOf(db, companyKey);
  const total = await countConfirmedOrders(db, company.id, query);
  return { total, csv: Readable.from(wholeCsv(db, company, query)), fileName: `orders-${companyKey}.csv` };
}
