import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBED_SCRIPT_PATH } from '@scheduler/contracts/embed';
import { openTestPglite, type TestDatabaseFactory } from '../db/test-databases.ts';
import { startTestApp, type TestApp } from '../test-support/test-app.ts';
import { EMBED_SCRIPT_FILE } from './embed-script.ts';

/** Past the compression threshold, as the real script is. */
const SCRIPT = `!function(){${'void 0;'.repeat(400)}}();\n`;

describe('the embed script route', () => {
  let built: TestApp;
  let notBuilt: TestApp;
  let webDistDir: string;
  beforeAll(async () => {
    webDistDir = mkdtempSync(join(tmpdir(), 'scheduler-web-'));
    mkdirSync(dirname(join(webDistDir, EMBED_SCRIPT_FILE)), { recursive: true });
    writeFileSync(join(webDistDir, EMBED_SCRIPT_FILE), SCRIPT);
    // The route reads no data: one PGlite is enough, whatever databases the other tests run on.
    const factory: TestDatabaseFactory = { name: 'pglite', open: openTestPglite };
    [built, notBuilt] = await Promise.all([
      startTestApp(factory, { webDistDir }),
      startTestApp(factory, { webDistDir: null }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([built.close(), notBuilt.close()]);
    rmSync(webDistDir, { recursive: true, force: true });
  });

  it('serves the built script as JavaScript any site may load, cached for five minutes', async () => {
    const answer = await built.app.inject({ method: 'GET', url: EMBED_SCRIPT_PATH });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(SCRIPT);
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=300');
    expect(answer.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
  });

  it('answers a browser that has this version with 304, and one with another version with the script', async () => {
    const { etag } = (await built.app.inject({ method: 'GET', url: EMBED_SCRIPT_PATH })).headers;
    const same = await built.app.inject({
      method: 'GET',
      url: EMBED_SCRIPT_PATH,
      headers: { 'if-none-match': String(etag) },
    });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    const stale = await built.app.inject({
      method: 'GET',
      url: EMBED_SCRIPT_PATH,
      headers: { 'if-none-match': '"an-older-build"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(SCRIPT);
  });

  it('is compressed for browsers that accept it', async () => {
    const answer = await built.app.inject({
      method: 'GET',
      url: EMBED_SCRIPT_PATH,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer.rawPayload).toString('utf8')).toBe(SCRIPT);
  });

  it('answers 503 with a JavaScript comment, not cached, while the wizard is not built', async () => {
    const answer = await notBuilt.app.inject({ method: 'GET', url: EMBED_SCRIPT_PATH });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toMatch(/^\/\*.*\*\/\n$/s);
  });

  it('stays out of the API documentation', async () => {
    const doc = (await built.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).not.toContain(EMBED_SCRIPT_PATH);
  });
});
