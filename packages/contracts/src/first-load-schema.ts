import { z } from 'zod';
import type { FirstLoadData } from './first-load.ts';
import { officeContactResponseSchema, officeResponseSchema } from './office.ts';
import { orderResponseSchema } from './order.ts';

/**
 * The first screen's data the page carries (`FirstLoadData`), by its schema: each answer by its
 * own route's. Beside first-load.ts rather than in it, which the wizard's first download reads
 * (the element's id) and which therefore holds no schema.
 */
export const firstLoadDataSchema = z.object({
  company_key: z.string(),
  office_uuid: z.string(),
  office_contact: officeContactResponseSchema,
  currency_code: z.string(),
  office: officeResponseSchema,
  order: orderResponseSchema,
}) satisfies z.ZodType<FirstLoadData>;
