import { companyDocumentSchema, type CompanyDocument, type DocumentIssue } from '@scheduler/contracts/company-document';
import {
  DIFF_MAX_CHANGES,
  VERSION_SUMMARY_PATHS,
  type VersionSource,
  type VersionSummary,
} from '@scheduler/contracts/configuration';
import { HTML_SETTINGS } from '@scheduler/contracts/setting-keys';
import { diffDocuments } from '@scheduler/domain/configuration/document-diff';
import type { Database, Transaction } from '../../db/connection.ts';
import { AppError, ConflictError, NotFoundError } from '../../errors.ts';
import { letWaitingRequestsIn } from '../../event-loop.ts';
import { sanitizeCompanyHtml } from '../../html/sanitize.ts';
import { isSvgDataUrl } from '../../html/svg-data-url.ts';
import {
  companyIdOfKey,
  findOfficeOwners,
  highestInspectorId,
  lockForImport,
  readCompanyDocument,
  replaceCompanyDocument,
} from './company-document.repository.ts';
import { firstIssue, parseDocumentInSlices } from './document-parse.ts';
import { insertVersion, latestVersion, listVersions, readVersion } from './document-versions.repository.ts';

/** Company-authored HTML is cleaned before it is stored; the wizard cleans it again before rendering. */
export function sanitizeDocument(doc: CompanyDocument): CompanyDocument {
  return {
    ...doc,
    settings: doc.settings.map((s) =>
      HTML_SETTINGS.includes(s.key) && typeof s.value === 'string' ? { ...s, value: sanitizeCompanyHtml(s.value) } : s,
    ),
    services: doc.services.map((s) => ({
      ...s,
      name: sanitizeCompanyHtml(s.name),
      description: sanitizeCompanyHtml(s.description),
    })),
    packages: doc.packages.map((p) => ({
      ...p,
      name: sanitizeCompanyHtml(p.name),
      description: sanitizeCompanyHtml(p.description),
    })),
  };
}

/**
 * SVG logos are cleaned of everything but the drawing before they are stored (issue 39): no
 * script, event handler, form, foreign content or reference outside the logo. The cleaner (and
 * the DOM it needs) is loaded only for a document that has an SVG logo; a price preview, which
 * parses documents too but stores none, never loads it.
 */
async function withCleanLogos(doc: CompanyDocument): Promise<CompanyDocument> {
  if (!isSvgDataUrl(doc.logo) && !doc.offices.some((office) => isSvgDataUrl(office.logo))) return doc;
  const { cleanSvgLogo } = await import('../../html/svg-logo.ts');
  const cleaned = (logo: string | null, field: string): string | null => {
    if (!isSvgDataUrl(logo)) return logo;
    const clean = cleanSvgLogo(logo);
    if (clean === null)
      throw new AppError(
        400,
        'invalid_document',
        `Invalid company document field "${field}": this SVG logo has no drawing that can be shown. Choose another SVG, or a PNG or JPEG.`,
        field,
      );
    return clean;
  };
  return {
    ...doc,
    logo: cleaned(doc.logo, 'logo'),
    offices: doc.offices.map((office, i) => ({ ...office, logo: cleaned(office.logo, `offices.${i}.logo`) })),
  };
}

/** Who saved a document, and how (issue 26): every save is a version of the company's history. */
export interface DocumentSave {
  /** The console member who saved it; absent: the admin API or the command line. */
  author?: { userId: string; name: string };
  source?: Exclude<VersionSource, 'baseline'>;
  /** The version an undo brings back. */
  restoredFrom?: number;
  /** The version the editor started from: the save is refused when another has been saved since. */
  baseVersion?: number;
  at?: Date;
  /** Only a new company: a key that another company already has is refused (a sign-up, never an overwrite). */
  createOnly?: boolean;
  /**
   * Runs in the import's transaction once a new company's rows are written (a sign-up makes its
   * founder the owner here, so that a company never exists without its owner).
   */
  onCreated?: (tx: Transaction, company: { id: string; key: string; name: string }) => Promise<void>;
}

/** The name a version shows when no console member saved it. */
export const ADMIN_API_AUTHOR = 'Admin API';
export const BASELINE_AUTHOR = 'Before history';

/** A save made from a version that is no longer the newest. */
export class VersionConflictError extends ConflictError {
  constructor(
    readonly base: number,
    readonly current: VersionSummary,
  ) {
    super(
      'version_conflict',
      `${current.saved_by} saved version ${current.version} after the version ${base} you started from. Review their changes, then make yours again on the new version.`,
      'base_version',
    );
  }
}

function invalidDocument(issue: DocumentIssue): AppError {
  const field = issue.path.join('.');
  return new AppError(
    400,
    'invalid_document',
    `Invalid company document${field ? ` field "${field}"` : ''}: ${issue.message}`,
    field || undefined,
  );
}

/** Parses a document as the import schema does, naming the field of the first problem. */
export function parseCompanyDocument(input: unknown): CompanyDocument {
  const parsed = companyDocumentSchema.safeParse(input);
  if (!parsed.success) throw invalidDocument(firstIssue(parsed.error));
  return sanitizeDocument(parsed.data);
}

/** `parseCompanyDocument` for a save: a large directory is parsed without holding up other requests. */
async function parseSavedDocument(input: unknown): Promise<CompanyDocument> {
  const parsed = await parseDocumentInSlices(input);
  if (!parsed.success) throw invalidDocument(parsed.issue);
  return sanitizeDocument(parsed.data);
}

