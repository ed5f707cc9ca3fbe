import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runsDatabaseFactory } from '../db/test-databases.ts';
import { DEMO_OFFICE_UUID } from '../modules/company-document/demo-company.ts';
import {
  demoDocument,
  startDemoSession,
  startTestApp,
  TEST_ADMIN_TOKEN,
  type TestApp,
} from '../test-support/test-app.ts';
import { STRICT_TRANSPORT_SECURITY } from './security-headers.ts';
import { describeOnEachDatabase } from '../test-support/each-database.ts';

const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/_app/assets/index-3f2a1b.js"></script></head><body><div id="root"></div></body></html>';

describeOnEachDatabase('security headers', (factory) => {
  let harness: TestApp;
  let webDistDir: string;
  beforeAll(async () => {
    webDistDir = mkdtempSync(join(tmpdir(), 'scheduler-web-'));
    mkdirSync(join(webDistDir, 'assets'));
    writeFileSync(join(webDistDir, 'index.html'), INDEX_HTML);
    writeFileSync(join(webDistDir, 'assets', 'index-3f2a1b.js'), 'console.log(1);');
    mkdirSync(join(webDistDir, '.vite'));
    writeFileSync(join(webDistDir, '.vite', 'builds.json'), '[]');
    harness = await startTestApp(factory, { webDistDir, config: { SESSION_RATE_LIMIT: '1000' } });
  });
  afterAll(async () => {
    await harness.close();
    rmSync(webDistDir, { recursive: true, force: true });
  });

  const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]*)/.exec(String(csp))?.[1];

  it('marks every API answer no-store and nosniff, errors included', async () => {
    const token = await startDemoSession(harness.app);
    const answers = [
      await harness.app.inject({ method: 'GET', url: '/demo/json/currency_code' }),
      await harness.app.inject({
        method: 'GET',
        url: '/demo/online-scheduler/order',
        headers: { 'x-auth-token': token },
      }),
      await harness.app.inject({
        method: 'GET',
        url: '/demo/online-scheduler/order',
        headers: { 'x-auth-token': 'wrong' },
      }),
      await harness.app.inject({ method: 'GET', url: '/api/nothing' }),
      await harness.app.inject({ method: 'GET', url: '/%E0%A4%A/json/currency_code' }),
    ];
    for (const answer of answers) {
      expect(answer.headers['cache-control'], answer.body).toBe('no-store');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it("lets only this server frame the wizard by default, and the company's own sites once listed", async () => {
    const page = await harness.app.inject({ method: 'GET', url: '/demo/online-scheduler/calendar' });
    expect(page.statusCode).toBe(200);
    expect(frameAncestors(page.headers['content-security-policy'])).toBe("'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');

    const doc = {
      ...demoDocument(),
      embedding_origins: ['https://www.scioto-example.com', 'https://*.scioto-example.net'],
    };
    const put = await harness.app.inject({
      method: 'PUT',
      url: '/api/admin/companies/demo',
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      payload: doc,
    });
    expect(put.statusCode).toBe(200);
    try {
      const embedded = await harness.app.inject({ method: 'GET', url: '/demo/online-scheduler/calendar' });
      expect(frameAncestors(embedded.headers['content-security-policy'])).toBe(
        "'self' https://www.scioto-example.com https://*.scioto-example.net",
      );
      // X-Frame-Options cannot name other origins; it would block the company's own site.
      expect(embedded.headers['x-frame-options']).toBeUndefined();
      const exported = await harness.app.inject({
        method: 'GET',
        url: '/api/admin/companies/demo',
        headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      });
      expect(exported.json().embedding_origins).toEqual(doc.embedding_origins);
    } finally {
      await harness.app.inject({
        method: 'PUT',
        url: '/api/admin/companies/demo',
        headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
        payload: demoDocument(),
      });
    }
  });

  it("serves /_app/index.html with the page's headers and hashed assets as immutable", async () => {
    const index = await harness.app.inject({ method: 'GET', url: '/_app/index.html' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-security-policy']).toContain("script-src 'self'");
    expect(frameAncestors(index.headers['content-security-policy'])).toBe("'self'");
    expect(index.headers['cache-control']).toBe('no-store');
    expect(index.headers['referrer-policy']).toBe('no-referrer');

    const asset = await harness.app.inject({ method: 'GET', url: '/_app/assets/index-3f2a1b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    // The build's records of which builds' assets it keeps are not served.
    for (const url of ['/_app/.vite/builds.json', '/_app/%2Evite/builds.json', '/_app/assets/../.vite/builds.json']) {
      expect((await harness.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('puts a Content-Security-Policy on the API explorer', async () => {
    const docs = await harness.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    const csp = String(docs.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(docs.body).toContain('swagger');
    expect(csp).toContain("object-src 'none'");
    expect(frameAncestors(csp)).toBe("'self'");
  });

  it('shows a browser the wizard’s not-found page, with 404, for a session link to an unknown company or office', async () => {
    const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    for (const url of [
      '/no-such-company/online-scheduler/' + DEMO_OFFICE_UUID,
      '/demo/online-scheduler/00000000-0000-4000-8000-000000000000',
    ]) {
      const page = await harness.app.inject({ method: 'GET', url, headers: html });
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toBe(INDEX_HTML);
      expect(page.headers['content-security-policy']).toContain('frame-ancestors');
      const api = await harness.app.inject({ method: 'GET', url });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ error: { code: 'not_found' } });
    }
  });
});

describe('Strict-Transport-Security', () => {
  const database = runsDatabaseFactory();
  const hstsOf = async (config: Record<string, string>, headers: Record<string, string>) => {
    const harness = await startTestApp(database, { config });
    try {
      const answers = [
        await harness.app.inject({ method: 'GET', url: '/demo/json/currency_code', headers }),
        await harness.app.inject({ method: 'GET', url: '/api/nothing', headers }),
      ];
      return answers.map((answer) => answer.headers['strict-transport-security'] ?? null);
    } finally {
      await harness.close();
    }
  };

  it('is sent over HTTPS: a https public address, or a trusted proxy that says the request came over https', async () => {
    expect(await hstsOf({ PUBLIC_URL: 'https://book.example.com' }, {})).toEqual([
      STRICT_TRANSPORT_SECURITY,
      STRICT_TRANSPORT_SECURITY,
    ]);
    expect(await hstsOf({ TRUST_PROXY: 'true' }, { 'x-forwarded-proto': 'https' })).toEqual([
      STRICT_TRANSPORT_SECURITY,
      STRICT_TRANSPORT_SECURITY,
    ]);
  });

  it('is not sent over plain HTTP, nor on the word of a proxy that is not trusted', async () => {
    expect(await hstsOf({}, {})).toEqual([null, null]);
    expect(await hstsOf({ PUBLIC_URL: 'http://localhost:3000' }, {})).toEqual([null, null]);
    expect(await hstsOf({}, { 'x-forwarded-proto': 'https' })).toEqual([null, null]);
    expect(await hstsOf({ TRUST_PROXY: 'true' }, { 'x-forwarded-proto': 'http' })).toEqual([null, null]);
  });
});
