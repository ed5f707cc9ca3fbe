import { expect } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { like } from 'drizzle-orm';
import * as t from '../../apps/server/src/db/schema.ts';
import type { OrderResponse } from '@scheduler/contracts/order';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import type { ConsoleRole } from '@scheduler/contracts/console';
import {
  ensureMember,
  organizationOfCompanyKey,
} from '../../apps/server/src/modules/console-auth/console-auth.repository.ts';
import { demoOrdinaryWeekday } from '../../apps/server/src/test-support/demo-days.ts';
import { dayFromNow } from '../../apps/server/src/test-support/wizard-calls.ts';
import { SERVED_ADDRESS } from './address.ts';
import { accessibilityViolations, mainHeading, screenshot, VIEWPORTS, waitForMainHeading } from './browser.ts';
import { readOutbox, type OutboxMail } from './mail.ts';
import type { Client } from './manage.ts';
import type { RunningProduct } from './product.ts';
import { companyCalls, confirmOnReview, openReview, SINGLE_FAMILY, tokenOf, type CompanyCall } from './review.ts';

export const DEMO_COMPANY = { key: 'demo', name: 'Scioto Valley Home Inspections' } as const;
/** The demo's inspector 101. */
export const MIKE = { id: 101, name: 'Mike Alvarez' } as const;
export const SARAH = { id: 102, name: 'Sarah Chen' } as const;

/** Creates (or keeps) a member of the demo company and signs them in `page` by a one-time link, as `npm start` does; lands on the schedule. */
export async function signInMember(
  page: Page,
  product: RunningProduct,
  person: { email: string; name: string; role: ConsoleRole; inspectorId?: number },
): Promise<void> {
  const organizationId = await organizationOfCompanyKey(product.database.db, DEMO_COMPANY.key);
  if (!organizationId) throw new Error('the demo company is missing');
  await ensureMember(
    product.database.db,
    { email: person.email, name: person.name },
    organizationId,
    person.role,
    person.inspectorId ?? null,
  );
  // Every page of a test signs in from 127.0.0.1, and opening a sign-in link counts against five a
  // minute from one address (Better Auth's /magic-link/verify): as if a minute had passed.
  await forgetSignInAttempts(product, '/magic-link/verify');
  await page.goto(await product.app.consoleAuth().signInLinkFor(person.email));
  try {
    await waitForMainHeading(page, 'Schedule');
  } catch (error) {
    const rows = await product.database.db.select().from(t.authRateLimits);
    throw new Error(
      `the sign-in link of ${person.email} did not land on the schedule: at ${page.url()}, reading ${JSON.stringify(await page.locator('body').innerText())}; rate limits ${JSON.stringify(rows)}`,
      { cause: error },
    );
  }
}

/** Forgets the sign-in rate limit's count of `path` (Better Auth keys it by address and path), as a minute's wait would. */
export async function forgetSignInAttempts(product: RunningProduct, path: string): Promise<void> {
  await product.database.db.delete(t.authRateLimits).where(like(t.authRateLimits.key, `%${path}`));
}

/** An ordinary weekday (no demo holiday) at least `days` after today. */
export const consoleDay = (days: number) => demoOrdinaryWeekday(addDays(dayFromNow(0), days));

/** The schedule of `day` at its URL, as the toolbar's date sets it. */
export async function openSchedule(
  page: Page,
  product: RunningProduct,
  day: string,
  view: 'day' | 'week' | 'month' = 'day',
): Promise<void> {
  await page.goto(`${product.publicUrl}/console/demo/schedule?date=${day}&view=${view}`);
  await waitForMainHeading(page, 'Schedule');
}

async function must(call: CompanyCall, path: string, body: unknown): Promise<void> {
  const answer = await call(path, body);
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
}

export interface VisitorBooking {
  page: Page;
  call: CompanyCall;
  slot: AppointmentSlot;
  order: OrderResponse;
}

/**
 * A visitor in `page` fills the demo wizard's cart through its JSON calls and holds the first time
 * of `day` that `pick` accepts (e.g. one of Mike's); the review is not confirmed yet.
 */
export async function holdVisitorTime(
  page: Page,
  product: RunningProduct,
  options: { client: Client; day: string; pick?: (slot: AppointmentSlot) => boolean },
): Promise<VisitorBooking> {
  await page.goto(product.linkOf('demo'));
  await mainHeading(page);
  const call = companyCalls(page, 'demo', tokenOf(page));
  await must(call, 'json/online_scheduler/set_address', {
    address1: SERVED_ADDRESS.address1,
    city: SERVED_ADDRESS.city,
    postal_code: SERVED_ADDRESS.postalCode,
  });
  await must(call, 'json/online_scheduler/set_user_type', { type: 'CLIENT_HOMEOWNER', text: 'Home Owner' });
  await must(call, 'json/online_scheduler/set_clients', { clients: [options.client] });
  await must(call, 'json/online_scheduler/set_property_info', {
    sqft: 1800,
    yb: 1995,
    controls: [
      { id: 5, value: '1', checked: false },
      { id: 6, value: null, checked: true },
    ],
  });
  await must(call, 'json/online_scheduler/add_service', SINGLE_FAMILY);
  const draft = (await call<OrderResponse>('online-scheduler/order')).body;
  const slots = (
    await call<AppointmentSlot[]>(
      `json/online_scheduler/availability?from=${options.day}&to=${options.day}&duration=${draft.duration}`,
    )
  ).body;
  const slot = slots.find(options.pick ?? (() => true));
  if (!slot)
    throw new Error(
      `no time on ${options.day} for this visitor: ${JSON.stringify(slots.map((s) => [s.timestamp, s.users]))}`,
    );
  await must(call, 'json/online_scheduler/set_datetime', {
    datetime: new Date(slot.timestamp * 1000).toISOString(),
    duration: draft.duration,
    inspectors: slot.users,
  });
  const order = (await call<OrderResponse>('online-scheduler/order')).body;
  return { page, call, slot, order };
}

