import { z } from 'zod';
import { privacySettingsSchema } from '@scheduler/contracts/privacy';

/**
 * The Privacy page's setting and the document part it writes: how long the company keeps its
 * clients' personal data on past inspections (`privacy.client_data_years`, null: always). The
 * years are judged by the contract's own bounds, so the page never sends what the server refuses.
 */

/** The contract's years (an integer, 1 to 50), without its null and its default. */
const yearsSchema = privacySettingsSchema.shape.client_data_years.unwrap().unwrap();

export const MIN_YEARS = 1;
export const MAX_YEARS = 50;

export const YEARS_PROBLEM = `Enter a whole number of years from ${MIN_YEARS} to ${MAX_YEARS}.`;

/** The years as typed: a number of digits, nothing else (no "1e1", no "2.5"). */
export function yearsOf(typed: string): number | null {
  const text = typed.trim();
  if (!/^\d{1,3}$/.test(text)) return null;
  const years = Number(text);
  return yearsSchema.safeParse(years).success ? years : null;
}

/** The form: keep always, or for the typed number of years (read only when chosen). */
export const privacyFormSchema = z
  .object({ keep: z.enum(['always', 'years']), years: z.string() })
  .superRefine((values, ctx) => {
    if (values.keep === 'years' && yearsOf(values.years) === null)
      ctx.addIssue({ code: 'custom', path: ['years'], message: YEARS_PROBLEM });
  });
export type PrivacyFormValues = z.infer<typeof privacyFormSchema>;

/** What the page reads of the document: a section missing or unreadable is the default, keep. */
const readSchema = z
  .object({ client_data_years: z.number().int().nullable().catch(null) })
  .catch({ client_data_years: null });

export function privacyFormValues(document: Record<string, unknown>): PrivacyFormValues {
  const years = readSchema.parse(document.privacy ?? {}).client_data_years;
  return years === null ? { keep: 'always', years: '' } : { keep: 'years', years: String(years) };
}

/** The setting the form says: null (always) or the years. Only called on values the schema passed. */
export function clientDataYears(values: PrivacyFormValues): number | null {
  return values.keep === 'always' ? null : yearsOf(values.years);
}

/** The document with the form written in; the rest of the section, and of the document, as it came. */
export function applyPrivacyForm(
  document: Record<string, unknown>,
  values: PrivacyFormValues,
): Record<string, unknown> {
  const section = (document.privacy ?? {}) as Record<string, unknown>;
  return { ...document, privacy: { ...section, client_data_years: clientDataYears(values) } };
}
