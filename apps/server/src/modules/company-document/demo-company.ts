import { readFile } from 'node:fs/promises';
import type { Database } from '../../db/connection.ts';
import { companyExists } from '../office/office.service.ts';
import { importCompanyDocument } from './companies.service.ts';
import { serverPath } from '../../server-root.ts';

export const DEMO_COMPANY_FILE = serverPath('..', '..', 'examples', 'demo-company.json');
export const DEMO_COMPANY_KEY = 'demo';
/** Documented in the README: the demo link is /demo/online-scheduler/{this}. */
export const DEMO_OFFICE_UUID = '5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10';

/** Loads the demo company on first start; an existing demo company is left as the admin made it. */
export async function ensureDemoCompany(db: Database): Promise<boolean> {
  if (await companyExists(db, DEMO_COMPANY_KEY)) return false;
  const document: unknown = JSON.parse(await readFile(DEMO_COMPANY_FILE, 'utf8'));
  await importCompanyDocument(db, document, DEMO_COMPANY_KEY);
  return true;
}
