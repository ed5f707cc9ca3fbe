import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { EMBED_DOM_EVENT, EMBED_FAILED_EVENT, EMBED_READY_EVENT } from '@scheduler/contracts/embed';
import { accessibilityViolations, focusedElement, frameAccessibilityViolations, VIEWPORTS } from './support/browser.ts';
import {
  changeDemoCompany,
  EMBED_SCRIPT_BUDGET_GZIP_BYTES,
  measureEmbedScript,
  startEmbedHost,
  type EmbedHost,
} from './support/embed-host.ts';
import { FIXTURE_OFFICES } from './support/product.ts';
import { useRunningProduct } from './support/running-product.ts';
import { chooseFirstSlot, confirmSlot } from './support/scheduling.ts';

const running = useRunningProduct();
const OFFICE = FIXTURE_OFFICES.demo;
const FIRST_HEADING = 'When would you like your inspection?';

/** The placeholder a company writes, with more data- attributes, and what it holds for when the scheduler cannot be shown. */
const placeholder = (attributes = '', fallback = '') =>
  `<div data-online-scheduler="demo" data-office="${OFFICE}" ${attributes}>${fallback}</div>`;

/** A script of the host page that keeps the ready and failed events it hears, as `window.heard`. */
const readyOrFailed = `<script>window.heard=[];[${JSON.stringify(EMBED_READY_EVENT)},${JSON.stringify(EMBED_FAILED_EVENT)}].forEach(function(type){document.addEventListener(type,function(e){window.heard.push(type+':'+e.detail.mode)})});</script>`;
const heard = (page: Page) => page.evaluate(() => (window as unknown as { heard: string[] }).heard);

/** The page's API, as its own script would call it. */
const api = (page: Page, call: 'open' | 'close') =>
  page.evaluate(
    (name) => (window as unknown as { OnlineScheduler: Record<string, () => boolean> }).OnlineScheduler[name]!(),
    call,
  );

let host: EmbedHost;
/** Another site of the company's, not (yet) among its embedding origins. */
let unlisted: EmbedHost;

beforeAll(async () => {
  [host, unlisted] = await Promise.all([startEmbedHost(running.product), startEmbedHost(running.product)]);
  await changeDemoCompany(running.product, (document) => {
    document.embedding_origins = [host.origin];
    document.analytics = { google_tag_id: 'GTM-E2E1234' };
  });
});
afterAll(async () => {
  await Promise.all([host?.close(), unlisted?.close()]);
});

async function openPage(url: string, viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<Page> {
  const page = await (await running.browser.newContext({ viewport })).newPage();
  await page.goto(url);
  return page;
}

/** The document inside the page's one scheduler frame, once the frame has one. */
async function schedulerFrame(page: Page): Promise<Frame> {
  const frame = await (await page.locator('iframe').elementHandle())?.contentFrame();
  if (!frame) throw new Error('no scheduler frame on the page');
  return frame;
}

/** Where focus is on the host page: in the dialog (which part), or elsewhere. */
const hostFocus = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active?.closest('dialog')) return `outside: ${active?.tagName ?? 'nothing'}`;
    return active.tagName === 'IFRAME' ? 'frame' : (active.textContent ?? active.tagName);
  });

