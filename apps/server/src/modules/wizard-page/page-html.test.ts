import Fastify from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FirstLoadData } from '@scheduler/contracts/first-load';
import { registerWeb } from '../../plugins/web.ts';
import { jsonForScriptElement, wizardPageHtml } from './page-html.ts';
import { readStepPreloads } from './step-chunks.ts';

const INDEX = '<html><head><title>x</title></head><body></body></html>';

describe('the wizard page HTML', () => {
  it('escapes what could end a script element or open a comment, and parses back to the same value', () => {
    const value = { name: 'a</script><script>x()</script><!--b', line: 'c\u2028d\u2029e' };
    const json = jsonForScriptElement(value);
    expect(json).not.toMatch(/<|\u2028|\u2029/);
    expect(JSON.parse(json)).toEqual(value);
  });

  it('adds preloads and data at the end of the head, and nothing when there is nothing to add', () => {
    expect(wizardPageHtml(INDEX, { firstLoad: null, preloads: [] })).toBe(INDEX);
    const html = wizardPageHtml(INDEX, {
      firstLoad: { company_key: 'demo' } as FirstLoadData,
      preloads: ['/_app/assets/a.js'],
    });
    expect(html).toBe(
      '<html><head><title>x</title><link rel="modulepreload" crossorigin href="/_app/assets/a.js"><script type="application/json" id="first-load">{"company_key":"demo"}</script></head><body></body></html>',
    );
  });
});

describe('the step preloads of a build', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'scheduler-manifest-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are none without a manifest or with one that is not JSON', async () => {
    expect(await readStepPreloads(dir, '/_app/')).toEqual({});
    mkdirSync(join(dir, '.vite'), { recursive: true });
    writeFileSync(join(dir, '.vite', 'manifest.json'), '{not json');
    expect(await readStepPreloads(dir, '/_app/')).toEqual({});
  });

  it('follow static imports through cycles, each chunk once', async () => {
    mkdirSync(join(dir, '.vite'), { recursive: true });
    const manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true },
      'src/steps/packages/PackagesStep.tsx': { file: 'assets/Packages.js', imports: ['_a.js'] },
      '_a.js': { file: 'assets/a.js', imports: ['_b.js'] },
      '_b.js': { file: 'assets/b.js', imports: ['_a.js', 'index.html'] },
    };
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    expect(await readStepPreloads(dir, '/_app/')).toEqual({
      packages: ['/_app/assets/Packages.js', '/_app/assets/a.js', '/_app/assets/b.js'],
    });
  });
});

describe('a page whose first screen is late or fails', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'scheduler-web-'));
    writeFileSync(join(dir, 'index.html'), INDEX);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const serve = async (firstLoad: () => Promise<null>) => {
    const app = Fastify();
    await registerWeb(app, { webDistDir: dir, embeddingOrigins: async () => [], firstLoad, firstLoadBudgetMs: 20 });
    const response = await app.inject({ method: 'GET', url: '/demo/online-scheduler?t=x&office=y' });
    await app.close();
    return response;
  };

  it('is served without it once its budget has passed', async () => {
    const response = await serve(() => new Promise<null>(() => {}));
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
  });

  it('is served without it when reading it failed', async () => {
    const response = await serve(() => Promise.reject(new Error('database unavailable')));
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
  });
});
