import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  officeFixture,
  orderFixture,
  renderStep,
  stubServer,
  type RecordedRequest,
} from '../../../test-support/render-step.tsx';
import { takeJustHeld } from '../../../shared/just-held.ts';
import { queryKeys } from '../../../shared/queries.ts';
import CalendarStep from '../CalendarStep.tsx';

// Every date is given: nothing here depends on today. 8 March 2027 is before New York's clocks
// change (14 March), so 2:00 PM there is 19:00 UTC.
const DATE = '2027-03-08';
const TWO_PM_UTC = '2027-03-08T19:00:00.000Z';
const NOTICE = 'Booking by phone for the office \u2014 Frank Ortiz';
const office = officeFixture({
  settings_data: [],
  users: [
    { id: 101, display: 'Mike Alvarez' },
    { id: 102, display: 'Sarah Chen' },
  ],
});
const phoneOrder = orderFixture({ office_booking: { booked_by: 'Frank Ortiz' } });
const WARNINGS = [
  "2:00 PM on Monday, March 8th 2027 is outside Mike Alvarez's working hours.",
  'It is less than 24 hours away; visitors must book 24 hours ahead.',
];

type Answer = { status: number; body: unknown };
/** The server, with office_hold answered in turn by `holds` (the last answer repeats). */
function server(holds: Answer[]) {
  let next = 0;
  const requests = stubServer((request) => {
    if (request.path.endsWith('/office_hold')) return holds[Math.min(next++, holds.length - 1)]!;
    if (request.path.includes('/availability')) return { status: 200, body: [] };
    if (request.path.endsWith('/order')) return { status: 200, body: phoneOrder };
    return { status: 200, body: {} };
  });
  // The console's cookie must go with the hold: which credentials mode each call used.
  const stubbed = globalThis.fetch;
  const modes: Array<RequestCredentials | undefined> = [];
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    if (input.endsWith('/office_hold')) modes.push(init.credentials);
    return stubbed(input, init);
  });
  return { requests, modes };
}
const holds = (requests: RecordedRequest[]) => requests.filter((request) => request.path.endsWith('/office_hold'));

async function fillIn(
  user: ReturnType<typeof userEvent.setup>,
  { date = DATE, time = '2:00 PM', inspectors = ['Mike Alvarez'] } = {},
) {
  await user.type(await screen.findByLabelText(/^Date/), date);
  await user.type(screen.getByLabelText(/^Start time/), time);
  for (const name of inspectors) await user.click(screen.getByRole('checkbox', { name }));
}

afterEach(() => vi.unstubAllGlobals());

// The office's section loads on demand with the calendar. Compiled here once, a test waits for
// what it checks rather than for the worker's compiler on a busy machine (the first test's heading
// took longer than findBy waits).
beforeAll(() => import('./OfficeHoldSection.tsx'));

