import { z } from 'zod';

const feeLineSchema = z.object({ gross: z.number().int(), value: z.number().int(), description: z.string() });

/** A service as the wizard lists it (spec 3.5). Amounts are integer cents. */
export const serviceResponseSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  base: z.number().int(),
  subtotal: z.number().int(),
  /** What it costs on its own before tax: subtotal less savings. */
  amount: z.number().int(),
  /** amount plus its taxes. */
  total: z.number().int(),
  savings: z.number().int(),
  ancillary: z.boolean(),
  is_pac: z.boolean(),
  label: z.boolean(),
  rer: z.boolean(),
  duration: z.number().int(),
  fees: z.array(feeLineSchema),
});
export type ServiceResponse = z.infer<typeof serviceResponseSchema>;

/** A package as the wizard lists it (spec 3.4). */
export const packageResponseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  base: z.number().int(),
  /** Base plus the gross fees of its services. */
  subtotal: z.number().int(),
  /** What it costs before tax: base plus the fee values of its services. */
  amount: z.number().int(),
  /** amount plus its taxes. */
  total: z.number().int(),
  /** Its services one by one (gross fees included), less its amount. */
  savings: z.number().int(),
  best: z.boolean(),
  bestText: z.string(),
  rer: z.boolean(),
  duration: z.number().int(),
  services: z.array(serviceResponseSchema),
});
export type PackageResponse = z.infer<typeof packageResponseSchema>;

/** The answers of GET /packages and GET /services: the catalogue priced for the order's property. */
export const packagesResponseSchema = z.array(packageResponseSchema);
export const servicesResponseSchema = z.array(serviceResponseSchema);
