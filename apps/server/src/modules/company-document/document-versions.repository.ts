import { and, count, desc, eq } from 'drizzle-orm';
import type { VersionSource, VersionSummary } from '@scheduler/contracts/configuration';
import { VERSIONS_PER_PAGE } from '@scheduler/contracts/configuration';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

/** The saved versions of company documents (issue 26): one row per save, the document whole. */

const summaryColumns = {
  version: t.companyDocumentVersions.version,
  source: t.companyDocumentVersions.source,
  restoredFrom: t.companyDocumentVersions.restoredFrom,
  savedByName: t.companyDocumentVersions.savedByName,
  savedAt: t.companyDocumentVersions.savedAt,
  changeCount: t.companyDocumentVersions.changeCount,
  changedPaths: t.companyDocumentVersions.changedPaths,
};

type SummaryRow = {
  version: number;
  source: string;
  restoredFrom: number | null;
  savedByName: string;
  savedAt: Date;
  changeCount: number;
  changedPaths: string[];
};

function summaryOf(row: SummaryRow): VersionSummary {
  return {
    version: row.version,
    // The column's check constraint allows only the four sources.
    source: row.source as VersionSource,
    restored_from: row.restoredFrom,
    saved_by: row.savedByName,
    saved_at: row.savedAt.toISOString(),
    change_count: row.changeCount,
    changed_paths: row.changedPaths,
  };
}

/** The company's newest version, or null before its first. */
export async function latestVersion(db: Executor, companyId: string): Promise<VersionSummary | null> {
  const [row] = await db
    .select(summaryColumns)
    .from(t.companyDocumentVersions)
    .where(eq(t.companyDocumentVersions.companyId, companyId))
    .orderBy(desc(t.companyDocumentVersions.version))
    .limit(1);
  return row ? summaryOf(row) : null;
}

/** One version with its document, or null when the company has no such version. */
export async function readVersion(
  db: Executor,
  companyId: string,
  version: number,
): Promise<{ summary: VersionSummary; document: Record<string, unknown> } | null> {
  const [row] = await db
    .select({ ...summaryColumns, document: t.companyDocumentVersions.document })
    .from(t.companyDocumentVersions)
    .where(and(eq(t.companyDocumentVersions.companyId, companyId), eq(t.companyDocumentVersions.version, version)));
  return row ? { summary: summaryOf(row), document: row.document } : null;
}

/** A page of the history, newest first, and how many versions there are. */
export async function listVersions(
  db: Executor,
  companyId: string,
  page: number,
): Promise<{ versions: VersionSummary[]; total: number }> {
  const where = eq(t.companyDocumentVersions.companyId, companyId);
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(t.companyDocumentVersions)
      .where(where)
      .orderBy(desc(t.companyDocumentVersions.version))
      .limit(VERSIONS_PER_PAGE)
      .offset((page - 1) * VERSIONS_PER_PAGE),
    db.select({ n: count() }).from(t.companyDocumentVersions).where(where),
  ]);
  return { versions: rows.map(summaryOf), total: total?.n ?? 0 };
}

export interface NewVersion {
  companyId: string;
  version: number;
  document: Record<string, unknown>;
  source: VersionSource;
  restoredFrom: number | null;
  savedByUserId: string | null;
  savedByName: string;
  savedAt: Date;
  changeCount: number;
  changedPaths: string[];
}

/** Records a version; the caller holds the company's import lock, so `version` is the next number. */
export async function insertVersion(db: Executor, version: NewVersion): Promise<VersionSummary> {
  await db.insert(t.companyDocumentVersions).values(version);
  return summaryOf(version);
}
