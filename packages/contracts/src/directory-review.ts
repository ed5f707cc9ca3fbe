import { z } from 'zod';
import { publicPersonParamsSchema, publicPersonSchema } from './public-api.ts';

/**
 * The office's review of the directory (issue 47, decision 0091): the people visitors added online
 * awaiting it, each with the people they likely duplicate, and the e-mail addresses several people
 * share; accept one, or merge one into another. Owners and admins (`configuration.edit`).
 */

export const directoryReviewQuerySchema = z
  .object({
    type: z.enum(['agents', 'contacts']).default('agents').describe('Agents (real estate and insurance) or contacts'),
  })
  .strict();
export type DirectoryReviewQuery = z.infer<typeof directoryReviewQuerySchema>;

/** At most this many people awaiting review are listed at once (the oldest first); accepting or merging shows the next. */
export const DIRECTORY_REVIEW_LIMIT = 50;
/** At most this many shared e-mail addresses are listed at once. */
export const DIRECTORY_SHARED_EMAILS_LIMIT = 50;

export const directoryReviewSchema = z.object({
  awaiting: z.array(
    z.object({
      person: publicPersonSchema,
      /** Same e-mail, or same name (and agency), case and accents aside. */
      duplicates: z.array(publicPersonSchema),
    }),
  ),
  /** How many await review in all (the list shows the oldest `DIRECTORY_REVIEW_LIMIT`). */
  awaiting_total: z.number().int(),
  shared_emails: z.array(z.object({ email: z.string(), people: z.array(publicPersonSchema) })),
});
export type DirectoryReview = z.infer<typeof directoryReviewSchema>;

/** The person reviewed, by the API's id (`agent_12`, `contact_5`). */
export const directoryReviewParamsSchema = publicPersonParamsSchema;

export const directoryMergeBodySchema = z
  .object({
    into: publicPersonParamsSchema.shape.id.describe('The person who stays, e.g. `agent_12`'),
  })
  .strict();
export type DirectoryMergeBody = z.infer<typeof directoryMergeBodySchema>;

export const directoryMergeResultSchema = z.object({
  person: publicPersonSchema.describe('The person who stays'),
  /** Order parties that named the merged person and now name this one. */
  orders_repointed: z.number().int(),
});
export type DirectoryMergeResult = z.infer<typeof directoryMergeResultSchema>;
