import { z } from 'zod';

/**
 * The company's reports (issue 41 item 6, decision 0062): its inspections, cancellations and
 * revenue over a span of months, by month, inspector, service and buyer's agent. An order counts
 * on the office-local date of its appointment; "inspections" are the orders booked (confirmed)
 * and not cancelled, and revenue is the sum of their confirmed totals.
 */

/** The longest span one report covers, in calendar months (both ends' months included). */
export const REPORT_MAX_MONTHS = 24;
/** The buyer's agents a report names; the rest are added up as one row. */
export const REPORT_MAX_AGENTS = 50;

/** The report's tables, each downloadable as CSV. */
export const REPORT_TABLES = ['by_month', 'by_inspector', 'by_service', 'by_agent'] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

/** Calendar months from `from`'s to `to`'s, both included ("2026-01-05".."2026-03-01": 3). */
export function monthsSpanned(from: string, to: string): number {
  const month = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7));
  return month(to) - month(from) + 1;
}

/**
 * The query of a report over a span with CSV tables: office-local dates of the appointments, both
 * included, at most REPORT_MAX_MONTHS calendar months, and with `format=csv`, which table.
 */
export function spanReportQuerySchema<Table extends string>(tables: readonly [Table, ...Table[]]) {
  return z
    .object({
      from: z.iso.date(),
      to: z.iso.date(),
      format: z.enum(['json', 'csv']).default('json'),
      table: z.enum(tables).optional(),
    })
    .strict()
    .superRefine((query, ctx) => {
      if (query.to < query.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'on or after from' });
      else if (monthsSpanned(query.from, query.to) > REPORT_MAX_MONTHS)
        ctx.addIssue({
          code: 'custom',
          path: ['to'],
          message: `at most ${REPORT_MAX_MONTHS} months from from, both months included`,
        });
      if (query.format === 'csv' && query.table === undefined)
        ctx.addIssue({ code: 'custom', path: ['table'], message: `required with format=csv: one of ${tables}` });
    });
}

/** `GET /api/console/companies/{key}/reports`: JSON, or one table as CSV. */
export const reportQuerySchema = spanReportQuerySchema(REPORT_TABLES);
export type ReportQuery = z.infer<typeof reportQuerySchema>;

const count = z.number().int().min(0);
/** Cents in the company's currency; sums of many orders, so not bounded to int32. */
const sumCents = z.number().int();

export const reportFiguresSchema = z.object({
  inspections: count.describe('Orders booked (confirmed) and not cancelled, whose appointment falls in the span'),
  cancelled: count.describe('Orders cancelled whose appointment was in the span; never revenue'),
  revenue_cents: sumCents.describe("The inspections' confirmed totals (their pricing snapshots' total), added up"),
});
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

export const reportResponseSchema = z.object({
  company_key: z.string(),
  from: z.iso.date(),
  to: z.iso.date(),
  currency: z.string(),
  totals: reportFiguresSchema.extend({
    average_value_cents: z
      .number()
      .int()
      .nullable()
      .describe('revenue_cents / inspections, rounded to the cent; null without inspections'),
    average_lead_days: z
      .number()
      .nullable()
      .describe(
        'Days from booking (confirmed_at) to the appointment, averaged over the inspections, one decimal; null without',
      ),
  }),
  /** Every month of the span, months without orders included (zeros), in order. */
  by_month: z.array(reportFiguresSchema.extend({ month: z.string().regex(/^\d{4}-\d{2}$/) })),
  /**
   * Per inspector: an order with two inspectors counts, with its whole total, for each of them,
   * so these rows add up to more than the totals when inspectors work together.
   */
  by_inspector: z.array(reportFiguresSchema.extend({ inspector_id: z.number().int(), name: z.string() })),
  /** Per package or service of the inspections' pricing snapshots: the orders with it and its amounts. */
  by_service: z.array(
    z.object({
      kind: z.enum(['package', 'service']),
      id: z.string(),
      name: z.string().describe('As the latest order in the span named it, as plain text'),
      orders: count,
      amount_cents: sumCents.describe("The line's amounts (before the order's taxes, charges and coupons)"),
    }),
  ),
  /**
   * Per buyer's agent of the inspections, by name as the orders give it, the most orders first:
   * REPORT_MAX_AGENTS named, then one row with `name` null for all the others together.
   */
  by_agent: z
    .array(
      z.object({
        name: z.string().nullable().describe("The agent's name; null: the agents past the first 50, added up"),
        orders: count,
        revenue_cents: sumCents,
      }),
    )
    .max(REPORT_MAX_AGENTS + 1),
});
export type ReportResponse = z.infer<typeof reportResponseSchema>;
