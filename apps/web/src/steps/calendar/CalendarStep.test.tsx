import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { officeToday } from '../../shared/scheduling-api.ts';
import { officeFixture, orderFixture, renderStep, stubServer } from '../../test-support/render-step.tsx';
import { takeJustHeld } from '../../shared/just-held.ts';
import CalendarStep from './CalendarStep.tsx';

const WARNING = 'Your shopping cart has changed and requires you to select another appointment.';
const office = officeFixture({ settings_data: [] });
const day = addDays(officeToday(office.time_zone), 3);
const slotAt = (hour: number): AppointmentSlot => ({
  id: `${day}-${hour}`,
  date: day,
  start: `${hour}:00 AM`,
  start_datetime: `${day} ${String(hour).padStart(2, '0')}:00:00`,
  end_datetime: `${day} ${String(hour + 3).padStart(2, '0')}:00:00`,
  timestamp: Date.parse(`${day}T${String(hour + 5).padStart(2, '0')}:00:00Z`) / 1000,
  users: [101],
});
const NINE = slotAt(9);
const TEN = slotAt(10);
// The nine o'clock time held (9:00 in New York is 14:00 UTC in winter) before the cart changed.
const heldAtNine = {
  services: ['s1'],
  datetime: `${day}T14:00:00.000Z`,
  inspectors: [{ id: 101, requested: false }],
  hold_expires_at: new Date(Date.now() + 600_000).toISOString(),
};

function server() {
  return stubServer((request) => {
    if (request.path.includes('/availability')) return { status: 200, body: [NINE, TEN] };
    if (request.path.endsWith('/set_datetime'))
      return { status: 200, body: { status: 'ok', hold_expires_at: new Date(Date.now() + 900_000).toISOString() } };
    if (request.path.endsWith('/order')) return { status: 200, body: orderFixture() };
    return { status: 200, body: {} };
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the calendar step, last in the walk', () => {
  it('says the cart changed, and a held time no longer lets Next go on until a time is picked again (spec 2.5, 4.3)', async () => {
    server();
    renderStep(CalendarStep, {
      office,
      mode: 'calendar-last',
      order: orderFixture({ ...heldAtNine, services_changed: true }),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(WARNING);
    await screen.findByRole('radio', { name: /10:00 AM/ });
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    // The held time is not checked, so that it too can be picked again.
    expect((screen.getByRole('radio', { name: /9:00 AM/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('shows no warning when the cart is as it was held, nor when the calendar comes first', async () => {
    server();
    const { unmount } = renderStep(CalendarStep, { office, mode: 'calendar-last', order: orderFixture(heldAtNine) });
    await screen.findByRole('radio', { name: /10:00 AM/ });
    expect(screen.queryByText(WARNING)).toBeNull();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('radio', { name: /9:00 AM/ }) as HTMLInputElement).checked).toBe(true);
    unmount();
    renderStep(CalendarStep, {
      office,
      mode: 'default',
      order: orderFixture({ ...heldAtNine, services_changed: true }),
    });
    await screen.findByRole('radio', { name: /10:00 AM/ });
    expect(screen.queryByText(WARNING)).toBeNull();
  });

  // Issue 20, decision 0028: one Next holds the pick and goes on to the review.
  it('with the calendar last, one Next holds the pick and goes on to the review, with no dialog', async () => {
    const requests = server();
    const user = userEvent.setup();
    const { goTo } = renderStep(CalendarStep, {
      office,
      mode: 'calendar-last',
      order: orderFixture({ ...heldAtNine, services_changed: true }),
    });
    await user.click(await screen.findByRole('radio', { name: /10:00 AM/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('review'));
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      expect.objectContaining({
        path: expect.stringMatching(/\/set_datetime$/),
        body: expect.objectContaining({ inspectors: [101] }),
      }),
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('with the calendar first, one Next holds the pick and goes on to the address, with no dialog to dismiss (issue 20 item 10)', async () => {
    const requests = server();
    const user = userEvent.setup();
    const { goTo } = renderStep(CalendarStep, { office, mode: 'default', order: orderFixture(heldAtNine) });
    await user.click(await screen.findByRole('radio', { name: /10:00 AM/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('address'));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path.split('/').at(-1))).toEqual(['set_datetime']);
    expect(screen.queryByRole('dialog')).toBeNull();
    // The next step's held-time notice says it once (DECISIONS 4.2 step 5).
    expect(takeJustHeld()).toBe(true);
    expect(takeJustHeld()).toBe(false);
  });
});

describe("the calendar's preferred-inspector legend (issue 41)", () => {
  const LEGEND = '* indicates preferred inspectors';
  const serve = (slots: AppointmentSlot[]) =>
    stubServer((request) => {
      if (request.path.includes('/availability')) return { status: 200, body: slots };
      if (request.path.endsWith('/order')) return { status: 200, body: orderFixture() };
      return { status: 200, body: {} };
    });

  it('is shown only when a time of the day is marked with its asterisk', async () => {
    serve([NINE, { ...TEN, preferred: 1 }]);
    const { unmount } = renderStep(CalendarStep, { office, mode: 'default', order: orderFixture(heldAtNine) });
    expect((await screen.findByRole('radio', { name: /10:00 AM \*/ })).getAttribute('type')).toBe('radio');
    expect(screen.getByText(LEGEND)).toBeTruthy();
    unmount();
    vi.unstubAllGlobals();
    serve([NINE, TEN]);
    renderStep(CalendarStep, { office, mode: 'default', order: orderFixture(heldAtNine) });
    await screen.findByRole('radio', { name: /10:00 AM/ });
    expect(screen.queryByRole('radio', { name: /\*/ })).toBeNull();
    expect(screen.queryByText(LEGEND)).toBeNull();
  });
});
