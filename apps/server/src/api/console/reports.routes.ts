import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REPORT_MAX_MONTHS, reportQuerySchema, reportResponseSchema } from '@scheduler/contracts/reports';
import type { AppContext } from '../../context.ts';
import { sendCsv } from '../../http/csv-reply.ts';
import { memberOf, requireMember } from '../../modules/console-auth/console-access.ts';
import {
  REFERRAL_MAX_AGENTS,
  REFERRAL_QUIET_DAYS,
  REFERRAL_STOPPED_MIN,
  referralQuerySchema,
  referralResponseSchema,
} from '@scheduler/contracts/referrals';
import { referralCsv, referralReport } from '../../modules/reports/referrals.service.ts';
import { companyReport, reportCsv } from '../../modules/reports/reports.service.ts';
import { companyKeyParam } from '../shared-schemas.ts';

/** The company's reports (issue 41 item 6, decision 0062): owner and admin. */
export function reportRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/console/companies/:company_key/reports',
      {
        onRequest: requireMember(ctx, 'reports.read'),
        schema: {
          tags: ['console'],
          summary:
            "The company's inspections, cancellations and revenue by month, inspector, service and agent (owner, admin)",
          description:
            "Orders count on their appointment's date on their office's calendar, from `from` to `to` (both included, " +
            `at most ${REPORT_MAX_MONTHS} calendar months). Inspections are the booked orders not cancelled; revenue is ` +
            "the sum of their confirmed totals, in the company's currency; cancelled orders are counted apart and never " +
            'as revenue. An order with two inspectors counts, whole, for each. `format=csv&table=…` answers one table ' +
            'as CSV (RFC 4180; cells a spreadsheet would read as formulas are neutralised).',
          params: companyKeyParam,
          querystring: reportQuerySchema,
          response: { 200: z.union([reportResponseSchema, z.string()]) },
        },
      },
      async (request, reply) => {
        const { company_key: companyKey } = request.params;
        const report = await companyReport(ctx.db, memberOf(request).companyKey, request.query);
        const table = request.query.table;
        if (request.query.format !== 'csv' || table === undefined) return report;
        const rows = report[table].length;
        return sendCsv(
          reply,
          reportCsv(report, table),
          `report-${companyKey}-${table}-${request.query.from}-${request.query.to}.csv`,
          rows,
        );
      },
    );

    app.get(
      '/api/console/companies/:company_key/reports/referrals',
      {
        onRequest: requireMember(ctx, 'reports.read'),
        schema: {
          tags: ['console'],
          summary: 'Which agents send the company its work: per agent, agency and month (owner, admin)',
          description:
            "An order counts for each buyer's and seller's agent it names, on its appointment's date on its office's " +
            `calendar, from \`from\` to \`to\` (both included, at most ${REPORT_MAX_MONTHS} calendar months). An agent is ` +
            'new in a month that holds their first inspection with the company. Stopped: agents with at least ' +
            `${REFERRAL_STOPPED_MIN} inspections before and none in the last ${REFERRAL_QUIET_DAYS} days or after. The JSON ` +
            `names the first ${REFERRAL_MAX_AGENTS} agents; \`format=csv&table=…\` answers a whole table as CSV.`,
          params: companyKeyParam,
          querystring: referralQuerySchema,
          response: { 200: z.union([referralResponseSchema, z.string()]) },
        },
      },
      async (request, reply) => {
        const companyKey = memberOf(request).companyKey;
        const { table, format, from, to } = request.query;
        if (format !== 'csv' || table === undefined)
          return referralReport(ctx.db, companyKey, { from, to }, ctx.clock());
        const csv = await referralCsv(ctx.db, companyKey, { from, to }, table, ctx.clock());
        return sendCsv(reply, csv.text, `referrals-${request.params.company_key}-${table}-${from}-${to}.csv`, csv.rows);
      },
    );
  };
}
