import { z } from 'zod';
import { analyticsSettingsSchema, companyDocumentSchema } from '@scheduler/contracts/company-document';

/**
 * The Website embedding page's form and the document it writes: the company's sites that may
 * frame the scheduler (`embedding_origins`) and its Google tag (`analytics.google_tag_id`). Each
 * entry is judged by the document's own schema, so the page never accepts what the server refuses.
 */

/** The document's limit on the list (companyDocumentSchema: `.max(20)`). */
export const MAX_EMBEDDING_ORIGINS = 20;

const originSchema = companyDocumentSchema.shape.embedding_origins.unwrap().element;
const googleTagIdSchema = analyticsSettingsSchema.shape.google_tag_id;

export interface EmbeddingFormValues {
  origins: string[];
  /** Empty: no tag. */
  googleTagId: string;
}

/** The page's form: the document's part, and the site being typed before it is added. */
export type EmbeddingPageValues = EmbeddingFormValues & { newOrigin: string };

export const PENDING_SITE_PROBLEM = 'Add this site with “Add site”, or clear the field, before saving.';

/** What the page reads of the document: anything else there stays exactly as it is. */
const readSchema = z.object({
  embedding_origins: z.array(z.string()).catch([]),
  analytics: z.object({ google_tag_id: z.string().nullable().catch(null) }).catch({ google_tag_id: null }),
  offices: z.array(z.object({ uuid: z.string(), name: z.string() })).catch([]),
});

function readDocument(document: Record<string, unknown>) {
  return readSchema.parse({
    embedding_origins: document.embedding_origins ?? [],
    analytics: document.analytics ?? {},
    offices: document.offices ?? [],
  });
}

export function embeddingFormValues(document: Record<string, unknown>): EmbeddingFormValues {
  const read = readDocument(document);
  return { origins: read.embedding_origins, googleTagId: read.analytics.google_tag_id ?? '' };
}

/** The company's offices, for the snippet's office choice. */
export function officesOf(document: Record<string, unknown>): Array<{ uuid: string; name: string }> {
  return readDocument(document).offices;
}

/**
 * A site as the browser names it: lower-case (hosts are case-insensitive and the header is
 * compared as written), without the one trailing slash a copied address usually has.
 */
export function normaliseOrigin(typed: string): string {
  return typed.trim().toLowerCase().replace(/\/$/, '');
}

export type OriginCheck = { ok: true; origin: string } | { ok: false; message: string };

/** A typed site checked against the list it would join: the first thing wrong with it, in words. */
export function checkOrigin(typed: string, origins: readonly string[]): OriginCheck {
  const origin = normaliseOrigin(typed);
  if (origin === '') return { ok: false, message: "Enter your site's address, like https://www.example.com." };
  if (!/^https?:\/\//.test(origin))
    return { ok: false, message: 'Start with https:// (or http://), like https://www.example.com.' };
  if (/^https?:\/\/[^/?#]*[/?#]/.test(origin))
    return {
      ok: false,
      message: 'Only the site itself, without a page or anything after it: like https://www.example.com.',
    };
  if (!originSchema.safeParse(origin).success) {
    return {
      ok: false,
      message:
        'This is not a site address. Use letters, digits, dashes and dots, like https://www.example.com, or https://*.example.com for all its subdomains.',
    };
  }
  if (origins.includes(origin)) return { ok: false, message: 'This site is already in the list.' };
  if (origins.length >= MAX_EMBEDDING_ORIGINS)
    return { ok: false, message: `At most ${MAX_EMBEDDING_ORIGINS} sites. Remove one to add another.` };
  return { ok: true, origin };
}

/** Google writes its ids in capitals; a lower-case copy is the same id. Empty means none. */
export function googleTagIdOf(typed: string): string | null {
  const id = typed.trim().toUpperCase();
  return id === '' ? null : id;
}

export const GOOGLE_TAG_ID_PROBLEM =
  'Enter a Google Tag Manager id (like GTM-AB12CD3) or a GA4 measurement id (like G-AB12CD34EF), or leave it empty.';

export function checkGoogleTagId(typed: string): string | null {
  return googleTagIdSchema.safeParse(googleTagIdOf(typed)).success ? null : GOOGLE_TAG_ID_PROBLEM;
}

export type EmbeddingProblem = { field: 'googleTagId'; message: string };

/**
 * The document with the form written in, or the problem. A part the person did not change is not
 * written, so a document that leaves `analytics` out still leaves it out.
 */
export function applyEmbeddingForm(
  document: Record<string, unknown>,
  loaded: EmbeddingFormValues,
  values: EmbeddingFormValues,
): { ok: true; document: Record<string, unknown> } | { ok: false; problems: EmbeddingProblem[] } {
  const tagProblem = checkGoogleTagId(values.googleTagId);
  if (tagProblem) return { ok: false, problems: [{ field: 'googleTagId', message: tagProblem }] };
  const next = { ...document };
  const originsChanged =
    values.origins.length !== loaded.origins.length ||
    values.origins.some((origin, index) => origin !== loaded.origins[index]);
  if (originsChanged) next.embedding_origins = [...values.origins];
  const tag = googleTagIdOf(values.googleTagId);
  if (tag !== googleTagIdOf(loaded.googleTagId))
    next.analytics = { ...((document.analytics ?? {}) as Record<string, unknown>), google_tag_id: tag };
  return { ok: true, document: next };
}

/** Which field of the form a refused document's path points at (`embedding_origins.3`, `analytics.google_tag_id`); null for any other. */
export function formFieldOfRefusal(path: string): 'origins' | 'googleTagId' | null {
  if (path === 'embedding_origins' || path.startsWith('embedding_origins.')) return 'origins';
  if (path === 'analytics.google_tag_id' || path === 'analytics') return 'googleTagId';
  return null;
}
