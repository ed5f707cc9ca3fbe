import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { EMBED_DOM_EVENT } from '@scheduler/contracts/embed';
import { FUNNEL_EVENT_NAMES, FUNNEL_STEPS } from '@scheduler/contracts/analytics';
import { launchBrowserBlockingThirdParties, VIEWPORTS } from './support/browser.ts';
import { changeDemoCompany, startEmbedHost, type EmbedHost } from './support/embed-host.ts';
import { FIXTURE_OFFICES } from './support/product.ts';
import { useRunningProduct } from './support/running-product.ts';
import { chooseFirstSlot, confirmSlot } from './support/scheduling.ts';

const running = useRunningProduct();
const OFFICE = FIXTURE_OFFICES.demo;
const CLIENT = { first: 'Adaline', last: 'Brookfield', email: 'adaline.brookfield@example.com', phone: '6145550101' };

let host: EmbedHost;
let browser: Browser;

beforeAll(async () => {
  [host, browser] = await Promise.all([startEmbedHost(running.product), launchBrowserBlockingThirdParties()]);
  await changeDemoCompany(running.product, (document) => {
    document.embedding_origins = [host.origin];
  });
});
afterAll(async () => {
  await Promise.all([host?.close(), browser?.close()]);
});

/** The document inside the page's scheduler frame, once it shows a step. */
async function schedulerFrame(page: Page): Promise<Frame> {
  const frame = await (await page.locator('iframe').elementHandle())?.contentFrame();
  if (!frame) throw new Error('no scheduler frame on the page');
  return frame;
}

/**
 * A visitor on the company's own page (issue 27), in a browser that gives the framed scheduler no
 * cookies and no storage: the page's prefill and lock, the funnel events the page hears, and the
 * held time kept across the page's reload.
 */
describe('a visitor booking in the embed, with third-party cookies and storage blocked', () => {
  it('walks from the page’s prefill to a held time, the page hearing events with nothing personal, and finds the time again after a reload', async () => {
    const listener = `<script>window.seen=[];document.addEventListener(${JSON.stringify(EMBED_DOM_EVENT)},function(e){window.seen.push(e.detail)});</script>`;
    const attributes = `data-client-first-name="${CLIENT.first}" data-client-last-name="${CLIENT.last}" data-client-email="${CLIENT.email}" data-client-phone="${CLIENT.phone}" data-lock="client_email"`;
    const url = host.page(
      '/book',
      `${listener}<div data-online-scheduler="demo" data-office="${OFFICE}" ${attributes}></div>`,
    );
    const page = await (await browser.newContext({ viewport: VIEWPORTS.mobile })).newPage();
    // The page's own query fills in the property (a listing's page knows it).
    await page.goto(`${url}?address=${encodeURIComponent('1105 Schrock Rd')}&city=Columbus&postal_code=43229`);
    let frame = await schedulerFrame(page);
    await frame.getByRole('heading', { level: 1, name: 'When would you like your inspection?' }).waitFor();

    // The browser refuses the frame its cookies and storage: the scheduler must not need them.
    expect(await frame.evaluate(() => document.hasStorageAccess())).toBe(false);
    expect(
      await frame.evaluate(() => {
        try {
          localStorage.setItem('probe', '1');
          return 'stored';
        } catch (error) {
          return (error as Error).name;
        }
      }),
    ).toBe('SecurityError');

    await chooseFirstSlot(frame as unknown as Page);
    await confirmSlot(frame as unknown as Page);
    const field = (label: string) => frame.getByRole('textbox', { name: new RegExp(`^${label}`) });
    expect(await field('Address Line 1').inputValue()).toBe('1105 Schrock Rd');
    expect(await field('City').inputValue()).toBe('Columbus');
    expect(await field('Zip Code').inputValue()).toBe('43229');
    await frame.getByRole('button', { name: 'Next', exact: true }).click();
    const suggestion = frame.getByRole('button', { name: /^Yes/ });
    await Promise.race([
      suggestion
        .first()
        .waitFor()
        .then(() => suggestion.first().click()),
      frame.getByRole('heading', { level: 1, name: 'People associated with this inspection' }).waitFor(),
    ]);
    await frame.getByRole('heading', { level: 1, name: 'People associated with this inspection' }).waitFor();
    await frame.getByRole('combobox', { name: 'Your role' }).selectOption({ label: 'Home Buyer' });
    const email = frame.getByRole('textbox', { name: /^Email/ });
    expect(await email.inputValue()).toBe(CLIENT.email);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    expect(await field('First Name').inputValue()).toBe(CLIENT.first);
    expect(await field('Last Name').inputValue()).toBe(CLIENT.last);

    // What the page heard: funnel events in order, names and steps from the contract, nothing personal.
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            (window as unknown as { seen: Array<{ name: string; step: string }> }).seen.map(
              (e) => `${e.name}:${e.step}`,
            ),
          ),
        { timeout: 5000 },
      )
      .toEqual(
        expect.arrayContaining([
          'step_viewed:calendar',
          'time_held:calendar',
          'step_viewed:address',
          'step_viewed:contacts',
        ]),
      );
    const seen = await page.evaluate(() => (window as unknown as { seen: Array<Record<string, unknown>> }).seen);
    for (const event of seen) {
      expect(
        Object.keys(event).every((key) =>
          ['name', 'step', 'code', 'item_count', 'total_cents', 'currency', 'office_uuid'].includes(key),
        ),
        JSON.stringify(event),
      ).toBe(true);
      expect(FUNNEL_EVENT_NAMES).toContain(event.name);
      if (event.step !== null) expect(FUNNEL_STEPS).toContain(event.step);
    }
    const heard = JSON.stringify(seen).toLowerCase();
    for (const personal of [CLIENT.first, CLIENT.last, CLIENT.email, CLIENT.phone, 'schrock', '43229'])
      expect(heard).not.toContain(personal.toLowerCase());

    // The page reloads: the frame starts a new session, and the visitor is offered the one they held a time in.
    const heldSession = new URL(frame.url()).searchParams.get('t');
    await page.reload();
    frame = await schedulerFrame(page);
    await frame.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
    await frame.getByText(new RegExp(`is held for you until`)).waitFor();
    await frame.getByRole('button', { name: 'Continue where you left off' }).click();
    await frame.getByTestId('hold-indicator').waitFor();
    expect(await frame.getByTestId('hold-indicator').innerText()).toMatch(/^Held for you until/);
    expect(new URL(frame.url()).searchParams.get('t')).toBe(heldSession);
    await page.context().close();
  });
});
