import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { AgreementAppliesTo } from '@scheduler/contracts/agreements';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

/**
 * The company's agreement templates and their versions (issue 43, decision 0080). A version is
 * only ever inserted; the template row holds what may change in place (which orders, active) and
 * which version is current.
 */

export interface TemplateRow {
  id: string;
  appliesTo: AgreementAppliesTo;
  active: boolean;
  currentVersion: number;
  updatedAt: Date;
}

export interface VersionRow {
  templateId: string;
  version: number;
  name: string;
  bodyHtml: string;
  createdByName: string;
  createdAt: Date;
}

/** Who saves a version, as they are named then. */
export interface SavedBy {
  userId: string;
  name: string;
}

const templateColumns = {
  id: t.agreementTemplates.id,
  appliesTo: t.agreementTemplates.appliesTo,
  active: t.agreementTemplates.active,
  currentVersion: t.agreementTemplates.currentVersion,
  updatedAt: t.agreementTemplates.updatedAt,
};

const versionColumns = {
  templateId: t.agreementTemplateVersions.templateId,
  version: t.agreementTemplateVersions.version,
  name: t.agreementTemplateVersions.name,
  bodyHtml: t.agreementTemplateVersions.bodyHtml,
  createdByName: t.agreementTemplateVersions.createdByName,
  createdAt: t.agreementTemplateVersions.createdAt,
};

/** The company's templates, oldest first (the order the office made them in). */
export function templatesOf(db: Executor, companyId: string, templateId?: string): Promise<TemplateRow[]> {
  return (
    db
      .select(templateColumns)
      .from(t.agreementTemplates)
      // `and` leaves out an undefined condition: every template of the company, or the one.
      .where(
        and(
          eq(t.agreementTemplates.companyId, companyId),
          templateId === undefined ? undefined : eq(t.agreementTemplates.id, templateId),
        ),
      )
      .orderBy(asc(t.agreementTemplates.createdAt), asc(t.agreementTemplates.id))
  );
}

/** Every version of the company's templates (or of one), newest first. */
export function versionsOf(db: Executor, companyId: string, templateId?: string): Promise<VersionRow[]> {
  return db
    .select(versionColumns)
    .from(t.agreementTemplateVersions)
    .where(
      and(
        eq(t.agreementTemplateVersions.companyId, companyId),
        templateId === undefined ? undefined : eq(t.agreementTemplateVersions.templateId, templateId),
      ),
    )
    .orderBy(desc(t.agreementTemplateVersions.version));
}

export async function versionOf(
  db: Executor,
  companyId: string,
  templateId: string,
  version: number,
): Promise<VersionRow | null> {
  const [row] = await db
    .select(versionColumns)
    .from(t.agreementTemplateVersions)
    .where(
      and(
        eq(t.agreementTemplateVersions.companyId, companyId),
        eq(t.agreementTemplateVersions.templateId, templateId),
        eq(t.agreementTemplateVersions.version, version),
      ),
    );
  return row ?? null;
}

/**
 * The template, locked for the transaction: two saves at once take turns, so the second numbers
 * its version after the first's (never the same number twice). Null if it is not the company's.
 */
export async function lockTemplate(db: Executor, companyId: string, templateId: string): Promise<TemplateRow | null> {
  const [row] = await db
    .select(templateColumns)
    .from(t.agreementTemplates)
    .where(and(eq(t.agreementTemplates.companyId, companyId), eq(t.agreementTemplates.id, templateId)))
    .for('update');
  return row ?? null;
}

/** Locks the company's row for the transaction, so that two creations at once count each other. */
export async function lockCompany(db: Executor, companyId: string): Promise<{ name: string } | null> {
  const [row] = await db
    .select({ name: t.companies.name })
    .from(t.companies)
    .where(eq(t.companies.id, companyId))
    .for('update');
  return row ?? null;
}

export async function companyName(db: Executor, companyId: string): Promise<string> {
  const [row] = await db.select({ name: t.companies.name }).from(t.companies).where(eq(t.companies.id, companyId));
  return row?.name ?? '';
}

export async function templateCount(db: Executor, companyId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(t.agreementTemplates)
    .where(eq(t.agreementTemplates.companyId, companyId));
  return row?.n ?? 0;
}

/** Which of these ids are the company's own services and packages. */
export async function catalogueIdsOf(
  db: Executor,
  companyId: string,
  serviceIds: readonly string[],
  packageIds: readonly number[],
): Promise<{ serviceIds: Set<string>; packageIds: Set<number> }> {
  const [services, packages] = await Promise.all([
    serviceIds.length === 0
      ? []
      : db
          .select({ id: t.services.id })
          .from(t.services)
          .where(and(eq(t.services.companyId, companyId), inArray(t.services.id, [...serviceIds]))),
    packageIds.length === 0
      ? []
      : db
          .select({ id: t.packages.id })
          .from(t.packages)
          .where(and(eq(t.packages.companyId, companyId), inArray(t.packages.id, [...packageIds]))),
  ]);
  return {
    serviceIds: new Set(services.map((row) => row.id)),
    packageIds: new Set(packages.map((row) => row.id)),
  };
}

export async function insertTemplate(
  db: Executor,
  companyId: string,
  values: { appliesTo: AgreementAppliesTo; active: boolean },
  at: Date,
): Promise<string> {
  const [row] = await db
    .insert(t.agreementTemplates)
    .values({ companyId, ...values, currentVersion: 1, createdAt: at, updatedAt: at })
    .returning({ id: t.agreementTemplates.id });
  return row!.id;
}

export async function insertVersion(
  db: Executor,
  companyId: string,
  templateId: string,
  version: { version: number; name: string; bodyHtml: string },
  by: SavedBy,
  at: Date,
): Promise<void> {
  await db.insert(t.agreementTemplateVersions).values({
    companyId,
    templateId,
    ...version,
    createdByUserId: by.userId,
    createdByName: by.name,
    createdAt: at,
  });
}

export async function updateTemplate(
  db: Executor,
  companyId: string,
  templateId: string,
  values: { appliesTo: AgreementAppliesTo; active: boolean; currentVersion: number },
  at: Date,
): Promise<void> {
  await db
    .update(t.agreementTemplates)
    .set({ ...values, updatedAt: at })
    .where(and(eq(t.agreementTemplates.companyId, companyId), eq(t.agreementTemplates.id, templateId)));
}