/**
 * Parses, sanitises and stores a whole company document, and records it as the company's next
 * version. `expectedKey` is the key the caller addressed (the admin API's path); the document must
 * agree with it.
 */
export async function importCompanyDocument(
  db: Database,
  input: unknown,
  expectedKey?: string,
  save: DocumentSave = {},
): Promise<{ key: string; created: boolean; version: VersionSummary }> {
  const doc = await withCleanLogos(await parseSavedDocument(input));
  if (expectedKey !== undefined && doc.key !== expectedKey) {
    throw new AppError(
      400,
      'key_mismatch',
      `The document's key "${doc.key}" is not the company key "${expectedKey}" of the path.`,
      'key',
    );
  }
  const officeIds = doc.offices.map((o) => o.uuid);
  const at = save.at ?? new Date();
  // Ownership is decided inside the transaction, under the locks of the offices: two imports
  // naming one new office for two companies cannot both find it free and move it between them.
  // The same lock orders two saves of one company, so the second sees the first's version.
  return db.transaction(async (tx) => {
    await lockForImport(tx, doc.key, officeIds);
    const foreign = (await findOfficeOwners(tx, officeIds)).find((owner) => owner.companyKey !== doc.key);
    if (foreign) {
      const index = officeIds.indexOf(foreign.id);
      throw new ConflictError(
        'office_taken',
        `Office ${foreign.id} belongs to another company.`,
        `offices.${index}.uuid`,
      );
    }
    const existingId = await companyIdOfKey(tx, doc.key);
    if (existingId && save.createOnly)
      throw new ConflictError('company_key_taken', `Another company already uses "${doc.key}": choose another.`, 'key');
    const previous = existingId ? await baselineOrLatest(tx, existingId, doc.key, at) : null;
    if (save.baseVersion !== undefined && previous && save.baseVersion !== previous.version)
      throw new VersionConflictError(save.baseVersion, previous);
    const { companyId, created } = await replaceCompanyDocument(tx, doc);
    if (created) await save.onCreated?.(tx, { id: companyId, key: doc.key, name: doc.name });
    // The version is the document as read back from the tables: the form the console edits and
    // the export gives, so that a diff shows what changed rather than how it was written.
    const stored = (await readCompanyDocument(tx, doc.key))!;
    const before = previous ? (await readVersion(tx, companyId, previous.version))?.document : undefined;
    // With a large directory, reading the last version, comparing and writing the new one are
    // tens of milliseconds of work each: other requests are answered between them (issue 39).
    await letWaitingRequestsIn();
    const diff = before
      ? diffDocuments(before, stored, { maxChanges: DIFF_MAX_CHANGES })
      : { changes: [], truncated: false };
    await letWaitingRequestsIn();
    const version = await insertVersion(tx, {
      companyId,
      version: (previous?.version ?? 0) + 1,
      document: stored,
      source: save.source ?? 'import',
      restoredFrom: save.restoredFrom ?? null,
      savedByUserId: save.author?.userId ?? null,
      savedByName: save.author?.name ?? ADMIN_API_AUTHOR,
      savedAt: at,
      changeCount: diff.changes.length,
      changedPaths: diff.changes.slice(0, VERSION_SUMMARY_PATHS).map((change) => change.path),
    });
    return { key: doc.key, created, version };
  });
}

/**
 * The company's newest version; a company configured before history began gets its document as
 * it is now recorded first, as version 1 (the caller holds the company's import lock).
 */
async function baselineOrLatest(tx: Transaction, companyId: string, key: string, at: Date): Promise<VersionSummary> {
  const latest = await latestVersion(tx, companyId);
  if (latest) return latest;
  const current = (await readCompanyDocument(tx, key))!;
  return insertVersion(tx, {
    companyId,
    version: 1,
    document: current,
    source: 'baseline',
    restoredFrom: null,
    savedByUserId: null,
    savedByName: BASELINE_AUTHOR,
    savedAt: at,
    changeCount: 0,
    changedPaths: [],
  });
}

/** One saved version of the company's document with the document itself, or null. */
export function documentVersion(db: Database, companyId: string, version: number) {
  return readVersion(db, companyId, version);
}

/**
 * The largest inspector id the company has ever used. A removed inspector keeps its row (its
 * orders name it), and an import that names its id again brings that row back: a new inspector
 * must be numbered past it.
 */
export function highestUsedInspectorId(db: Database, companyId: string): Promise<number> {
  return highestInspectorId(db, companyId);
}

/** A page of the company's history, newest first. */
export function documentVersions(db: Database, companyId: string, page: number) {
  return listVersions(db, companyId, page);
}

/** The company's newest version, recording the baseline first when history has not begun. */
export async function currentVersion(db: Database, companyId: string, key: string, at: Date): Promise<VersionSummary> {
  const latest = await latestVersion(db, companyId);
  if (latest) return latest;
  return db.transaction(async (tx) => {
    await lockForImport(tx, key, []);
    return baselineOrLatest(tx, companyId, key, at);
  });
}

export async function exportCompanyDocument(db: Database, key: string): Promise<CompanyDocument> {
  const doc = await readCompanyDocument(db, key);
  if (!doc) throw new NotFoundError(`The company "${key}"`);
  return doc;
}
