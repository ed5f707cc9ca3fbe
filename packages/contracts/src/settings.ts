import { z } from 'zod';

/** One named company setting, as the office response delivers it (`settings_data`). */
export const settingSchema = z
  .object({
    key: z.string().min(1).max(100),
    value: z.union([z.string().max(20_000), z.number(), z.boolean(), z.null()]),
  })
  .strict();
export type Setting = z.infer<typeof settingSchema>;
