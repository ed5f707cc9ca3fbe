import ICAL from 'ical.js';
import type { Browser, Page } from 'playwright-core';
import type { OrderResponse } from '@scheduler/contracts/order';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { dayFromNow } from '../../apps/server/src/test-support/wizard-calls.ts';
import { SERVED_ADDRESS } from './address.ts';
import { mainHeading } from './browser.ts';
import type { RunningProduct } from './product.ts';
import {
  companyCalls,
  confirmOnReview,
  fillOrder,
  openReview,
  SINGLE_FAMILY,
  tokenOf,
  type CompanyCall,
} from './review.ts';

/** A client as the contacts step takes one. */
export interface Client {
  first: string;
  last: string;
  email: string;
  mobile_phone: string;
}

/** One confirmed order of the demo company, and the time it was booked for. */
export interface Booked {
  orderId: string;
  /** The order as the wizard read it on the review, just before confirming. */
  order: OrderResponse;
  /** The slot that was held and booked (its team is the order's inspectors). */
  slot: AppointmentSlot;
}

async function must(call: CompanyCall, path: string, body: unknown): Promise<void> {
  const answer = await call(path, body);
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
}

/** The office-local dates a booking's first time is looked for in: from `fromDay` days after tomorrow (past the demo's holiday today, if any), three weeks of them. */
export function bookingWindow(fromDay: number): { from: string; to: string } {
  return { from: dayFromNow(fromDay), to: dayFromNow(fromDay + 20) };
}

/**
 * Books an order of the demo company in `page` as the wizard's steps would have filled it (the
 * calls of e2e/support/review.ts's fillOrder, the same cart and property, so the same length), for
 * `client` and, with `buyersAgent`, a home buyer with that buyer's agent of the company: the
 * first time of `window` is held, then the review's "Confirm My Inspection" is pressed in the page.
 */
export async function bookDemoOrder(
  page: Page,
  product: RunningProduct,
  options: {
    client: Client;
    /** Further clients on the order (a couple buying together). */
    coClients?: Client[];
    buyersAgent?: Record<string, unknown>;
    window: { from: string; to: string };
    /** What the person does on the review before pressing Confirm (sign the agreement, issue 43). */
    onReview?: (page: Page) => Promise<void>;
  },
): Promise<Booked> {
  await page.goto(product.linkOf('demo'));
  await mainHeading(page);
  const call = companyCalls(page, 'demo', tokenOf(page));
  await must(call, 'json/online_scheduler/set_address', {
    address1: SERVED_ADDRESS.address1,
    city: SERVED_ADDRESS.city,
    postal_code: SERVED_ADDRESS.postalCode,
  });
  if (options.buyersAgent === undefined) {
    await must(call, 'json/online_scheduler/set_user_type', { type: 'CLIENT_HOMEOWNER', text: 'Home Owner' });
  } else {
    await must(call, 'json/online_scheduler/set_user_type', { type: 'CLIENT_BUYER', text: 'Home Buyer' });
  }
  await must(call, 'json/online_scheduler/set_clients', { clients: [options.client, ...(options.coClients ?? [])] });
  // The company's agent as the contacts step's search fills it in: its id and its saved details.
  if (options.buyersAgent !== undefined)
    await must(call, 'json/online_scheduler/set_buyers_agent', options.buyersAgent);
  // As fillOrder answers them: square feet, year built, Occupancy, utilities on.
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
      `json/online_scheduler/availability?from=${options.window.from}&to=${options.window.to}&duration=${draft.duration}`,
    )
  ).body;
  const slot = slots[0];
  if (!slot) throw new Error(`no time from ${options.window.from} to ${options.window.to}`);
  await must(call, 'json/online_scheduler/set_datetime', {
    datetime: new Date(slot.timestamp * 1000).toISOString(),
    duration: draft.duration,
    inspectors: slot.users,
  });
  const order = (await call<OrderResponse>('online-scheduler/order')).body;
  await openReview(page);
  await options.onReview?.(page);
  await confirmOnReview(page);
  return { orderId: order.id, order, slot };
}

/**
 * What a new visitor is offered: another browser context opens the company's link, fills the same
 * cart and address through the wizard's calls (review.ts's fillOrder, nothing held), and asks for
 * the times of `window`.
 */
export async function newVisitorSlots(
  browser: Browser,
  product: RunningProduct,
  window: { from: string; to: string },
): Promise<AppointmentSlot[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(product.linkOf('demo'));
    await mainHeading(page);
    const call = companyCalls(page, 'demo', tokenOf(page));
    await fillOrder(call, { holdTime: false });
    const order = (await call<OrderResponse>('online-scheduler/order')).body;
    const answer = await call<AppointmentSlot[]>(
      `json/online_scheduler/availability?from=${window.from}&to=${window.to}&duration=${order.duration}`,
    );
    if (answer.status !== 200) throw new Error(`availability answered ${answer.status}`);
    return answer.body;
  } finally {
    await context.close();
  }
}

/** The times a booking could move to, as the manage page's calendar asks for them (`/{company}/json/manage/{token}/availability`), from inside the page. */
export async function manageSlots(
  page: Page,
  manageUrl: string,
  window: { from: string; to: string },
): Promise<AppointmentSlot[]> {
  const { pathname } = new URL(manageUrl);
  const [, company, , token] = pathname.split('/');
  const answer = await page.evaluate(async (url) => {
    const response = await fetch(url);
    return { status: response.status, body: (await response.json()) as unknown };
  }, `/${company}/json/manage/${token}/availability?from=${window.from}&to=${window.to}`);
  if (answer.status !== 200)
    throw new Error(`the manage availability answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as AppointmentSlot[];
}

/** The href of the link a message's HTML names `name`, found as a reader finds it: by its role and words, in the rendered message. */
export async function linkInMessage(browser: Browser, html: string, name: string): Promise<string | null> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.setContent(html, { waitUntil: 'domcontentloaded' });
    const links = page.getByRole('link', { name, exact: true });
    const count = await links.count();
    if (count > 1) throw new Error(`the message has ${count} links named ${JSON.stringify(name)}`);
    return count === 0 ? null : await links.getAttribute('href');
  } finally {
    await context.close();
  }
}

/** What mail.ts's parseInvitation leaves out of an invitation: its SEQUENCE and STATUS (RFC 5545 3.8.7.4, 3.8.1.11), read with ical.js. */
export function invitationRevision(text: string): {
  method: string;
  events: Array<{ uid: string; sequence: number | null; status: string }>;
} {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    method: String(calendar.getFirstPropertyValue('method') ?? ''),
    events: calendar.getAllSubcomponents('vevent').map((event) => {
      const sequence = event.getFirstPropertyValue('sequence');
      return {
        uid: String(event.getFirstPropertyValue('uid') ?? ''),
        sequence: sequence === null || sequence === undefined ? null : Number(sequence),
        status: String(event.getFirstPropertyValue('status') ?? ''),
      };
    }),
  };
}

/** The scroll width of the page: nothing may be wider than the window. */
export const pageScrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
