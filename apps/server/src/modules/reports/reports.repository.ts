import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

/** The company a report is of: its id and currency. */
export async function reportCompany(db: Executor, key: string): Promise<{ id: string; currency: string } | null> {
  const [row] = await db
    .select({ id: t.companies.id, currency: t.companies.currency })
    .from(t.companies)
    .where(eq(t.companies.key, key));
  return row ?? null;
}

/** The names of the company's inspectors the report names (removed ones too: their orders remain). */
export async function inspectorNames(db: Executor, companyId: string, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: t.inspectors.id, display: t.inspectors.display })
    .from(t.inspectors)
    .where(and(eq(t.inspectors.companyId, companyId), inArray(t.inspectors.id, ids)));
  return new Map(rows.map((row) => [row.id, row.display]));
}

/** Office-local dates, both included. */
export interface ReportSpan {
  from: string;
  to: string;
}

/**
 * The company's booked and cancelled orders whose appointment falls within the span on their
 * office's calendar. The span is also written a day wider either side in UTC (offsets run from
 * -12 to +14 hours), bounds that name no office, so that the (company, datetime) index bounds
 * the rows read (decision 0058): a report reads its window, never the company's history.
 */
function appointmentsWithin(companyId: string, span: ReportSpan): SQL {
  return sql`${t.orders.companyId} = ${companyId}
    and ${t.orders.status} in ('confirmed', 'cancelled')
    and ${t.orders.datetime} >= ((${span.from}::date - 1)::timestamp at time zone 'UTC')
    and ${t.orders.datetime} < ((${span.to}::date + 2)::timestamp at time zone 'UTC')
    and ${t.orders.datetime} >= (${span.from}::date::timestamp at time zone ${t.offices.timeZone})
    and ${t.orders.datetime} < ((${span.to}::date + 1)::timestamp at time zone ${t.offices.timeZone})`;
}

/** The orders of the span, each with its office (whose zone places it in a month). */
const ordersWithOffices = sql`${t.orders} join ${t.offices}
  on ${t.offices.companyId} = ${t.orders.companyId} and ${t.offices.id} = ${t.orders.officeId}`;

const isBooked = sql`${t.orders.status} = 'confirmed'`;
/** The order's confirmed total; a snapshot without one counts nothing. */
const totalCents = sql`coalesce((${t.orders.pricingSnapshot}->>'total_cents')::float8, 0)`;

/** The three figures every table has: inspections, cancellations and revenue. */
const figures = sql`count(distinct ${t.orders.id}) filter (where ${isBooked})::int as inspections,
  count(distinct ${t.orders.id}) filter (where ${t.orders.status} = 'cancelled')::int as cancelled,
  coalesce(sum(${totalCents}) filter (where ${isBooked}), 0)::float8 as revenue_cents`;

export interface FigureRow {
  inspections: number;
  cancelled: number;
  revenue_cents: number;
}

async function rowsOf<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

export interface MonthRow extends FigureRow {
  month: string;
  /** The inspections' lead times added up, in seconds, and how many had one. */
  lead_seconds: number;
  lead_count: number;
}

/** Per office-local month: the figures, and the inspections' lead times from booking to appointment. */
export function reportByMonth(db: Executor, companyId: string, span: ReportSpan): Promise<MonthRow[]> {
  const leadSeconds = sql`extract(epoch from (${t.orders.datetime} - ${t.orders.confirmedAt}))`;
  const hasLead = sql`${isBooked} and ${t.orders.confirmedAt} is not null`;
  return rowsOf<MonthRow>(
    db,
    sql`select to_char(${t.orders.datetime} at time zone ${t.offices.timeZone}, 'YYYY-MM') as month, ${figures},
      coalesce(sum(${leadSeconds}) filter (where ${hasLead}), 0)::float8 as lead_seconds,
      (count(*) filter (where ${hasLead}))::int as lead_count
    from ${ordersWithOffices}
    where ${appointmentsWithin(companyId, span)}
    group by 1`,
  );
}

export interface InspectorRow extends FigureRow {
  inspector_id: number;
}

/** Per inspector named on the orders: an order with two counts for each. */
export function reportByInspector(db: Executor, companyId: string, span: ReportSpan): Promise<InspectorRow[]> {
  return rowsOf<InspectorRow>(
    db,
    sql`select (inspector->>'id')::int as inspector_id, ${figures}
    from ${ordersWithOffices}
      cross join lateral jsonb_array_elements(${t.orders.inspectors}) as inspector
    where ${appointmentsWithin(companyId, span)}
    group by 1`,
  );
}

export interface ServiceRow {
  kind: 'package' | 'service';
  id: string;
  name: string;
  orders: number;
  amount_cents: number;
}

/** Per package and service of the inspections' pricing snapshots: the orders with it, its amounts, its latest name. */
export function reportByService(db: Executor, companyId: string, span: ReportSpan): Promise<ServiceRow[]> {
  return rowsOf<ServiceRow>(
    db,
    sql`select line->>'kind' as kind, line->>'id' as id,
      (array_agg(coalesce(line->>'name', '') order by ${t.orders.datetime} desc))[1] as name,
      count(distinct ${t.orders.id})::int as orders,
      coalesce(sum((line->>'amount_cents')::float8), 0)::float8 as amount_cents
    from ${ordersWithOffices}
      cross join lateral jsonb_array_elements(coalesce(${t.orders.pricingSnapshot}->'lines', '[]'::jsonb)) as line
    where ${appointmentsWithin(companyId, span)} and ${isBooked}
      and line->>'kind' in ('package', 'service') and line->>'id' is not null
    group by 1, 2`,
  );
}

export interface AgentRow {
  name: string;
  orders: number;
  revenue_cents: number;
}

/** Per buyer's agent of the inspections, by the name the order gives (an agent named twice on one order counts once). */
export function reportByAgent(db: Executor, companyId: string, span: ReportSpan): Promise<AgentRow[]> {
  const agentName = sql`trim(coalesce(${t.orderParties.person}->>'first', '') || ' ' || coalesce(${t.orderParties.person}->>'last', ''))`;
  return rowsOf<AgentRow>(
    db,
    sql`select agent.name, count(*)::int as orders, coalesce(sum(${totalCents}), 0)::float8 as revenue_cents
    from ${ordersWithOffices}
      join lateral (
        select distinct ${agentName} as name from ${t.orderParties}
        where ${t.orderParties.companyId} = ${t.orders.companyId} and ${t.orderParties.orderId} = ${t.orders.id}
          and ${t.orderParties.role} = 'buyers_agent'
      ) as agent on agent.name <> ''
    where ${appointmentsWithin(companyId, span)} and ${isBooked}
    group by 1`,
  );
}
