import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import * as t from '../apps/server/src/db/schema.ts';
import { mainHeading, screenshot, seriousAccessibilityViolations, VIEWPORTS } from './support/browser.ts';
import { FIXTURE_OFFICES, type FixtureCompany } from './support/product.ts';
import { useRunningProduct } from './support/running-product.ts';

const running = useRunningProduct();

/** Every screen the wizard can show today, reached the way a visitor would. */
const SCREENS: Array<{ name: string; company: FixtureCompany; path: string | null; token?: 'bad' | 'confirmed' }> = [
  { name: 'calendar', company: 'demo', path: null },
  { name: 'address', company: 'demo', path: 'address' },
  { name: 'contacts', company: 'demo', path: 'contacts' },
  { name: 'property-info', company: 'demo', path: 'property-info' },
  { name: 'packages', company: 'demo', path: 'packages' },
  { name: 'review', company: 'demo', path: 'review' },
  { name: 'postal-code', company: 'zip', path: null },
  { name: 'not-found', company: 'demo', path: 'no-such-page' },
  { name: 'unauthorized', company: 'demo', path: 'calendar', token: 'bad' },
  { name: 'disabled', company: 'closed', path: null },
  { name: 'no-services', company: 'empty', path: null },
  { name: 'thank-you', company: 'demo', path: 'review', token: 'confirmed' },
];

async function visit(page: Page, screen: (typeof SCREENS)[number]): Promise<void> {
  await page.goto(running.product.linkOf(screen.company));
  await mainHeading(page);
  const url = new URL(page.url());
  if (screen.token === 'bad') url.searchParams.set('t', 'expired-or-forged');
  if (screen.token === 'confirmed') await running.product.confirmOrderOf(url.searchParams.get('t')!);
  if (screen.path) url.pathname = `/${screen.company}/online-scheduler/${screen.path}`;
  await page.goto(url.toString());
  await mainHeading(page);
  await page.waitForLoadState('networkidle');
}

describe.each(Object.entries(VIEWPORTS))('accessibility at %s width', (viewportName, viewport) => {
  it.each(SCREENS.map((s) => [s.name, s] as const))('%s has no serious or critical axe-core violation', async (_name, screen) => {
    const page = await (await running.browser.newContext({ viewport })).newPage();
    await visit(page, screen);
    await screenshot(page, `${screen.name}-${viewport.width}`);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // Nothing may be wider than the screen: no sideways scrolling on a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${viewportName} horizontal overflow`).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});

describe('company HTML in the browser', () => {
  it('renders a banner written around the importer without its script or handlers', async () => {
    const [company] = await running.product.database.db.select().from(t.companies).where(eq(t.companies.key, 'noquestions'));
    const settings = company!.settings.map((s) =>
      s.key === 'ONLINE_SCHEDULER_V3_INFO_BANNER'
        ? { ...s, value: '<b id="bold" onmouseover="window.__xss=1">Winter hours</b><img src=x onerror="window.__xss=2"><script>window.__xss=3</script><a href="javascript:window.__xss=4">Details</a>' }
        : s,
    );
    await running.product.database.db.update(t.companies).set({ settings }).where(eq(t.companies.id, company!.id));
    await running.product.database.changes.flush();
    const page = await (await running.browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
    await page.goto(`${running.product.baseUrl}/noquestions/online-scheduler/${FIXTURE_OFFICES.noquestions}`);
    await mainHeading(page);
    const note = page.getByRole('note');
    await expect(note.textContent()).resolves.toContain('Winter hours');
    const html = await note.innerHTML();
    expect(html).not.toMatch(/onmouseover|onerror|<script|javascript:|<img/i);
    await note.locator('b').hover({ timeout: 5_000 });
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await page.context().close();
  });
});