/** Confirms a held visitor booking on the wizard's review, as the visitor would. */
export async function confirmVisitor(booking: VisitorBooking): Promise<void> {
  await openReview(booking.page);
  await confirmOnReview(booking.page);
}

/** Holds and confirms a visitor's booking in a context of its own. */
export async function bookAsVisitor(
  browser: Browser,
  product: RunningProduct,
  options: { client: Client; day: string; pick?: (slot: AppointmentSlot) => boolean },
): Promise<{ orderId: string; slot: AppointmentSlot }> {
  const context = await browser.newContext();
  try {
    const booking = await holdVisitorTime(await context.newPage(), product, options);
    await confirmVisitor(booking);
    return { orderId: booking.order.id, slot: booking.slot };
  } finally {
    await context.close();
  }
}

/** Whether the slot's team includes inspector `id` (slot.users are the inspectors' ids). */
export const slotHas = (id: number) => (slot: AppointmentSlot) => slot.users.map(Number).includes(id);

/** A client of a test's own. */
export function clientNamed(first: string, last: string): Client {
  return { first, last, email: `${first}.${last}@example.com`.toLowerCase(), mobile_phone: '(614) 555-0142' };
}

/** Waits until the outbox holds a message to `to` that `matches`, and returns it. */
export async function waitForMail(
  product: RunningProduct,
  to: string,
  matches: (mail: OutboxMail) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<OutboxMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await readOutbox(product.outboxDir)).find((m) => m.to.includes(to.toLowerCase()) && matches(m));
    if (mail) return mail;
    if (Date.now() > until) throw new Error(`no e-mail to ${to} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The console link a message's text carries (its path after /console/), moved to the product's
 * public name: the e2e worker names the listening address (127.0.0.1), sign-in checks localhost.
 */
export function consoleLinkIn(
  mail: OutboxMail,
  product: RunningProduct,
  path: 'reset-password' | 'accept-invitation',
): string {
  const found = mail.text.match(new RegExp(`https?://[^\\s>\\]]+/console/${path}[^\\s>\\]]*`));
  if (!found) throw new Error(`no /console/${path} link in ${JSON.stringify(mail.text)}`);
  const link = new URL(found[0]);
  return `${product.publicUrl}${link.pathname}${link.search}`;
}

/** Whether the page scrolls sideways. */
export const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/**
 * What is wrong with the console page as it stands: axe's violations, and a sideways scroll past
 * the viewport's width, each a line naming the page and the width. Its screenshot is kept as
 * `console-<name>-<width>`.
 */
export async function consolePageProblems(page: Page, name: string): Promise<string[]> {
  const width = page.viewportSize()!.width;
  const problems = (await accessibilityViolations(page)).map((violation) => `${name} at ${width}: ${violation}`);
  const scrolled = await scrollWidth(page);
  if (scrolled > width) problems.push(`${name} at ${width} scrolls sideways: ${scrolled} px`);
  await screenshot(page, `console-${name}-${width}`);
  return problems;
}

/** A page of a company's console to walk: its path under /console/demo, its heading, and what shows once it is ready. */
export interface ConsoleWalkPage {
  path: string;
  heading: string;
  ready: (page: Page) => Locator;
}

/**
 * How long a walk of many console pages at both widths may take: each page is analysed by axe
 * twice, and on two cores under the whole suite's load a walk took past the default 120 s.
 */
export const AXE_WALK_TIMEOUT_MS = 300_000;

/**
 * Opens a page of the console already loaded in `page` as its own links do: a route change in the
 * page (the history's next entry, which the router follows), not a reload. A reload costs the
 * browser about 0.8 s of CPU (the bundle and every chunk evaluated again, the shell mounted again)
 * against about 0.25 s for the route change, and the page a walk checks is the same either way.
 */
export async function followConsoleRoute(page: Page, product: RunningProduct, path: string): Promise<void> {
  if (!page.url().startsWith(`${product.publicUrl}/console/`))
    throw new Error(`the console is not open in this page (${page.url()}): sign in first`);
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/console/demo/${path}`);
}

/**
 * An owner of the demo, signed in afresh at 1280 and at 375 px, opens each page in turn: the
 * problems consolePageProblems finds on them (none is the test's expectation). Each page is
 * reached as its link reaches it, from the page before (followConsoleRoute); the sign-in loads the
 * console itself.
 */
export async function walkConsolePages(
  browser: Browser,
  product: RunningProduct,
  owner: { email: (width: number) => string; name: string },
  pages: readonly ConsoleWalkPage[],
): Promise<string[]> {
  const problems: string[] = [];
  for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await signInMember(page, product, { email: owner.email(viewport.width), name: owner.name, role: 'owner' });
    for (const { path, heading, ready } of pages) {
      await followConsoleRoute(page, product, path);
      expect(new URL(page.url()).pathname).toBe(`/console/demo/${path}`);
      await waitForMainHeading(page, heading);
      await ready(page).waitFor();
      problems.push(...(await consolePageProblems(page, path)));
    }
    await context.close();
  }
  return problems;
}