describe('the embed script on a company’s page', () => {
  it(`is served as JavaScript within its budget of ${EMBED_SCRIPT_BUDGET_GZIP_BYTES} bytes gzip`, async () => {
    const script = await measureEmbedScript(running.product.baseUrl);
    expect(script).toMatchObject({ status: 200, contentType: 'text/javascript; charset=utf-8' });
    console.info(
      `embed script: ${script.gzipBytes} bytes gzip at level 9 (budget ${EMBED_SCRIPT_BUDGET_GZIP_BYTES}), ${script.bytes} minified`,
    );
    expect(script.gzipBytes).toBeLessThanOrEqual(EMBED_SCRIPT_BUDGET_GZIP_BYTES);
  });

  it('puts the wizard inline, full width, with the prefill from its attributes and the page’s URL, and the locks from its attributes only', async () => {
    const url = host.page(
      '/inline',
      placeholder('data-postal-code="43004" data-client-email="pat@example.com" data-lock="client_email, city"'),
    );
    for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
      const page = await openPage(
        `${url}?postal_code=99999&client_first_name=Pat&lock=agent_email&utm_source=ad`,
        viewport,
      );
      const iframe = page.locator('iframe[title="Schedule an inspection"]');
      await iframe.waitFor();
      const src = new URL((await iframe.getAttribute('src')) ?? '');
      expect(`${src.origin}${src.pathname}`).toBe(`${running.product.baseUrl}/demo/online-scheduler/${OFFICE}`);
      expect(Object.fromEntries(src.searchParams)).toEqual({
        embed: '1',
        host: host.origin,
        postal_code: '43004',
        client_email: 'pat@example.com',
        client_first_name: 'Pat',
        lock: 'client_email',
        // The page's campaign, for the order's source (issue 42).
        utm_source: 'ad',
      });
      const [frameWidth, placeholderWidth] = await page.evaluate(() => [
        document.querySelector('iframe')!.getBoundingClientRect().width,
        document.querySelector('[data-online-scheduler]')!.getBoundingClientRect().width,
      ]);
      expect(frameWidth).toBe(placeholderWidth);
      await page.context().close();
    }
  });

  it('leaves a placeholder it cannot read as it is, saying why in the console, and mounts the others', async () => {
    const url = host.page(
      '/mixed',
      `<div id="bad" data-online-scheduler="Demo Co" data-office="${OFFICE}"><a href="tel:+16145550100">Call us</a></div>${placeholder()}${placeholder('data-mode="popup"')}`,
    );
    const page = await (await running.browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(url);
    await page.getByRole('button', { name: 'Schedule an inspection' }).waitFor();
    await expect.poll(() => page.locator('iframe').count()).toBe(1);
    expect(await page.locator('#bad').innerHTML()).toBe('<a href="tel:+16145550100">Call us</a>');
    expect(warnings).toEqual([expect.stringContaining('data-online-scheduler="Demo Co" is not a company key')]);
    await page.context().close();
  });

  it('opens the popup as an accessible modal dialog: focus inside and kept there, Escape closes, focus back, the page behind still', async () => {
    const url = host.page(
      '/popup',
      `${readyOrFailed}<p><a href="#top">A link before</a></p>${placeholder('data-mode="popup" data-button-text="Book your inspection"')}<p><a href="#end">A link after</a></p><p><span class="cta" data-scheduler-open>Book now</span></p><div style="height:3000px"></div>`,
    );
    const page = await openPage(url);
    const opener = page.getByRole('button', { name: 'Book your inspection' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Schedule an inspection' });
    await dialog.waitFor();
    // A <dialog> opened with showModal(): role dialog, modal (aria-modal) and the page behind inert, from the browser itself.
    expect(await dialog.evaluate((element) => element.tagName === 'DIALOG' && element.matches(':modal'))).toBe(true);
    expect(await focusedElement(page)).toMatchObject({ tag: 'button', text: 'Close' });
    await dialog.getByRole('button', { name: 'Close' }).waitFor();
    expect(await page.locator('iframe').getAttribute('title')).toBe('Schedule an inspection');

    // The page behind does not scroll.
    expect(
      await page.evaluate(() => [
        getComputedStyle(document.documentElement).overflow,
        getComputedStyle(document.body).overflow,
      ]),
    ).toEqual(['hidden', 'hidden']);
    await page.mouse.move(10, 10);
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => scrollY)).toBe(0);

    // Shift+Tab from the close button goes round to the frame; Tab from the close button goes into the frame, and Shift+Tab back.
    await page.keyboard.press('Shift+Tab');
    expect(await hostFocus(page)).toBe('frame');
    await dialog.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Tab');
    expect(await hostFocus(page)).toBe('frame');
    await page.keyboard.press('Shift+Tab');
    expect(await hostFocus(page)).toBe('Close');
    // Tab through the whole wizard comes back to the close button, never leaving the dialog.
    await page.frameLocator('iframe').getByRole('heading', { level: 1, name: FIRST_HEADING }).waitFor();
    const visited: string[] = [];
    for (let presses = 0; presses < 200; presses++) {
      await page.keyboard.press('Tab');
      visited.push(await hostFocus(page));
      if (visited.at(-1) === 'Close') break;
    }
    expect(visited.filter((where) => where !== 'frame')).toEqual(['Close']);
    console.info(`Tab went through the wizard in ${visited.length} presses`);
    expect(visited.length).toBeGreaterThan(3);

    // Escape closes; focus is back on the button; the page scrolls again.
    const frameBefore = await page
      .locator('iframe')
      .evaluate((iframe) => ((iframe as HTMLIFrameElement & { kept?: boolean }).kept = true));
    expect(frameBefore).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focusedElement(page)).toMatchObject({ tag: 'button', text: 'Book your inspection' });
    await expect
      .poll(() => page.evaluate(() => [document.documentElement.style.overflow, document.body.style.overflow]))
      .toEqual(['', '']);

    // Escape pressed inside the wizard closes it too: the wizard tells the page, which never hears the key.
    await opener.click();
    await dialog.waitFor();
    await page.frameLocator('iframe').getByRole('button', { name: 'Next', exact: true }).waitFor();
    await page.frameLocator('iframe').getByRole('heading', { level: 1 }).first().click();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focusedElement(page)).toMatchObject({ tag: 'button', text: 'Book your inspection' });

    // Reopened, it is the same frame: the visitor's place (and a held time) is still there.
    await opener.click();
    await dialog.waitFor();
    expect(await page.locator('iframe').count()).toBe(1);
    expect(
      await page.locator('iframe').evaluate((iframe) => (iframe as HTMLIFrameElement & { kept?: boolean }).kept),
    ).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await focusedElement(page)).toMatchObject({ tag: 'button', text: 'Book your inspection' });
    // The frame said hello once, whatever was opened and closed since (decision 0060).
    expect(await heard(page)).toEqual([`${EMBED_READY_EVENT}:popup`]);
    expect(await page.locator('[data-online-scheduler]').getAttribute('data-scheduler-state')).toBe('ready');

    // The page's own API opens and closes it.
    expect(await api(page, 'open')).toBe(true);
    await dialog.waitFor();
    expect(await api(page, 'close')).toBe(true);
    await dialog.waitFor({ state: 'hidden' });
    expect(await api(page, 'close')).toBe(false);

    // The page's own element with data-scheduler-open: a button by role and tab stop, opened by keyboard, focus back to it.
    const own = page.getByRole('button', { name: 'Book now' });
    expect(await own.getAttribute('aria-haspopup')).toBe('dialog');
    await own.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focusedElement(page)).toMatchObject({ tag: 'span', text: 'Book now' });
    await own.click();
    await dialog.waitFor();
    await page.context().close();
  });

  it('fills the screen of a phone with the popup, and is a centred panel on a desktop', async () => {
    const url = host.page('/popup-sizes', placeholder('data-mode="popup"'));
    for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
      const page = await openPage(url, viewport);
      await page.getByRole('button', { name: 'Schedule an inspection' }).click();
      const box = (await page.getByRole('dialog').boundingBox())!;
      if (viewport.width < 600) expect(box).toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });
      else {
        expect(box.width).toBeLessThan(viewport.width);
        expect(box.height).toBeLessThan(viewport.height);
        expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThanOrEqual(1);
        expect(Math.abs(box.y + box.height / 2 - viewport.height / 2)).toBeLessThanOrEqual(1);
      }
      const frame = (await page.locator('iframe').boundingBox())!;
      expect(frame.y + frame.height).toBeCloseTo(box.y + box.height, 0);
      await page.context().close();
    }
  });

  it('has no accessibility violations on the host page with the popup open', async () => {
    const page = await openPage(host.page('/popup-axe', placeholder('data-mode="popup"')));
    await page.getByRole('button', { name: 'Schedule an inspection' }).click();
    await page.frameLocator('iframe').getByRole('heading', { level: 1, name: FIRST_HEADING }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('is framed on a site the company lists, in its colour and without its own header and footer, and ready', async () => {
    const listed = await openPage(
      host.page('/framed', `${readyOrFailed}${placeholder('data-brand-color="#ffd000" data-hide-header-footer')}`),
    );
    const wizard = listed.frameLocator('iframe');
    await wizard.getByRole('heading', { level: 1, name: FIRST_HEADING }).waitFor();
    await expect.poll(() => heard(listed)).toEqual([`${EMBED_READY_EVENT}:inline`]);
    // The company's page has its own header and footer; the visitor is on its website already (decision 0060).
    expect(await wizard.getByRole('banner').count()).toBe(0);
    expect(await wizard.getByRole('contentinfo').count()).toBe(0);
    expect(await wizard.getByRole('link', { name: 'Skip to main content' }).count()).toBe(0);
    // Its main button in the company's yellow, with black text: the contrast a light colour needs.
    const frame = (await schedulerFrame(listed)) as unknown as Page;
    await chooseFirstSlot(frame);
    const next = wizard.getByRole('button', { name: 'Next', exact: true });
    // (Polled: the button fades from disabled to enabled.)
    await expect
      .poll(() => next.evaluate((button) => [getComputedStyle(button).backgroundColor, getComputedStyle(button).color]))
      .toEqual(['rgb(255, 208, 0)', 'rgb(0, 0, 0)']);
    // On the next step, the review panel beside it: Start Over stays in the embed with its look, and nothing leads off to the website.
    await confirmSlot(frame);
    const startOver = wizard.getByRole('link', { name: 'Start Over' });
    await startOver.waitFor();
    const again = new URL((await startOver.getAttribute('href')) ?? '', running.product.baseUrl);
    expect([again.searchParams.get('brand_color'), again.searchParams.get('hide_header_footer')]).toEqual([
      '#ffd000',
      '1',
    ]);
    expect(await wizard.getByRole('link', { name: 'Back to our website' }).count()).toBe(0);
    // In a light colour, every text still reads (links and outlines in its darker shade).
    expect(await frameAccessibilityViolations(await schedulerFrame(listed))).toEqual([]);
    await listed.context().close();
  });

  it('is refused by the browser on a site the company does not list: the page’s own content instead, and the origin to add in the console', async () => {
    const refused = await (await running.browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
    const warnings: string[] = [];
    refused.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await refused.goto(
      unlisted.page('/framed', `${readyOrFailed}${placeholder('', '<a href="tel:+16145550100">Call us to book</a>')}`),
    );
    const frame = await schedulerFrame(refused);
    // frame-ancestors refuses the wizard's document: Chromium shows its error page in the frame...
    await expect.poll(() => frame.url(), { timeout: 10_000 }).toBe('chrome-error://chromewebdata/');
    // ...which the page never shows: the frame did not say hello, so the placeholder's own content is back.
    await refused.getByRole('link', { name: 'Call us to book' }).waitFor({ timeout: 10_000 });
    expect(await refused.locator('iframe').count()).toBe(0);
    expect(await heard(refused)).toEqual([`${EMBED_FAILED_EVENT}:inline`]);
    expect(warnings).toEqual([expect.stringContaining(`add ${unlisted.origin} to the company's embedding origins`)]);
    await refused.context().close();
  });
});

/** These need the wizard's side of the contract (its resize, ready, event and session messages). */
describe('the embed script with the wizard’s messages', () => {
  it('makes the inline frame exactly as tall as the wizard, with no scrollbar of its own, at 375 and 1280 px', async () => {
    const url = host.page('/height', placeholder());
    for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
      const page = await openPage(url, viewport);
      const frame = await schedulerFrame(page);
      await frame.getByRole('heading', { level: 1, name: FIRST_HEADING }).waitFor();
      const contentHeight = () =>
        frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
      const frameHeight = () => page.locator('iframe').evaluate((iframe) => iframe.getBoundingClientRect().height);
      await expect.poll(async () => (await frameHeight()) - (await contentHeight()), { timeout: 5000 }).toBe(0);
      expect(
        await frame.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight),
      ).toBeLessThanOrEqual(0);
      await page.context().close();
    }
  });

  it('tells an inline frame which part of it is on screen as the page scrolls, for the wizard’s dialogs', async () => {
    const page = await openPage(
      host.page('/viewport', `${placeholder()}<div style="height:3000px"></div>`),
      VIEWPORTS.mobile,
    );
    const frame = await schedulerFrame(page);
    await frame.getByRole('heading', { level: 1, name: FIRST_HEADING }).waitFor();
    const iframe = page.locator('iframe');
    const frameTop = await iframe.evaluate((element) => element.getBoundingClientRect().top + scrollY);
    await page.evaluate((y) => scrollTo(0, y), frameTop + 300);
    const frameHeight = await iframe.evaluate((element) => element.getBoundingClientRect().height);
    const visible = () =>
      frame.evaluate(() =>
        ['--embed-visible-top', '--embed-visible-height'].map((name) =>
          document.documentElement.style.getPropertyValue(name),
        ),
      );
    await expect
      .poll(visible, { timeout: 5000 })
      .toEqual(['300px', `${Math.round(Math.min(VIEWPORTS.mobile.height, frameHeight - 300))}px`]);
    await page.context().close();
  });

  it('tells the page the funnel events in order, on the placeholder and in the dataLayer, and keeps the session for a reload', async () => {
    const listener = `<script>window.seen=[];document.addEventListener(${JSON.stringify(EMBED_DOM_EVENT)},function(e){window.seen.push(e.detail.name+':'+e.detail.step+':'+e.detail.office_uuid+':'+(e.target.id||''))});</script>`;
    const url = host.page('/events', `${listener}${placeholder('id="scheduler"')}`);
    const page = await openPage(url, VIEWPORTS.mobile);
    const frame = await schedulerFrame(page);
    await frame.getByRole('heading', { level: 1, name: FIRST_HEADING }).waitFor();
    // The step helpers take a Page; a Frame answers the same getByRole and locator calls.
    await chooseFirstSlot(frame as unknown as Page);
    await confirmSlot(frame as unknown as Page);
    const expected = ['step_viewed:calendar', 'time_held:calendar', 'step_viewed:address'].map(
      (event) => `${event}:${OFFICE}:scheduler`,
    );
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { seen: string[] }).seen), { timeout: 5000 })
      .toEqual(expected);
    const pushed = await page.evaluate(
      () =>
        (window as unknown as { dataLayer: Array<{ event: string; online_scheduler: Record<string, unknown> }> })
          .dataLayer,
    );
    expect(
      pushed.map(
        (entry) =>
          `${entry.event}:${String(entry.online_scheduler.step)}:${String(entry.online_scheduler.office_uuid)}`,
      ),
    ).toEqual([
      `online_scheduler_step_viewed:calendar:${OFFICE}`,
      `online_scheduler_time_held:calendar:${OFFICE}`,
      `online_scheduler_step_viewed:address:${OFFICE}`,
    ]);

    const token = new URL(frame.url()).searchParams.get('t');
    expect(await page.evaluate((key) => localStorage.getItem(key), `online-scheduler:resume:demo:${OFFICE}`)).toBe(
      token,
    );
    await page.reload();
    const src = new URL((await page.locator('iframe').getAttribute('src')) ?? '');
    expect(src.searchParams.get('resume')).toBe(token);
    await page.context().close();
  });
});
