import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '../apps/server/src/db/schema.ts';
import { describeAccessibilityWalk } from './support/accessibility-walk.ts';
import { mainHeading, VIEWPORTS } from './support/browser.ts';
import { FIXTURE_OFFICES } from './support/product.ts';
import { useRunningProduct } from './support/running-product.ts';

const running = useRunningProduct();

describeAccessibilityWalk('screens', running);

describe('company HTML in the browser', () => {
  it('renders a banner written around the importer without its script or handlers', async () => {
    const [company] = await running.product.database.db
      .select()
      .from(t.companies)
      .where(eq(t.companies.key, 'noquestions'));
    const settings = company!.settings.map((s) =>
      s.key === 'ONLINE_SCHEDULER_V3_INFO_BANNER'
        ? {
            ...s,
            value:
              '<b id="bold" onmouseover="window.__xss=1">Winter hours</b><img src=x onerror="window.__xss=2"><script>window.__xss=3</script><a href="javascript:window.__xss=4">Details</a>',
          }
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
    await note.locator('b').hover();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await page.context().close();
  });
});
