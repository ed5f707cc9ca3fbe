import { z } from 'zod';

/** One named company setting, as the office response delivers it (`settings_data`). */
export const settingSchema = z
  .object({
    key: z.string().min(1).max(100),
    // Numbers are minutes, counts and amounts; the bound keeps any arithmetic on them finite.
    value: z.union([z.string().max(20_000), z.number().min(-2_147_483_648).max(2_147_483_647), z.boolean(), z.null()]),
  })
  .strict();
export type Setting = z.infer<typeof settingSchema>;
