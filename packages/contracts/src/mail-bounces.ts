import { z } from 'zod';

/** The largest delivery-status report POST /api/mail/bounces reads: a report with the whole returned e-mail fits. */
export const BOUNCE_REPORT_MAX_BYTES = 512 * 1024;

/**
 * POST /api/mail/bounces (decision 0070): what became of a report. `recorded`: the e-mail it
 * returns is now marked bounced; `already_recorded`: it was; `unknown_message`: it returns no
 * e-mail of ours about an order; `not_a_failure`: it reports a delay or a delivery.
 */
export const bounceReportResponseSchema = z.object({
  outcome: z.enum(['recorded', 'already_recorded', 'unknown_message', 'not_a_failure']),
});
export type BounceReportResponse = z.infer<typeof bounceReportResponseSchema>;
