import type { Page } from 'playwright-core';
import type { OrderResponse } from '@scheduler/contracts/order';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { SERVED_ADDRESS } from './address.ts';
import type { FixtureCompany } from './product.ts';

/** The demo catalogue's single-family inspection (examples/demo-company.json), which every demo inspector does. */
export const SINGLE_FAMILY = 'a1c0ffee-0000-4000-8000-000000000001';
/** The demo catalogue's radon test: another service, to change a cart. */
export const RADON = 'a1c0ffee-0000-4000-8000-000000000006';

/** A JSON call of one company's API (`/{company}/{path}`), made from inside the page with the visitor's session. */
export type CompanyCall = <T>(path: string, body?: unknown) => Promise<{ status: number; body: T }>;

export function companyCalls(page: Page, company: FixtureCompany, token: string): CompanyCall {
  return async <T>(path: string, body?: unknown) =>
    page.evaluate(
      async ([company, path, token, body]) => {
        const response = await fetch(`/${company}/${path}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { 'x-auth-token': token!, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: response.status, body: await response.json() };
      },
      [company, path, token, body] as const,
    ) as Promise<{ status: number; body: T }>;
}

/** The session token of the page's URL. */
export const tokenOf = (page: Page) => new URL(page.url()).searchParams.get('t')!;

/**
 * Fills an order in through the wizard's own calls, as the steps before the review would have: a
 * served address, a home owner with one client, the property questions answered, the single-family
 * inspection, and (unless `holdTime` is false) the first time of the coming weeks held. Returns the
 * held slot.
 */
export async function fillOrder(
  call: CompanyCall,
  options: { holdTime?: boolean } = {},
): Promise<AppointmentSlot | null> {
  const must = async (path: string, body: unknown) => {
    const answer = await call(path, body);
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  };
  await must('json/online_scheduler/set_address', {
    address1: SERVED_ADDRESS.address1,
    city: SERVED_ADDRESS.city,
    postal_code: SERVED_ADDRESS.postalCode,
  });
  await must('json/online_scheduler/set_user_type', { type: 'CLIENT_HOMEOWNER', text: 'Home Owner' });
  await must('json/online_scheduler/set_clients', {
    clients: [{ first: 'Dana', last: 'Whitfield', email: 'dana.whitfield@example.com', mobile_phone: '6145550188' }],
  });
  // The demo's required property questions (square feet, year built, Occupancy, utilities on).
  await must('json/online_scheduler/set_property_info', {
    sqft: 1800,
    yb: 1995,
    controls: [
      { id: 5, value: '1', checked: false },
      { id: 6, value: null, checked: true },
    ],
  });
  await must('json/online_scheduler/add_service', SINGLE_FAMILY);
  if (options.holdTime === false) return null;
  const order = (await call<OrderResponse>('online-scheduler/order')).body;
  const from = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const slots = (
    await call<AppointmentSlot[]>(`json/online_scheduler/availability?from=${from}&to=${to}&duration=${order.duration}`)
  ).body;
  const slot = slots[0];
  if (!slot) throw new Error('no time in the coming weeks');
  await must('json/online_scheduler/set_datetime', {
    datetime: new Date(slot.timestamp * 1000).toISOString(),
    duration: order.duration,
    inspectors: slot.users,
  });
  return slot;
}

/** Opens the review of the page's session (a full load of `/review`) and waits for its confirm button. */
export async function openReview(page: Page, company: FixtureCompany = 'demo'): Promise<void> {
  const url = new URL(page.url());
  url.pathname = `/${company}/online-scheduler/review`;
  await page.goto(url.toString());
  await page.getByRole('heading', { level: 1, name: 'Review your order' }).waitFor();
  await page.getByRole('button', { name: 'Confirm My Inspection' }).waitFor();
}

/** On the review: "Confirm My Inspection", then the thank-you state. */
export async function confirmOnReview(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Confirm My Inspection' }).click();
  await page.getByRole('heading', { level: 1, name: 'Thank you!' }).waitFor();
}
