import { z } from 'zod';
import { errorResponseSchema } from './errors.ts';

/**
 * The company's configuration in the console (issue 26): the whole company document, versioned.
 * Every save names the version it was made from; a save over a newer version is refused with what
 * changed since, so two admins cannot overwrite each other silently. Every version is kept: the
 * history, a diff between versions, and an undo that saves an earlier version again.
 *
 * The document itself is validated by `companyDocumentSchema`, the admin API's import schema:
 * one source of truth, and a refusal names the field.
 */

/** Where a version came from. */
export const VERSION_SOURCES = ['import', 'console', 'restore', 'baseline'] as const;
export type VersionSource = (typeof VERSION_SOURCES)[number];

/** The most changes a diff lists; a larger one says it was cut short. */
export const DIFF_MAX_CHANGES = 200;
/** The changed paths a history entry keeps for its summary. */
export const VERSION_SUMMARY_PATHS = 10;
export const VERSIONS_PER_PAGE = 20;
const MAX_VERSION = 2_147_483_647;

export const versionNumberSchema = z.number().int().min(1).max(MAX_VERSION);

export const documentChangeSchema = z.object({
  path: z.string(),
  kind: z.enum(['added', 'removed', 'changed']),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
  /** The change in words, records by their names and amounts as money: "Home inspection price: $425.00 → $445.00" (issue 41). */
  text: z.string(),
});
export type DocumentChangeView = z.infer<typeof documentChangeSchema>;

/** One saved version, as the history lists it. */
export const versionSummarySchema = z.object({
  version: z.number().int(),
  source: z.enum(VERSION_SOURCES),
  /** The version an undo brought back. */
  restored_from: z.number().int().nullable(),
  /** The member's name; "Admin API" for an import; "Before history" for the baseline. */
  saved_by: z.string(),
  saved_at: z.string().describe('ISO 8601'),
  /** How many values differ from the version before (0 for the first). */
  change_count: z.number().int(),
  /** The first few changed paths, for the list. */
  changed_paths: z.array(z.string()),
});
export type VersionSummary = z.infer<typeof versionSummarySchema>;

/** GET …/configuration: the document as it is now, and its version. */
export const configurationResponseSchema = z.object({
  version: versionSummarySchema,
  document: z.record(z.string(), z.unknown()).describe('The company document (docs/company-document.schema.json)'),
  /**
   * The largest inspector id the company has used, removed inspectors included: a new inspector is
   * numbered past it, since an id named again brings a removed inspector (and their orders) back.
   */
  highest_inspector_id: z.number().int().min(0).default(0),
});
export type ConfigurationResponse = z.infer<typeof configurationResponseSchema>;

/** PUT …/configuration: the whole document, and the version it was edited from. */
export const saveConfigurationBodySchema = z
  .object({
    base_version: versionNumberSchema,
    document: z.record(z.string(), z.unknown()),
  })
  .strict();
export type SaveConfigurationBody = z.infer<typeof saveConfigurationBodySchema>;

/** 409 version_conflict: someone saved since the editor's version; what they changed. */
export const versionConflictSchema = errorResponseSchema.extend({
  current: versionSummarySchema,
  changes: z.array(documentChangeSchema),
  truncated: z.boolean(),
});
export type VersionConflict = z.infer<typeof versionConflictSchema>;

/** GET …/configuration/versions?page= */
export const versionsQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }).strict();
export const versionsResponseSchema = z.object({
  versions: z.array(versionSummarySchema),
  page: z.number().int(),
  total: z.number().int(),
});
export type VersionsResponse = z.infer<typeof versionsResponseSchema>;

/** GET …/configuration/versions/{version}?against= : a version, and its diff from another (default: the one before it). */
export const versionParamsSchema = z
  .object({
    company_key: z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}$/, 'a company key'),
    version: z.coerce.number().int().min(1).max(MAX_VERSION),
  })
  .strict();
export const versionDetailQuerySchema = z
  .object({ against: z.coerce.number().int().min(1).max(MAX_VERSION).optional() })
  .strict();
export const versionDetailSchema = z.object({
  version: versionSummarySchema,
  /** The version compared with; null for the first version (everything is new). */
  against: z.number().int().nullable(),
  changes: z.array(documentChangeSchema),
  truncated: z.boolean(),
});
export type VersionDetail = z.infer<typeof versionDetailSchema>;

/** POST …/configuration/versions/{version}/restore: undo to that version, saved as a new one. */
export const restoreVersionBodySchema = z.object({ base_version: versionNumberSchema }).strict();

/** The answer to a save or an undo. */
export const savedConfigurationSchema = z.object({ version: versionSummarySchema });
export type SavedConfiguration = z.infer<typeof savedConfigurationSchema>;
