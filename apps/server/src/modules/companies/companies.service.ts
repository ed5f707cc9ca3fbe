import { companyDocumentSchema, type CompanyDocument } from '@scheduler/contracts/company-document';
import { HTML_SETTINGS } from '@scheduler/contracts/setting-keys';
import type { Database } from '../../db/connection.ts';
import { AppError, ConflictError, NotFoundError } from '../../errors.ts';
import { sanitizeCompanyHtml } from '../../html/sanitize.ts';
import { findOfficeOwners, lockForImport, readCompanyDocument, replaceCompanyDocument } from './company-document.repository.ts';

/** Company-authored HTML is cleaned before it is stored; the wizard cleans it again before rendering. */
export function sanitizeDocument(doc: CompanyDocument): CompanyDocument {
  return {
    ...doc,
    settings: doc.settings.map((s) =>
      HTML_SETTINGS.includes(s.key) && typeof s.value === 'string' ? { ...s, value: sanitizeCompanyHtml(s.value) } : s,
    ),
    services: doc.services.map((s) => ({ ...s, name: sanitizeCompanyHtml(s.name), description: sanitizeCompanyHtml(s.description) })),
    packages: doc.packages.map((p) => ({ ...p, name: sanitizeCompanyHtml(p.name), description: sanitizeCompanyHtml(p.description) })),
  };
}

/**
 * Parses, sanitises and stores a whole company document. `expectedKey` is the key the caller
 * addressed (the admin API's path); the document must agree with it.
 */
export async function importCompanyDocument(db: Database, input: unknown, expectedKey?: string): Promise<{ key: string; created: boolean }> {
  const parsed = companyDocumentSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.');
    throw new AppError(400, 'invalid_document', `Invalid company document${field ? ` field "${field}"` : ''}: ${issue.message}`, field || undefined);
  }
  const doc = sanitizeDocument(parsed.data);
  if (expectedKey !== undefined && doc.key !== expectedKey) {
    throw new AppError(400, 'key_mismatch', `The document's key "${doc.key}" is not the company key "${expectedKey}" of the path.`, 'key');
  }
  const officeIds = doc.offices.map((o) => o.uuid);
  // Ownership is decided inside the transaction, under the locks of the offices: two imports
  // naming one new office for two companies cannot both find it free and move it between them.
  const { created } = await db.transaction(async (tx) => {
    await lockForImport(tx, doc.key, officeIds);
    const foreign = (await findOfficeOwners(tx, officeIds)).find((owner) => owner.companyKey !== doc.key);
    if (foreign) {
      const index = officeIds.indexOf(foreign.id);
      throw new ConflictError('office_taken', `Office ${foreign.id} belongs to another company.`, `offices.${index}.uuid`);
    }
    return replaceCompanyDocument(tx, doc);
  });
  return { key: doc.key, created };
}

export async function exportCompanyDocument(db: Database, key: string): Promise<CompanyDocument> {
  const doc = await readCompanyDocument(db, key);
  if (!doc) throw new NotFoundError(`The company "${key}"`);
  return doc;
}
