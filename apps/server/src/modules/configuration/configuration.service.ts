import type {
  ConfigurationResponse,
  SaveConfigurationBody,
  SavedConfiguration,
  VersionConflict,
  VersionDetail,
  VersionsResponse,
} from '@scheduler/contracts/configuration';
import { DIFF_MAX_CHANGES } from '@scheduler/contracts/configuration';
import { changeWords } from '@scheduler/domain/configuration/change-words';
import { diffDocuments } from '@scheduler/domain/configuration/document-diff';
import type { Database } from '../../db/connection.ts';
import { AppError, NotFoundError } from '../../errors.ts';
import type { ConsoleMember } from '../console-auth/console-member.ts';
import {
  currentVersion,
  documentVersion,
  documentVersions,
  highestUsedInspectorId,
  importCompanyDocument,
  VersionConflictError,
} from '../company-document/companies.service.ts';

/**
 * The console's configuration (issue 26): the company document, read and saved whole by owners
 * and admins, every save a version. The import schema validates it (`importCompanyDocument`), so
 * the console and the admin API cannot disagree about what a valid company is.
 */

export type SaveOutcome =
  { status: 'saved'; saved: SavedConfiguration } | { status: 'conflict'; conflict: VersionConflict };

/** The document as it is now, and its version. */
export async function readConfiguration(db: Database, member: ConsoleMember, at: Date): Promise<ConfigurationResponse> {
  const version = await currentVersion(db, member.companyId, member.companyKey, at);
  const stored = await documentVersion(db, member.companyId, version.version);
  if (!stored) throw new NotFoundError('The configuration');
  return {
    version: stored.summary,
    document: stored.document,
    highest_inspector_id: await highestUsedInspectorId(db, member.companyId),
  };
}

async function saveAs(
  db: Database,
  member: ConsoleMember,
  document: unknown,
  save: { baseVersion: number; at: Date; restoredFrom?: number },
): Promise<SaveOutcome> {
  try {
    const { version } = await importCompanyDocument(db, document, member.companyKey, {
      author: { userId: member.userId, name: member.userName },
      source: save.restoredFrom === undefined ? 'console' : 'restore',
      restoredFrom: save.restoredFrom,
      baseVersion: save.baseVersion,
      at: save.at,
    });
    return { status: 'saved', saved: { version } };
  } catch (error) {
    if (!(error instanceof VersionConflictError)) throw error;
    return { status: 'conflict', conflict: await conflictOf(db, member, error) };
  }
}

/** The changes that turn `before` into `after`, each in words as well (a person reads them: issue 41). */
function changesInWords(before: Record<string, unknown>, after: Record<string, unknown>) {
  const diff = diffDocuments(before, after, { maxChanges: DIFF_MAX_CHANGES });
  const currency = typeof after.currency === 'string' ? after.currency : 'USD';
  return {
    changes: diff.changes.map((change) => ({ ...change, text: changeWords(change, { before, after }, currency) })),
    truncated: diff.truncated,
  };
}

/** What the other save changed: the editor's base version against the newest. */
async function conflictOf(db: Database, member: ConsoleMember, error: VersionConflictError): Promise<VersionConflict> {
  const [base, current] = await Promise.all([
    documentVersion(db, member.companyId, error.base),
    documentVersion(db, member.companyId, error.current.version),
  ]);
  const diff = base && current ? changesInWords(base.document, current.document) : { changes: [], truncated: false };
  return {
    error: { code: error.code, message: error.message, field: error.field },
    current: error.current,
    changes: diff.changes,
    truncated: diff.truncated,
  };
}

/** Saves the whole document edited from `base_version`. */
export function saveConfiguration(
  db: Database,
  member: ConsoleMember,
  body: SaveConfigurationBody,
  at: Date,
): Promise<SaveOutcome> {
  return saveAs(db, member, body.document, { baseVersion: body.base_version, at });
}

/** Undo to an earlier version: its document saved again, as the newest version. */
export async function restoreVersion(
  db: Database,
  member: ConsoleMember,
  version: number,
  baseVersion: number,
  at: Date,
): Promise<SaveOutcome> {
  const earlier = await documentVersion(db, member.companyId, version);
  if (!earlier) throw new NotFoundError(`Version ${version}`);
  return saveAs(db, member, earlier.document, { baseVersion, at, restoredFrom: version });
}

/** A page of the history, newest first. */
export async function versionHistory(
  db: Database,
  member: ConsoleMember,
  page: number,
  at: Date,
): Promise<VersionsResponse> {
  await currentVersion(db, member.companyId, member.companyKey, at);
  const { versions, total } = await documentVersions(db, member.companyId, page);
  return { versions, total, page };
}

/** A version and what changed from another (by default the one before it). */
export async function versionDetail(
  db: Database,
  member: ConsoleMember,
  version: number,
  against: number | undefined,
): Promise<VersionDetail> {
  const compareWith = against ?? (version > 1 ? version - 1 : null);
  if (compareWith === version)
    throw new AppError(400, 'invalid_request', 'Compare a version with another one.', 'against');
  const [target, other] = await Promise.all([
    documentVersion(db, member.companyId, version),
    compareWith === null ? null : documentVersion(db, member.companyId, compareWith),
  ]);
  if (!target) throw new NotFoundError(`Version ${version}`);
  if (compareWith !== null && !other) throw new NotFoundError(`Version ${compareWith}`);
  const diff = other ? changesInWords(other.document, target.document) : { changes: [], truncated: false };
  return { version: target.summary, against: compareWith, changes: diff.changes, truncated: diff.truncated };
}
