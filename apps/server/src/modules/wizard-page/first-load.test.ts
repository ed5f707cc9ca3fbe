import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FIRST_LOAD_ELEMENT_ID, type FirstLoadData } from '@scheduler/contracts/first-load';
import { importCompanyDocument } from '../company-document/companies.service.ts';
import { DEMO_OFFICE_UUID } from '../company-document/demo-company.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { demoDocument, startDemoSession, startTestApp, type TestApp } from '../../test-support/test-app.ts';

const INDEX_HTML =
  '<!doctype html><html><head><title>Schedule your inspection</title></head><body><div id="root"></div></body></html>';

/**
 * A build's manifest as Vite writes it: the entry imports a shared chunk; the calendar's chunk
 * imports that shared chunk too and one of its own, which imports another.
 */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-aaa.js',
    isEntry: true,
    imports: ['_shared-bbb.js'],
    dynamicImports: ['src/steps/calendar/CalendarStep.tsx'],
  },
  '_shared-bbb.js': { file: 'assets/shared-bbb.js' },
  'src/steps/calendar/CalendarStep.tsx': {
    file: 'assets/CalendarStep-ccc.js',
    isDynamicEntry: true,
    imports: ['index.html', '_shared-bbb.js', '_month-ddd.js'],
  },
  '_month-ddd.js': { file: 'assets/month-ddd.js', imports: ['_days-eee.js'] },
  '_days-eee.js': { file: 'assets/days-eee.js' },
  'src/steps/postal-code/PostalCodeStep.tsx': {
    file: 'assets/PostalCodeStep-fff.js',
    isDynamicEntry: true,
    imports: ['index.html'],
  },
};

/** The page's first-load block, parsed; null when the page has none. */
function firstLoadOf(html: string): FirstLoadData | null {
  const match = new RegExp(`<script type="application/json" id="${FIRST_LOAD_ELEMENT_ID}">(.*?)</script>`, 's').exec(
    html,
  );
  return match ? (JSON.parse(match[1]!) as FirstLoadData) : null;
}

const preloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describeOnEachDatabase('the wizard page carries its first screen', (factory) => {
  let harness: TestApp;
  let webDistDir: string;
  const page = (url: string) => harness.app.inject({ method: 'GET', url });
  const api = (token: string, path: string, companyKey = 'demo') =>
    harness.app.inject({
      method: 'GET',
      url: `/${companyKey}${path}`,
      headers: { 'x-auth-token': token, 'x-office-uuid': DEMO_OFFICE_UUID },
    });

  beforeAll(async () => {
    webDistDir = mkdtempSync(join(tmpdir(), 'scheduler-web-'));
    mkdirSync(join(webDistDir, '.vite'), { recursive: true });
    writeFileSync(join(webDistDir, 'index.html'), INDEX_HTML);
    writeFileSync(join(webDistDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    harness = await startTestApp(factory, { webDistDir, config: { SESSION_RATE_LIMIT: '1000' } });
  });
  afterAll(async () => {
    await harness.close();
    rmSync(webDistDir, { recursive: true, force: true });
  });

  it('puts the office, order, office contact and currency of the session in the page, each as its route answers it', async () => {
    const token = await startDemoSession(harness.app);
    const response = await page(`/demo/online-scheduler?t=${token}&office=${DEMO_OFFICE_UUID}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const data = firstLoadOf(response.body);
    expect(data).not.toBeNull();
    expect(data!.company_key).toBe('demo');
    expect(data!.office_uuid).toBe(DEMO_OFFICE_UUID);
    expect(data!.office).toEqual((await api(token, '/online-scheduler/office')).json());
    expect(data!.order).toEqual((await api(token, '/online-scheduler/order')).json());
    expect(data!.office_contact).toEqual(
      (await api(token, `/json/online_scheduler/office_contact/${DEMO_OFFICE_UUID}`)).json(),
    );
    expect(data!.currency_code).toBe((await api(token, '/json/currency_code')).json().currency_code);
  });

  it("preloads the first step's chunk and what it imports, not what the page's entry loads already", async () => {
    // The demo starts with the calendar.
    const token = await startDemoSession(harness.app);
    const html = (await page(`/demo/online-scheduler?t=${token}&office=${DEMO_OFFICE_UUID}`)).body;
    expect(preloadsOf(html)).toEqual([
      '/_app/assets/CalendarStep-ccc.js',
      '/_app/assets/month-ddd.js',
      '/_app/assets/days-eee.js',
    ]);
    // A step the URL names is the one preloaded; one the manifest does not hold preloads nothing.
    const named = (await page(`/demo/online-scheduler/address?t=${token}&office=${DEMO_OFFICE_UUID}`)).body;
    expect(firstLoadOf(named)).not.toBeNull();
    expect(preloadsOf(named)).toEqual([]);
  });

  it('carries nothing without a valid session for the company and office of the URL', async () => {
    const token = await startDemoSession(harness.app);
    const other = demoDocument() as Record<string, any>;
    other.key = 'first-load-other';
    other.offices[0].uuid = 'c0000000-0000-4000-8000-0000000000fa';
    for (const inspector of other.inspectors) inspector.office = other.offices[0].uuid;
    // A second office of that company, for a token of one office on the other's page.
    other.offices.push({ ...other.offices[0], uuid: 'c0000000-0000-4000-8000-0000000000fc', name: 'North Office' });
    await importCompanyDocument(harness.database.db, other);
    const otherToken = await startDemoSession(harness.app, 'c0000000-0000-4000-8000-0000000000fa', 'first-load-other');
    const refused = [
      `/demo/online-scheduler?office=${DEMO_OFFICE_UUID}`,
      `/demo/online-scheduler?t=not-a-token&office=${DEMO_OFFICE_UUID}`,
      `/demo/online-scheduler?t=${token}`,
      `/demo/online-scheduler?t=${token}&office=c0000000-0000-4000-8000-0000000000fa`,
      `/demo/online-scheduler?t=${token}&t=${token}&office=${DEMO_OFFICE_UUID}`,
      // The demo's token on another company's page, with either office.
      `/first-load-other/online-scheduler?t=${token}&office=c0000000-0000-4000-8000-0000000000fa`,
      `/first-load-other/online-scheduler?t=${token}&office=${DEMO_OFFICE_UUID}`,
      // A session of one office on the page of another office of its company.
      `/first-load-other/online-scheduler?t=${otherToken}&office=c0000000-0000-4000-8000-0000000000fc`,
    ];
    // (The same session on its own office's page does carry its data.)
    expect(
      firstLoadOf(
        (await page(`/first-load-other/online-scheduler?t=${otherToken}&office=c0000000-0000-4000-8000-0000000000fa`))
          .body,
      ),
    ).not.toBeNull();
    for (const url of refused) {
      const response = await page(url);
      expect({
        url,
        status: response.statusCode,
        data: firstLoadOf(response.body),
        preloads: preloadsOf(response.body),
      }).toEqual({ url, status: 200, data: null, preloads: [] });
    }
  });

  it("keeps a company's text that looks like markup inside the data, where it cannot end the element", async () => {
    const odd = demoDocument() as Record<string, any>;
    odd.key = 'first-load-markup';
    odd.name = 'Acme </script><script>alert(1)</script><!-- Inspections';
    odd.offices[0].uuid = 'c0000000-0000-4000-8000-0000000000fb';
    for (const inspector of odd.inspectors) inspector.office = odd.offices[0].uuid;
    await importCompanyDocument(harness.database.db, odd);
    const token = await startDemoSession(harness.app, 'c0000000-0000-4000-8000-0000000000fb', 'first-load-markup');
    const html = (
      await page(`/first-load-markup/online-scheduler?t=${token}&office=c0000000-0000-4000-8000-0000000000fb`)
    ).body;
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    expect(firstLoadOf(html)!.office.company_name).toBe(odd.name);
  });
});
