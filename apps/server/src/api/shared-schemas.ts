import { z } from 'zod';
import { FUNNEL_MAX_DAYS } from '@scheduler/contracts/analytics';
import type { ApiKeyScope } from '@scheduler/contracts/public-api';

/** Path parameter of every tenant route. */
export const companyKeyParam = z.object({
  company_key: z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}$/, 'a company key'),
});

/** Routes that take no query parameters reject any. */
export const noQuery = z.object({}).strict();

/** Path parameters of an inspector's routes (the admin's calendar-feed URL, and the feed itself). */
export const inspectorParams = companyKeyParam.extend({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The funnel's description, the same for the admin's and the console's route. */
export const FUNNEL_DESCRIPTION =
  "Per active office (or the one `office` names), on the office's own calendar: the visitors' sessions started each day from `from` to `to` (days without any included, as zeros), " +
  'how many of them viewed each step of `step_order` (the steps in the order its visitors walk them), and how many were confirmed. ' +
  `The office's phone bookings are not counted. At most ${FUNNEL_MAX_DAYS} days.`;

/** The OpenAPI security requirement of a public API route: an API key holding `scope` (the generated tests read it). */
export const apiKeySecurity = (scope: ApiKeyScope) => [{ apiKey: [scope] }];
