import { describe, expect, it } from 'vitest';
import type { FunnelResponse } from '@scheduler/contracts/analytics';
import { VIEWPORTS, waitForMainHeading } from './support/browser.ts';
import { FIXTURE_OFFICES } from './support/product.ts';
import { useRunningProduct } from './support/running-product.ts';
import { chooseFirstSlot, confirmSlot } from './support/scheduling.ts';

const running = useRunningProduct();
const DEMO_ZONE = 'America/New_York';

/** A day on the demo office's calendar, where the funnel counts sessions: today, or `days` from it. */
const officeDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: DEMO_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

/** The demo office's funnel from yesterday to tomorrow: the sessions of this test, whatever the hour it runs at. */
async function demoFunnel(): Promise<FunnelResponse['offices'][number]> {
  const response = await running.product.app.inject({
    method: 'GET',
    url: `/api/admin/companies/demo/funnel?from=${officeDay(-1)}&to=${officeDay(1)}&office=${FIXTURE_OFFICES.demo}`,
    headers: { authorization: `Bearer ${running.product.adminToken}` },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as FunnelResponse).offices[0]!;
}

/** The wizard's events as a browser sends them (issue 27), read back as the company's funnel. */
describe('the funnel, from visitors in Chromium', () => {
  it('counts a visitor who picked a time and went on, by their link’s source, on the office’s day and in its step order, and not one gone before anything was sent', async () => {
    const goer = await (await running.browser.newContext({ viewport: VIEWPORTS.mobile })).newPage();
    const sent: string[] = [];
    // Counted once the server has answered: a request merely sent can still be cut off when the
    // context closes, and then the server never stores it (it failed this way under load).
    goer.on('response', (response) => {
      const request = response.request();
      if (request.url().endsWith('/json/online_scheduler/events') && response.ok())
        sent.push(
          ...(JSON.parse(request.postData() ?? '{}') as { events: Array<{ name: string; step: string }> }).events.map(
            (e) => `${e.name}:${e.step}`,
          ),
        );
    });
    await goer.goto(`${running.product.linkOf('demo')}?utm_source=newsletter&utm_medium=email`);
    await waitForMainHeading(goer, 'When would you like your inspection?');
    await chooseFirstSlot(goer);
    await confirmSlot(goer);
    await waitForMainHeading(goer, 'Where is this inspection located?');
    // The events go in batches a second apart (the first may have gone before the address step showed).
    await expect
      .poll(() => sent, { timeout: 15_000 })
      .toEqual(expect.arrayContaining(['step_viewed:calendar', 'time_held:calendar', 'step_viewed:address']));
    await goer.context().close();

    // Gone within seconds, without a touch: its first step's view waited for the sender (decision
    // 0046), so the funnel counts it as it counts a link preview's request: not at all.
    const leaver = await (await running.browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
    await leaver.goto(running.product.linkOf('demo'));
    await waitForMainHeading(leaver, 'When would you like your inspection?');
    await leaver.context().close();

    const funnel = await demoFunnel();
    expect(funnel.step_order).toEqual(['calendar', 'address', 'contacts', 'property-info', 'packages', 'review']);
    const goerCounts = { started: 1, reached: [1, 1, 0, 0, 0, 0], confirmed: 0, booked_by_phone: 0, booked_by_api: 0 };
    // Every batch the goer sent has been answered, so stored: the counts are final.
    expect(funnel.totals).toEqual(goerCounts);
    const { days, sources } = await demoFunnel();
    expect(days.map((day) => day.date)).toEqual([officeDay(-1), officeDay(0), officeDay(1)]);
    expect(days.reduce((sum, day) => sum + day.started, 0)).toBe(1);
    expect(sources).toEqual([{ source: 'newsletter', ...goerCounts }]);
  });
});
