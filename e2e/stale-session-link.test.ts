import { describe, expect, it } from 'vitest';
import { VIEWPORTS } from './support/browser.ts';
import { FIXTURE_OFFICES } from './support/product.ts';
import { useRunningProduct } from './support/running-product.ts';

const running = useRunningProduct();
const NOT_FOUND = "Sorry! We couldn't find the page you were looking for...";

describe('a session link the server refuses', () => {
  it('shows a browser the not-found page with status 404, for an unknown company and for an unknown office', async () => {
    const page = await (await running.browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
    const links = [
      `${running.product.baseUrl}/no-such-company/online-scheduler/${FIXTURE_OFFICES.demo}`,
      `${running.product.baseUrl}/demo/online-scheduler/00000000-0000-4000-8000-000000000000`,
    ];
    for (const link of links) {
      const response = await page.goto(link);
      expect(response?.status(), link).toBe(404);
      await page.getByRole('heading', { level: 1, name: NOT_FOUND, exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe(new URL(link).pathname);
    }
  });
});