describe('book by phone: the notice on every step (issue 25)', () => {
  it('says the office is booking, and who, as a note that is not announced again', async () => {
    server([]);
    renderStep(CalendarStep, { office, order: phoneOrder });
    const notice = await screen.findByText(NOTICE);
    expect(notice.getAttribute('role')).toBe('note');
    expect(notice.closest('[aria-live]')).toBeNull();
    // Above the step's card, before its heading.
    expect(
      notice.compareDocumentPosition(screen.getByRole('heading', { level: 1 })) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it("shows neither the notice nor the office's section on a visitor's own order", async () => {
    server([]);
    renderStep(CalendarStep, { office, order: orderFixture() });
    await screen.findByRole('heading', { level: 1 });
    await screen.findByText(/no upcoming availability|no appointments available/i);
    // Given the time a lazy part takes to load, had it been asked for.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Booking by phone/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Office: any time' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hold this time' })).toBeNull();
  });
});

describe('book by phone: the calendar\'s "Office: any time" (issue 25)', () => {
  it('lists the warnings; "Book it anyway" sends the same time accepted, then moves on as the calendar does', async () => {
    const { requests, modes } = server([
      { status: 409, body: { status: 'warnings', warnings: WARNINGS } },
      { status: 200, body: { status: 'ok', hold_expires_at: '2027-03-08T15:15:00.000Z' } },
    ]);
    const user = userEvent.setup();
    const { goTo, queryClient, token } = renderStep(CalendarStep, { office, order: phoneOrder, mode: 'default' });
    const orderKey = queryKeys.order({
      companyKey: office.company_key,
      credentials: { token, officeUuid: office.office_uuid },
    });
    queryClient.setQueryData(orderKey, phoneOrder);
    expect(await screen.findByRole('heading', { level: 2, name: 'Office: any time' })).toBeTruthy();
    await fillIn(user);
    expect(screen.getByText(/Times are in EST\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Hold this time' }));

    const box = await screen.findByRole('group', { name: 'A visitor could not book this time:' });
    expect(
      within(box)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(WARNINGS);
    expect(document.activeElement).toBe(box);
    expect(goTo).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(orderKey)?.isInvalidated).toBe(false);
    expect(holds(requests).map((request) => request.body)).toEqual([
      { datetime: TWO_PM_UTC, inspectors: [101], duration: 180, accept_warnings: false },
    ]);

    await user.click(within(box).getByRole('button', { name: 'Book it anyway' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('address'));
    expect(holds(requests).map((request) => request.body)).toEqual([
      { datetime: TWO_PM_UTC, inspectors: [101], duration: 180, accept_warnings: false },
      { datetime: TWO_PM_UTC, inspectors: [101], duration: 180, accept_warnings: true },
    ]);
    expect(modes).toEqual(['same-origin', 'same-origin']);
    // As after the calendar's own hold: the order is read again, the next step says it is held,
    // and the spec's session copy of the time is written.
    expect(queryClient.getQueryState(orderKey)?.isInvalidated).toBe(true);
    expect(takeJustHeld()).toBe(true);
    expect(sessionStorage.getItem('os-datetime-test-token')).toBe(`${DATE} 14:00:00,180`);
  });

  it('holds at once when the rules allow it, on the calendar-last walk going to the review', async () => {
    const { requests } = server([{ status: 200, body: { status: 'ok', hold_expires_at: '2027-03-08T15:15:00.000Z' } }]);
    const user = userEvent.setup();
    const { goTo } = renderStep(CalendarStep, { office, order: phoneOrder, mode: 'calendar-last' });
    await fillIn(user, { time: '14:30', inspectors: ['Sarah Chen', 'Mike Alvarez'] });
    await user.clear(screen.getByLabelText(/^Length/));
    await user.type(screen.getByLabelText(/^Length/), '90');
    await user.click(screen.getByRole('button', { name: 'Hold this time' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('review'));
    // In the office's order of inspectors, whatever order they were ticked in.
    expect(holds(requests).map((request) => request.body)).toEqual([
      { datetime: '2027-03-08T19:30:00.000Z', inspectors: [101, 102], duration: 90, accept_warnings: false },
    ]);
  });

  it('"Change the time" puts the warnings away and the cursor in the time, with everything kept', async () => {
    server([{ status: 409, body: { status: 'warnings', warnings: WARNINGS } }]);
    const user = userEvent.setup();
    const { goTo } = renderStep(CalendarStep, { office, order: phoneOrder });
    await fillIn(user);
    await user.click(await screen.findByRole('button', { name: 'Hold this time' }));
    const box = await screen.findByRole('group', { name: 'A visitor could not book this time:' });
    await user.click(within(box).getByRole('button', { name: 'Change the time' }));
    expect(screen.queryByRole('group', { name: 'A visitor could not book this time:' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Start time/));
    expect((screen.getByLabelText(/^Start time/) as HTMLInputElement).value).toBe('2:00 PM');
    expect(goTo).not.toHaveBeenCalled();
  });

  it('says who is booked then, and keeps the form as typed', async () => {
    const { requests } = server([
      {
        status: 409,
        body: { status: 'unavailable', appointments: [], busy_inspectors: [{ id: 101, name: 'Mike Alvarez' }] },
      },
    ]);
    const user = userEvent.setup();
    const { goTo } = renderStep(CalendarStep, { office, order: phoneOrder });
    await fillIn(user);
    await user.click(await screen.findByRole('button', { name: 'Hold this time' }));
    expect(
      await screen.findByText(
        'Mike Alvarez is already booked on Monday, March 8th 2027 at 2:00 PM. Choose another time or another inspector.',
      ),
    ).toBeTruthy();
    expect((screen.getByLabelText(/^Date/) as HTMLInputElement).value).toBe(DATE);
    expect((screen.getByLabelText(/^Start time/) as HTMLInputElement).value).toBe('2:00 PM');
    expect((screen.getByLabelText(/^Length/) as HTMLInputElement).value).toBe('180');
    expect((screen.getByRole('checkbox', { name: 'Mike Alvarez' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Sarah Chen' }) as HTMLInputElement).checked).toBe(false);
    expect(holds(requests)).toHaveLength(1);
    expect(goTo).not.toHaveBeenCalled();
  });

  it('of two inspectors chosen, names only the one the server says is booked', async () => {
    server([
      {
        status: 409,
        body: { status: 'unavailable', appointments: [], busy_inspectors: [{ id: 102, name: 'Sarah Chen' }] },
      },
    ]);
    const user = userEvent.setup();
    renderStep(CalendarStep, { office, order: phoneOrder });
    await fillIn(user, { inspectors: ['Mike Alvarez', 'Sarah Chen'] });
    await user.click(await screen.findByRole('button', { name: 'Hold this time' }));
    expect(
      await screen.findByText(
        'Sarah Chen is already booked on Monday, March 8th 2027 at 2:00 PM. Choose another time or another inspector.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Mike Alvarez is already booked/)).toBeNull();
  });

  it('with nobody named (the time was taken as it was asked for), says the time was just taken', async () => {
    server([{ status: 409, body: { status: 'unavailable', appointments: [], busy_inspectors: [] } }]);
    const user = userEvent.setup();
    renderStep(CalendarStep, { office, order: phoneOrder });
    await fillIn(user);
    await user.click(await screen.findByRole('button', { name: 'Hold this time' }));
    expect(
      await screen.findByText(
        'That time was just taken on Monday, March 8th 2027 at 2:00 PM. Choose another time or other inspectors.',
      ),
    ).toBeTruthy();
  });

  it.each([
    [401, 'unauthenticated', 'Please sign in.'],
    [403, 'forbidden', "Your role doesn't allow this."],
  ])('a %i from the console asks to sign in to it, keeping the session and the form', async (status, code, message) => {
    server([{ status, body: { error: { code, message } } }]);
    const user = userEvent.setup();
    const { goTo, unauthorized, token } = renderStep(CalendarStep, { office, order: phoneOrder });
    await fillIn(user);
    await user.click(await screen.findByRole('button', { name: 'Hold this time' }));
    expect(
      (await screen.findByText('Sign in to the console in this browser to book outside the rules.')).closest(
        '[role="alert"]',
      ),
    ).not.toBeNull();
    expect(unauthorized.has(token)).toBe(false);
    expect((screen.getByLabelText(/^Start time/) as HTMLInputElement).value).toBe('2:00 PM');
    expect(goTo).not.toHaveBeenCalled();
  });

  it("the session's own 401 ends the session, as on every call", async () => {
    server([{ status: 401, body: { error: { code: 'unauthorized', message: 'Your session expired.' } } }]);
    const user = userEvent.setup();
    const { unauthorized, token } = renderStep(CalendarStep, { office, order: phoneOrder });
    await fillIn(user);
    await user.click(await screen.findByRole('button', { name: 'Hold this time' }));
    await waitFor(() => expect(unauthorized.has(token)).toBe(true));
    expect(screen.queryByText(/Sign in to the console/)).toBeNull();
  });

  it('puts a refusal that names the time on the time field', async () => {
    server([
      {
        status: 400,
        body: { error: { code: 'invalid_request', message: 'That time has passed.', field: 'datetime' } },
      },
    ]);
    const user = userEvent.setup();
    renderStep(CalendarStep, { office, order: phoneOrder });
    await fillIn(user);
    await user.click(await screen.findByRole('button', { name: 'Hold this time' }));
    expect(await screen.findByText('That time has passed.')).toBeTruthy();
    expect(screen.getByLabelText(/^Start time/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(/Something went wrong/)).toBeNull();
  });

  it('checks the form before asking: a time, a date, an inspector', async () => {
    const { requests } = server([]);
    const user = userEvent.setup();
    renderStep(CalendarStep, { office, order: phoneOrder });
    await fillIn(user, { time: '25:00', inspectors: [] });
    await user.click(await screen.findByRole('button', { name: 'Hold this time' }));
    expect(await screen.findByText('Enter a time like 2:30 PM or 14:30.')).toBeTruthy();
    expect(screen.getByText('Choose at least one inspector.')).toBeTruthy();
    expect(holds(requests)).toHaveLength(0);
  });
});
