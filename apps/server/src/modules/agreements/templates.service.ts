/**
 * The company's agreement templates in the console (issue 43, decision 0080): list, create, save
 * (a changed name or wording is a new version; which orders and active are changed in place), a
 * past version, the settings, and a preview filled with a sample order.
 */
import {
  AGREEMENT_PLACEHOLDERS,
  AGREEMENT_TEMPLATES_MAX,
  type AgreementPreviewBody,
  type AgreementSettings,
  type AgreementTemplate,
  type AgreementTemplateInput,
  type AgreementTemplates,
  type AgreementTemplateVersionDetail,
} from '@scheduler/contracts/agreements';
import { fillAgreementHtml, SAMPLE_AGREEMENT_VALUES } from '@scheduler/domain/agreements/agreement-fill';
import type { Database, Executor } from '../../db/connection.ts';
import { groupBy } from '../../db/group-rows.ts';
import { AppError, NotFoundError } from '../../errors.ts';
import { sanitizeCompanyHtml } from '../../html/sanitize.ts';
import type { ConsoleMember } from '../console-auth/console-member.ts';
import { loadAgreementSettings, saveAgreementSettings } from './agreement-settings.repository.ts';
import {
  catalogueIdsOf,
  companyName,
  insertTemplate,
  insertVersion,
  lockCompany,
  lockTemplate,
  templateCount,
  templatesOf,
  updateTemplate,
  versionOf,
  versionsOf,
  type SavedBy,
  type TemplateRow,
  type VersionRow,
} from './templates.repository.ts';

const NOT_FOUND = 'This agreement';

function templateOut(template: TemplateRow, versions: readonly VersionRow[]): AgreementTemplate {
  // Versions arrive newest first; the current one is the one the template names.
  const current = versions.find((version) => version.version === template.currentVersion) ?? versions[0]!;
  return {
    id: template.id,
    name: current.name,
    body_html: current.bodyHtml,
    applies_to: template.appliesTo,
    active: template.active,
    version: template.currentVersion,
    versions: versions.map((version) => ({
      version: version.version,
      created_at: version.createdAt.toISOString(),
      created_by: version.createdByName,
    })),
    updated_at: template.updatedAt.toISOString(),
  };
}

export async function listTemplates(db: Database, member: ConsoleMember): Promise<AgreementTemplates> {
  const [templates, versions, settings] = await Promise.all([
    templatesOf(db, member.companyId),
    versionsOf(db, member.companyId),
    loadAgreementSettings(db, member.companyId),
  ]);
  const byTemplate = groupBy(versions, (version) => version.templateId);
  return {
    templates: templates.map((template) => templateOut(template, byTemplate.get(template.id) ?? [])),
    settings,
    placeholders: AGREEMENT_PLACEHOLDERS.map(({ name, meaning }) => ({ name, meaning })),
  };
}

async function readTemplate(db: Executor, companyId: string, templateId: string): Promise<AgreementTemplate> {
  const [[template], versions] = await Promise.all([
    templatesOf(db, companyId, templateId),
    versionsOf(db, companyId, templateId),
  ]);
  if (!template || versions.length === 0) throw new NotFoundError(NOT_FOUND);
  return templateOut(template, versions);
}

/** Text a reader would see: the sanitised HTML without its tags and spaces. */
function hasVisibleText(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
      .trim() !== ''
  );
}

/** The body as stored: sanitised, and refused when nothing a signer could read is left. */
function sanitisedBody(bodyHtml: string): string {
  const clean = sanitizeCompanyHtml(bodyHtml).trim();
  if (!hasVisibleText(clean))
    throw new AppError(
      400,
      'invalid_request',
      'The agreement has no text a client could read (scripts, styles and embedded content are removed).',
      'body_html',
    );
  return clean;
}

/** Only the company's own packages and services: another company's id would send the agreement for nothing. */
async function checkAppliesTo(db: Executor, companyId: string, input: AgreementTemplateInput): Promise<void> {
  const { service_ids: serviceIds, package_ids: packageIds } = input.applies_to;
  const known = await catalogueIdsOf(db, companyId, serviceIds, packageIds);
  if (serviceIds.some((id) => !known.serviceIds.has(id)))
    throw new AppError(400, 'invalid_request', 'Choose services of this company.', 'applies_to.service_ids');
  if (packageIds.some((id) => !known.packageIds.has(id)))
    throw new AppError(400, 'invalid_request', 'Choose packages of this company.', 'applies_to.package_ids');
}

