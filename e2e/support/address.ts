import type { Page } from 'playwright-core';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { dayFromNow, wizardCalls } from '../../apps/server/src/test-support/wizard-calls.ts';
import type { RunningProduct } from './product.ts';

export interface TypedAddress {
  address1: string;
  city: string;
  postalCode: string;
}

/** Beside the demo office in Columbus: every inspector of the demo company drives there. */
export const SERVED_ADDRESS: TypedAddress = { address1: '1105 Schrock Rd', city: 'Columbus', postalCode: '43229' };

export const addressField = (page: Page, label: 'Address Line 1' | 'Address Line 2' | 'City' | 'Zip Code') =>
  page.getByRole('textbox', { name: new RegExp(`^${label}`) });

/** Types an address into the address step's fields, as a visitor would. */
export async function typeAddress(page: Page, address: TypedAddress): Promise<void> {
  await addressField(page, 'Address Line 1').fill(address.address1);
  await addressField(page, 'City').fill(address.city);
  await addressField(page, 'Zip Code').fill(address.postalCode);
}

/** The address step, filled with a served address and saved with Next (without answering the verification box). */
export async function saveServedAddress(page: Page): Promise<void> {
  await addressField(page, 'Address Line 1').waitFor();
  await typeAddress(page, SERVED_ADDRESS);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}

/**
 * Holds, for the session of `token`, the first time one inspector can do in the three weeks from
 * `day` days ahead, as the calendar would have: a test that needs a particular inspector's time.
 */
export async function holdInspectorsTime(
  product: RunningProduct,
  token: string,
  inspector: number,
  day = 1,
): Promise<AppointmentSlot> {
  const { get, post } = wizardCalls(() => product.app);
  const slots = (
    await get(token, `/availability?from=${dayFromNow(day)}&to=${dayFromNow(day + 20)}&inspectors=[${inspector}]`)
  ).json<AppointmentSlot[]>();
  const slot = slots.find((s) => s.users.length === 1 && s.users[0] === inspector);
  if (!slot) throw new Error(`inspector ${inspector} has no time in the three weeks from day ${day}`);
  const held = await post(token, '/set_datetime', {
    datetime: new Date(slot.timestamp * 1000).toISOString(),
    inspectors: [inspector],
  });
  if (held.statusCode !== 200) throw new Error(`holding inspector ${inspector}'s time answered ${held.statusCode}`);
  return slot;
}
