import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_COMPANY_FILE } from '../apps/server/src/modules/company-document/demo-company.ts';
import { screenshot, seriousAccessibilityViolations, VIEWPORTS } from './support/browser.ts';
import { clientNamed, waitForMail } from './support/console.ts';
import { bookDemoOrder, bookingWindow } from './support/manage.ts';
import type { OutboxMail } from './support/mail.ts';
import { useRunningProduct } from './support/running-product.ts';

const running = useRunningProduct();

const DOCUMENT = JSON.parse(readFileSync(DEMO_COMPANY_FILE, 'utf8')) as {
  agents: Array<Record<string, string | number> & { id: number; first: string; email: string }>;
};
/** An agent as the contacts step's search fills them in. */
function agentFields(id: number) {
  const agent = DOCUMENT.agents.find((a) => a.id === id)!;
  const { first, last, email, mobile_phone, work_phone, company } = agent;
  return { agent, fields: { id, first, last, email, mobile_phone, work_phone, company } };
}
const JESSICA = agentFields(201);
const BRIAN = agentFields(202);
const HER_CLIENT = clientNamed('Portia', 'Agentclient');
const HIS_CLIENT = clientNamed('Otto', 'Otherclient');
const SENT =
  "If this e-mail address is one of our agents', we have sent it a sign-in link. It works once, for 15 minutes.";

async function expectAccessible(page: Page, what: string) {
  expect(await seriousAccessibilityViolations(page), what).toEqual([]);
}

it("an agent signs in from the e-mailed link and sees their booking and none of another agent's, at 375 and 1280 px", async () => {
  const { product, browser } = running;
  // Two bookings through the wizard's calls: Jessica is the buyer's agent of one, Brian of the other.
  const booking = await browser.newContext();
  const page = await booking.newPage();
  await bookDemoOrder(page, product, { client: HER_CLIENT, buyersAgent: JESSICA.fields, window: bookingWindow(3) });
  await bookDemoOrder(page, product, { client: HIS_CLIENT, buyersAgent: BRIAN.fields, window: bookingWindow(5) });
  await booking.close();

  const seen = new Set<string>();
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const context = await browser.newContext({ viewport });
    const agentPage = await context.newPage();
    await agentPage.goto(`${product.publicUrl}/demo/agents`);
    await agentPage.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await expectAccessible(agentPage, `sign-in, ${name}`);
    await agentPage.getByRole('textbox', { name: 'E-mail' }).fill(String(JESSICA.agent.email));
    await agentPage.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await agentPage.getByText(SENT).waitFor();

    const mail = await waitForMail(
      product,
      String(JESSICA.agent.email),
      (m: OutboxMail) => m.subject.includes('agent portal') && !seen.has(m.file),
    );
    seen.add(mail.file);
    const found = /https?:\/\/[^\s>\]]+\/demo\/agents\/sign-in#token=[A-Za-z0-9_-]{43}/.exec(mail.text);
    expect(found, mail.text).not.toBeNull();
    const link = new URL(found![0]);
    await agentPage.goto(`${product.publicUrl}${link.pathname}${link.hash}`);
    await agentPage.getByRole('heading', { level: 1, name: `Welcome back, ${JESSICA.agent.first}` }).waitFor();
    // The token left the address bar.
    expect(new URL(agentPage.url()).hash).toBe('');
    const upcoming = agentPage.getByRole('region', { name: 'Upcoming inspections' });
    await upcoming.getByText(`${HER_CLIENT.first} ${HER_CLIENT.last}`).waitFor();
    await expect(
      upcoming
        .getByText(/ E[SD]T$/)
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    expect(await agentPage.getByText(`${HIS_CLIENT.first} ${HIS_CLIENT.last}`).count()).toBe(0);
    await expect(agentPage.getByRole('link', { name: 'Book another inspection' }).isVisible()).resolves.toBe(true);
    await expectAccessible(agentPage, `portal, ${name}`);
    expect(await agentPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await screenshot(agentPage, `agent-portal-${name}`);

    // The link works once: opened again it asks for a new one.
    await agentPage.goto(`${product.publicUrl}${link.pathname}${link.hash}`);
    await agentPage.getByText('This sign-in link has expired or was already used. Ask for a new one below.').waitFor();
    await context.close();
  }
});
