import { eq } from 'drizzle-orm';
import {
  agreementSettingsSchema,
  DEFAULT_AGREEMENT_SETTINGS,
  type AgreementSettings,
} from '@scheduler/contracts/agreements';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

/**
 * The company's agreement settings (`companies.agreement_settings`, issue 43). What was stored is
 * read through the contract's schema over the defaults, so a column written before a setting
 * existed reads as its default, never as a 500.
 */
export async function loadAgreementSettings(db: Executor, companyId: string): Promise<AgreementSettings> {
  const [row] = await db
    .select({ settings: t.companies.agreementSettings })
    .from(t.companies)
    .where(eq(t.companies.id, companyId));
  const parsed = agreementSettingsSchema.safeParse({ ...DEFAULT_AGREEMENT_SETTINGS, ...(row?.settings ?? {}) });
  return parsed.success ? parsed.data : DEFAULT_AGREEMENT_SETTINGS;
}

export async function saveAgreementSettings(
  db: Executor,
  companyId: string,
  settings: AgreementSettings,
): Promise<void> {
  await db.update(t.companies).set({ agreementSettings: settings }).where(eq(t.companies.id, companyId));
}
