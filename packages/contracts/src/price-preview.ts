import { z } from 'zod';
import { pricingSchema } from './pricing.ts';

/**
 * The console's sample price (issue 26): a company document being edited, not yet saved, and a
 * sample cart and property, priced by the engine the wizard uses. Nothing is stored.
 */

/** The cart and the property facts a sample is priced for. */
export const pricePreviewSampleSchema = z
  .object({
    /** A package of the document, or none. */
    package_id: z.number().int().min(1).max(1_000_000_000).nullable(),
    /** Services of the document, besides the package. */
    services: z.array(z.uuid()).max(200),
    /** Unknown facts are null: the fee rules that read them add nothing, as in the wizard. */
    square_feet: z.number().int().min(1).max(1_000_000).nullable(),
    year_built: z.number().int().min(1200).max(3000).nullable(),
    /** The Repair Estimate Report rushed (priced only when the company offers the rush). */
    rush_rer: z.boolean().default(false),
  })
  .strict();
export type PricePreviewSample = z.input<typeof pricePreviewSampleSchema>;

/** POST /api/console/companies/:company_key/price-preview */
export const pricePreviewBodySchema = z
  .object({
    /** The whole document as edited; validated as a save is (400 invalid_document names the field). */
    document: z.record(z.string(), z.unknown()),
    sample: pricePreviewSampleSchema,
  })
  .strict();
export type PricePreviewBody = z.input<typeof pricePreviewBodySchema>;

export const pricePreviewResponseSchema = z
  .object({
    /** The office the sample is priced at (taxes and trip fees follow the office): the document's first. */
    office: z.object({ uuid: z.uuid(), name: z.string().max(200) }).strict(),
    /** The cart priced as the wizard prices an order; lay it out with display-lines. */
    pricing: pricingSchema,
    /** Minutes the sample order takes. */
    duration: z
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 60),
  })
  .strict();
export type PricePreviewResponse = z.infer<typeof pricePreviewResponseSchema>;