const savedBy = (member: ConsoleMember): SavedBy => ({ userId: member.userId, name: member.userName });

export async function createTemplate(
  db: Database,
  member: ConsoleMember,
  input: AgreementTemplateInput,
  now: Date,
): Promise<AgreementTemplate> {
  const bodyHtml = sanitisedBody(input.body_html);
  await checkAppliesTo(db, member.companyId, input);
  const templateId = await db.transaction(async (tx) => {
    await lockCompany(tx, member.companyId);
    if ((await templateCount(tx, member.companyId)) >= AGREEMENT_TEMPLATES_MAX)
      throw new AppError(
        400,
        'invalid_request',
        `A company has at most ${AGREEMENT_TEMPLATES_MAX} agreements: make one inactive and change its wording instead.`,
      );
    const id = await insertTemplate(tx, member.companyId, { appliesTo: input.applies_to, active: input.active }, now);
    await insertVersion(tx, member.companyId, id, { version: 1, name: input.name, bodyHtml }, savedBy(member), now);
    return id;
  });
  return readTemplate(db, member.companyId, templateId);
}

export async function saveTemplate(
  db: Database,
  member: ConsoleMember,
  templateId: string,
  input: AgreementTemplateInput,
  now: Date,
): Promise<AgreementTemplate> {
  const bodyHtml = sanitisedBody(input.body_html);
  await db.transaction(async (tx) => {
    const template = await lockTemplate(tx, member.companyId, templateId);
    if (!template) throw new NotFoundError(NOT_FOUND);
    await checkAppliesTo(tx, member.companyId, input);
    const current = await versionOf(tx, member.companyId, templateId, template.currentVersion);
    // Only the wording (name or body) makes a version: what was signed points at a wording, never at a template's switches.
    const reworded = !current || current.name !== input.name || current.bodyHtml !== bodyHtml;
    const version = reworded ? template.currentVersion + 1 : template.currentVersion;
    if (reworded)
      await insertVersion(
        tx,
        member.companyId,
        templateId,
        { version, name: input.name, bodyHtml },
        savedBy(member),
        now,
      );
    await updateTemplate(
      tx,
      member.companyId,
      templateId,
      { appliesTo: input.applies_to, active: input.active, currentVersion: version },
      now,
    );
  });
  return readTemplate(db, member.companyId, templateId);
}

export async function templateVersion(
  db: Database,
  member: ConsoleMember,
  templateId: string,
  version: number,
): Promise<AgreementTemplateVersionDetail> {
  const row = await versionOf(db, member.companyId, templateId, version);
  if (!row) throw new NotFoundError('This version of the agreement');
  return {
    version: row.version,
    name: row.name,
    body_html: row.bodyHtml,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdByName,
  };
}

export async function saveSettings(
  db: Database,
  member: ConsoleMember,
  settings: AgreementSettings,
): Promise<AgreementSettings> {
  await saveAgreementSettings(db, member.companyId, settings);
  return loadAgreementSettings(db, member.companyId);
}

/** The body as a signer would read it, filled with a sample order under the company's own name and licence. */
export async function previewTemplate(
  db: Database,
  member: ConsoleMember,
  body: AgreementPreviewBody,
): Promise<{ html: string }> {
  const [name, settings] = await Promise.all([
    companyName(db, member.companyId),
    loadAgreementSettings(db, member.companyId),
  ]);
  const values = { ...SAMPLE_AGREEMENT_VALUES, company_name: name, licence_number: settings.licence_number };
  return { html: fillAgreementHtml(sanitizeCompanyHtml(body.body_html), values) };
}

/** The company's licence number (Agreements' settings), '' when none: what its receipts print beside its name (decision 0082). */
export async function companyLicenceNumber(db: Executor, companyId: string): Promise<string> {
  return (await loadAgreementSettings(db, companyId)).licence_number;
}
