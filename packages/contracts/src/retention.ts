import { z } from 'zod';

/** One run of the pruning job: when, how many batches, rows deleted per task so far. */
export const retentionRunSchema = z.object({
  started_at: z.iso.datetime({ offset: true }),
  /** Null while it runs (or when it stopped without finishing: see `error`). */
  finished_at: z.iso.datetime({ offset: true }).nullable(),
  batches: z.number().int().min(0),
  deleted: z.record(z.string(), z.number().int().min(0)),
  /** A short code when the run stopped on an error. */
  error: z.string().nullable(),
});

/** GET /api/admin/retention (decision 0074): the policy, the last runs and the next one. */
export const retentionStatusSchema = z.object({
  retention_days: z.number().int().min(1),
  /** Newest first, at most 10. */
  runs: z.array(retentionRunSchema),
  /** When the next run is due, or null when none is queued (the worker queues one at start). */
  next_run_at: z.iso.datetime({ offset: true }).nullable(),
});
export type RetentionStatus = z.infer<typeof retentionStatusSchema>;
