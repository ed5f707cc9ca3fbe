import { z } from 'zod';

/** Path parameter of every tenant route. */
export const companyKeyParam = z.object({ company_key: z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}$/, 'a company key') });

/** Routes that take no query parameters reject any. */
export const noQuery = z.object({}).strict();
