import { z } from 'zod';
import { spanReportQuerySchema } from './reports.ts';

/**
 * The referral report (issue 47, decision 0093): which agents send the company its work. An order
 * counts for each buyer's and seller's agent it names, on the office-local date of its appointment,
 * as the company's other reports count (decision 0062): "inspections" are its booked orders not
 * cancelled, revenue their confirmed totals, cancellations apart.
 */

/** The agents the JSON names, the most inspections first; the CSV names every one. */
export const REFERRAL_MAX_AGENTS = 200;
/** The agencies the JSON names; the CSV names every one. */
export const REFERRAL_MAX_AGENCIES = 100;
/** "Stopped sending work": no inspection in this many days ... */
export const REFERRAL_QUIET_DAYS = 90;
/** ... after at least this many before. */
export const REFERRAL_STOPPED_MIN = 3;
/** The stopped agents the report lists: those who went quiet within this many days before the quiet ones. */
export const REFERRAL_STOPPED_LOOKBACK_DAYS = 365;
/** The stopped agents listed, the most referrals first. */
export const REFERRAL_MAX_STOPPED = 100;

export const REFERRAL_TABLES = ['agents_by_month', 'agencies_by_month', 'stopped'] as const;
export type ReferralTable = (typeof REFERRAL_TABLES)[number];

/** `GET /api/console/companies/{key}/reports/referrals`: JSON, or one table as CSV. */
export const referralQuerySchema = spanReportQuerySchema(REFERRAL_TABLES);
export type ReferralQuery = z.infer<typeof referralQuerySchema>;

const count = z.number().int().min(0);
const sumCents = z.number().int();
const month = z.string().regex(/^\d{4}-\d{2}$/);

export const referralFiguresSchema = z.object({
  inspections: count,
  cancelled: count,
  revenue_cents: sumCents,
});
export type ReferralFigures = z.infer<typeof referralFiguresSchema>;

const monthFigures = referralFiguresSchema.extend({ month });

/** Who an agent is across orders: their directory entry, or (typed on an order and never filed) their name. */
const agentKey = z
  .string()
  .max(300)
  .describe('"id:<directory id>", or "name:<name as typed, lower case>" for an agent the directory does not hold');

export const referralAgentSchema = referralFiguresSchema.extend({
  agent_key: agentKey,
  agent_id: z.number().int().nullable().describe("The agent's directory id; null when only typed on orders"),
  name: z.string(),
  email: z.string(),
  agency: z.string().describe('"" when no agency is known'),
  first_referral: z.iso
    .date()
    .describe("The office-local date of the agent's first inspection with the company, as far as known"),
  /** The agent's first inspection with the company falls in the span. */
  new_in_span: z.boolean(),
  /** The span's months in which the agent has an inspection or a cancellation. */
  by_month: z.array(monthFigures),
});
export type ReferralAgent = z.infer<typeof referralAgentSchema>;

export const referralResponseSchema = z.object({
  company_key: z.string(),
  from: z.iso.date(),
  to: z.iso.date(),
  currency: z.string(),
  /** The UTC date "stopped" is judged on. */
  as_of: z.iso.date(),
  months: z.array(month),
  /** Inspections with at least one agent, and their figures (an order with two agents counts once here). */
  totals: referralFiguresSchema.extend({ agents: count, agencies: count }),
  /**
   * Per month: the agents with an inspection that month, new (their first with the company) and
   * returning, and the inspections each group brought.
   */
  new_vs_returning: z.array(
    z.object({
      month,
      new_agents: count,
      returning_agents: count,
      new_inspections: count,
      returning_inspections: count,
    }),
  ),
  /** The first REFERRAL_MAX_AGENTS agents by inspections (then revenue, then name); `agents_more` says how many are left out. */
  agents: z.array(referralAgentSchema).max(REFERRAL_MAX_AGENTS),
  agents_more: count,
  agencies: z
    .array(
      referralFiguresSchema.extend({
        agency: z.string(),
        agents: count,
        by_month: z.array(monthFigures.extend({ agents: count })),
      }),
    )
    .max(REFERRAL_MAX_AGENCIES),
  agencies_more: count,
  /**
   * Agents who stopped sending work: at least REFERRAL_STOPPED_MIN inspections before, none in
   * the REFERRAL_QUIET_DAYS days up to `as_of` or after it, the last within the year before those.
   */
  stopped: z
    .array(
      z.object({
        agent_key: agentKey,
        agent_id: z.number().int().nullable(),
        name: z.string(),
        email: z.string(),
        agency: z.string(),
        referrals: count.describe('Orders the agent was on, booked or cancelled, ever'),
        last_referral: z.iso.date(),
      }),
    )
    .max(REFERRAL_MAX_STOPPED),
});
export type ReferralResponse = z.infer<typeof referralResponseSchema>;
