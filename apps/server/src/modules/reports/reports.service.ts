import {
  REPORT_MAX_AGENTS,
  type ReportFigures,
  type ReportQuery,
  type ReportResponse,
  type ReportTable,
} from '@scheduler/contracts/reports';
import { htmlToPlainText } from '@scheduler/domain/html-text';
import type { Database } from '../../db/connection.ts';
import { NotFoundError } from '../../errors.ts';
import { csvText } from '../../http/csv-text.ts';
import {
  inspectorNames,
  reportByAgent,
  reportByInspector,
  reportByMonth,
  reportByService,
  reportCompany,
  type AgentRow,
  type FigureRow,
} from './reports.repository.ts';

const DAY_SECONDS = 86_400;

/** Every month of the span, "YYYY-MM", in order. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const label = `${year}-${String(month).padStart(2, '0')}`;
    months.push(label);
    if (label >= last) return months;
    month = month === 12 ? 1 : month + 1;
    if (month === 1) year += 1;
  }
}

const figuresOf = (row: FigureRow): ReportFigures => ({
  inspections: row.inspections,
  cancelled: row.cancelled,
  revenue_cents: row.revenue_cents,
});

/** The agents with the most orders (then revenue, then name) named; the rest as one row named null. */
export function topAgents(rows: readonly AgentRow[]): ReportResponse['by_agent'] {
  const sorted = [...rows].sort(
    (a, b) => b.orders - a.orders || b.revenue_cents - a.revenue_cents || a.name.localeCompare(b.name),
  );
  const named = sorted.slice(0, REPORT_MAX_AGENTS).map((row) => ({ ...row }));
  const rest = sorted.slice(REPORT_MAX_AGENTS);
  if (rest.length === 0) return named;
  return [
    ...named,
    {
      name: null,
      orders: rest.reduce((sum, row) => sum + row.orders, 0),
      revenue_cents: rest.reduce((sum, row) => sum + row.revenue_cents, 0),
    },
  ];
}

/**
 * The company's report over the span (office-local appointment dates, decision 0062): each table
 * one query bounded by the span, the totals added up from the months.
 */
export async function companyReport(db: Database, companyKey: string, query: ReportQuery): Promise<ReportResponse> {
  const company = await reportCompany(db, companyKey);
  if (!company) throw new NotFoundError('The company');
  const span = { from: query.from, to: query.to };
  const [months, inspectors, services, agents] = await Promise.all([
    reportByMonth(db, company.id, span),
    reportByInspector(db, company.id, span),
    reportByService(db, company.id, span),
    reportByAgent(db, company.id, span),
  ]);
  const names = await inspectorNames(
    db,
    company.id,
    inspectors.map((row) => row.inspector_id),
  );
  const byMonth = new Map(months.map((row) => [row.month, row]));
  const none = { inspections: 0, cancelled: 0, revenue_cents: 0, lead_seconds: 0, lead_count: 0 };
  const monthRows = monthsOf(query.from, query.to).map((month) => ({ month, ...(byMonth.get(month) ?? none) }));
  const sum = (field: keyof typeof none) => monthRows.reduce((total, row) => total + row[field], 0);
  const inspections = sum('inspections');
  const revenue = sum('revenue_cents');
  const leadCount = sum('lead_count');
  return {
    company_key: companyKey,
    from: query.from,
    to: query.to,
    currency: company.currency,
    totals: {
      inspections,
      cancelled: sum('cancelled'),
      revenue_cents: revenue,
      average_value_cents: inspections === 0 ? null : Math.round(revenue / inspections),
      average_lead_days: leadCount === 0 ? null : Math.round((sum('lead_seconds') / leadCount / DAY_SECONDS) * 10) / 10,
    },
    by_month: monthRows.map((row) => ({ month: row.month, ...figuresOf(row) })),
    by_inspector: inspectors
      .map((row) => ({
        inspector_id: row.inspector_id,
        name: names.get(row.inspector_id) ?? `#${row.inspector_id}`,
        ...figuresOf(row),
      }))
      .sort((a, b) => b.inspections - a.inspections || a.name.localeCompare(b.name)),
    by_service: services
      // Catalogue names are HTML; a report (and its CSV) reads plain text.
      .map((row) => ({ ...row, name: htmlToPlainText(row.name) }))
      .sort((a, b) => b.orders - a.orders || a.name.localeCompare(b.name)),
    by_agent: topAgents(agents),
  };
}

/** Minor units as the currency writes them: "400.00" for USD, "400" for JPY (no grouping, no symbol: a spreadsheet's number). */
export function amountCell(minor: number, currency: string): string {
  let digits = 2;
  try {
    digits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // An unknown code keeps cents, as the rest of the product prints it.
  }
  return (minor / 10 ** digits).toFixed(digits);
}

/** One table of the report as CSV (RFC 4180, spreadsheet formulas neutralised), amounts in the company's currency. */
export function reportCsv(report: ReportResponse, table: ReportTable): string {
  const currency = report.currency;
  const money = (minor: number) => amountCell(minor, currency);
  switch (table) {
    case 'by_month':
      return csvText([
        ['month', 'inspections', 'cancelled', 'revenue', 'currency'],
        ...report.by_month.map((r) => [
          r.month,
          String(r.inspections),
          String(r.cancelled),
          money(r.revenue_cents),
          currency,
        ]),
      ]);
    case 'by_inspector':
      return csvText([
        ['inspector_id', 'inspector', 'inspections', 'cancelled', 'revenue', 'currency'],
        ...report.by_inspector.map((r) => [
          String(r.inspector_id),
          r.name,
          String(r.inspections),
          String(r.cancelled),
          money(r.revenue_cents),
          currency,
        ]),
      ]);
    case 'by_service':
      return csvText([
        ['kind', 'id', 'name', 'orders', 'amount', 'currency'],
        ...report.by_service.map((r) => [r.kind, r.id, r.name, String(r.orders), money(r.amount_cents), currency]),
      ]);
    case 'by_agent':
      return csvText([
        ['agent', 'orders', 'revenue', 'currency'],
        ...report.by_agent.map((r) => [r.name ?? 'Others', String(r.orders), money(r.revenue_cents), currency]),
      ]);
  }
}
