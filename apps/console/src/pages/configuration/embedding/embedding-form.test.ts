import { describe, expect, it } from 'vitest';
import {
  applyEmbeddingForm,
  checkGoogleTagId,
  checkOrigin,
  embeddingFormValues,
  formFieldOfRefusal,
  GOOGLE_TAG_ID_PROBLEM,
  MAX_EMBEDDING_ORIGINS,
  officesOf,
} from './embedding-form.ts';

const DOCUMENT = {
  key: 'demo',
  embedding_origins: ['https://www.example.com'],
  offices: [{ uuid: 'u1', name: 'Columbus', phone: '' }],
  settings: [],
};

describe('checkOrigin', () => {
  it.each([
    ['https://shop.example.com', 'https://shop.example.com'],
    ['  HTTPS://Shop.Example.com/ ', 'https://shop.example.com'],
    ['http://localhost:8080', 'http://localhost:8080'],
    ['https://*.example.org', 'https://*.example.org'],
  ])('takes %j as %j', (typed, origin) => {
    expect(checkOrigin(typed, DOCUMENT.embedding_origins)).toEqual({ ok: true, origin });
  });

  it.each([
    ['', "Enter your site's address, like https://www.example.com."],
    ['www.example.com', 'Start with https:// (or http://), like https://www.example.com.'],
    [
      'https://www.example.com/booking',
      'Only the site itself, without a page or anything after it: like https://www.example.com.',
    ],
    [
      'https://exa mple.com',
      'This is not a site address. Use letters, digits, dashes and dots, like https://www.example.com, or https://*.example.com for all its subdomains.',
    ],
    ['https://www.example.com/', 'This site is already in the list.'],
  ])('refuses %j: %s', (typed, message) => {
    expect(checkOrigin(typed, DOCUMENT.embedding_origins)).toEqual({ ok: false, message });
  });

  it(`refuses a site past the document's ${MAX_EMBEDDING_ORIGINS}`, () => {
    const full = Array.from({ length: MAX_EMBEDDING_ORIGINS }, (_, index) => `https://site${index}.example.com`);
    expect(checkOrigin('https://one-more.example.com', full)).toEqual({
      ok: false,
      message: 'At most 20 sites. Remove one to add another.',
    });
  });
});

describe('checkGoogleTagId', () => {
  it.each(['', 'GTM-AB12CD3', 'g-ab12cd34ef', ' G-AB12CD34EF '])('takes %j', (typed) =>
    expect(checkGoogleTagId(typed)).toBeNull(),
  );
  it.each(['UA-1234-1', 'GTM-', 'G-AB12CD34EF9999', 'hello'])('refuses %j', (typed) =>
    expect(checkGoogleTagId(typed)).toBe(GOOGLE_TAG_ID_PROBLEM),
  );
});

describe('applyEmbeddingForm', () => {
  const loaded = embeddingFormValues(DOCUMENT);

  it('reads a document without analytics as no tag, and its offices', () => {
    expect(loaded).toEqual({ origins: ['https://www.example.com'], googleTagId: '' });
    expect(embeddingFormValues({})).toEqual({ origins: [], googleTagId: '' });
    expect(officesOf(DOCUMENT)).toEqual([{ uuid: 'u1', name: 'Columbus' }]);
  });

  it('writes only what changed, everything else as it was', () => {
    expect(
      applyEmbeddingForm(DOCUMENT, loaded, { ...loaded, origins: [...loaded.origins, 'https://b.example.com'] }),
    ).toEqual({
      ok: true,
      document: { ...DOCUMENT, embedding_origins: ['https://www.example.com', 'https://b.example.com'] },
    });
    expect(applyEmbeddingForm(DOCUMENT, loaded, { ...loaded, googleTagId: 'gtm-ab12cd3' })).toEqual({
      ok: true,
      document: { ...DOCUMENT, analytics: { google_tag_id: 'GTM-AB12CD3' } },
    });
    expect(applyEmbeddingForm(DOCUMENT, loaded, loaded)).toEqual({ ok: true, document: DOCUMENT });
  });

  it('clears a tag as null and keeps the rest of analytics', () => {
    const document = { ...DOCUMENT, analytics: { google_tag_id: 'G-AB12CD34EF', other: 1 } };
    const values = embeddingFormValues(document);
    expect(applyEmbeddingForm(document, values, { ...values, googleTagId: ' ' })).toEqual({
      ok: true,
      document: { ...document, analytics: { google_tag_id: null, other: 1 } },
    });
  });

  it('refuses a bad tag naming its field', () => {
    expect(applyEmbeddingForm(DOCUMENT, loaded, { ...loaded, googleTagId: 'UA-1' })).toEqual({
      ok: false,
      problems: [{ field: 'googleTagId', message: GOOGLE_TAG_ID_PROBLEM }],
    });
  });
});

describe('formFieldOfRefusal', () => {
  it('finds the field of a refused path', () => {
    expect(formFieldOfRefusal('embedding_origins.2')).toBe('origins');
    expect(formFieldOfRefusal('analytics.google_tag_id')).toBe('googleTagId');
    expect(formFieldOfRefusal('offices.0.name')).toBeNull();
  });
});
