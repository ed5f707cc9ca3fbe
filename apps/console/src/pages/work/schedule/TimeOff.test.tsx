import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConsoleBooking, ConsoleMe, ConsoleSchedule, ConsoleTimeOffSpan } from '@scheduler/contracts/console';
import { EMPTY_SCHEDULE, INSPECTORS, OFFICE_ME, ORDER_ID } from '../../../test-support/fixtures.ts';
import {
  refusal,
  renderPage,
  stubServer,
  type Answer,
  type RecordedRequest,
} from '../../../test-support/render-page.tsx';
import SchedulePage from './SchedulePage.tsx';
import { HOUR_HEIGHT } from './schedule-layout.ts';
import { enterText } from '../../../test-support/enter-text.ts';

const TIME_OFF_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const BASE = '/api/console/companies/demo';

/** Sarah works 8 to 5 on Tuesday, December 1st 2026, off 1 to 3 PM every Tuesday ("Dentist"). */
const SPAN: ConsoleTimeOffSpan = {
  time_off_id: TIME_OFF_ID,
  local_date: '2026-12-01',
  local_start: '13:00',
  local_end: '15:00',
  note: 'Dentist',
  recurring: true,
};
const WORKDAY: ConsoleSchedule = {
  ...EMPTY_SCHEDULE,
  inspectors: EMPTY_SCHEDULE.inspectors.map((inspector) => ({
    ...inspector,
    working_hours: [{ local_date: '2026-12-01', local_start: '08:00', local_end: '17:00' }],
  })),
};
const WITH_TIME_OFF: ConsoleSchedule = {
  ...WORKDAY,
  inspectors: [{ ...WORKDAY.inspectors[0]!, time_off: [SPAN] }, WORKDAY.inspectors[1]!],
};

const BOOKING: ConsoleBooking = {
  start: '2026-12-08T14:30:00.000Z',
  end: '2026-12-08T17:00:00.000Z',
  local_date: '2026-12-08',
  local_start: '09:30',
  local_end: '12:00',
  order_id: ORDER_ID,
  reference: 'SV-1042',
  client_name: 'Jane Doe',
  address_line: '12 Elm Street, Columbus, OH 43215',
  services: ['Full Home Inspection'],
  paid: false,
  booked_by: 'online',
  agreement_unsigned: false,
  latitude: 40.0,
  longitude: -83.0,
};
const CONFLICTS: Answer = {
  status: 409,
  body: {
    error: {
      code: 'time_off_conflicts',
      message: 'This time off is over a booked inspection: move or cancel them, or block the time anyway.',
    },
    conflicts: [BOOKING],
  },
};
const CREATED: Answer = {
  status: 201,
  body: {
    id: TIME_OFF_ID,
    inspector_id: 102,
    from_date: '2026-12-01',
    to_date: '2026-12-01',
    weekdays: null,
    start_time: null,
    end_time: null,
    note: '',
    created_by: 'Olive Office',
    created_at: '2026-11-20T15:00:00.000Z',
  },
};

function serve({
  schedule = WORKDAY,
  me = OFFICE_ME,
  block = () => CREATED,
}: { schedule?: ConsoleSchedule; me?: ConsoleMe; block?: (request: RecordedRequest) => Answer } = {}) {
  return stubServer((request) => {
    if (request.path === '/api/console/me') return { status: 200, body: me };
    if (request.path.startsWith(`${BASE}/schedule?`)) return { status: 200, body: schedule };
    if (request.path === `${BASE}/inspectors`)
      return {
        status: 200,
        body:
          me.memberships[0]!.role === 'inspector'
            ? { inspectors: INSPECTORS.inspectors.filter((i) => i.id === 101) }
            : INSPECTORS,
      };
    if (request.method === 'POST' && request.path === `${BASE}/time-off`) return block(request);
    if (request.method === 'DELETE' && request.path === `${BASE}/time-off/${TIME_OFF_ID}`)
      return { status: 204, body: null };
    return undefined;
  });
}

const renderSchedule = (query = 'date=2026-12-01&view=day') =>
  renderPage(<SchedulePage />, {
    path: `/demo/schedule?${query}`,
    pattern: '/:companyKey/schedule',
    extraRoutes: [{ path: '/:companyKey/orders/:orderId', element: <p>The order page</p> }],
  });
const posts = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.path === `${BASE}/time-off`).map((r) => r.body);
const scheduleCalls = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.path.startsWith(`${BASE}/schedule?`)).length;

async function openDialog() {
  // The button waits for the schedule (disabled until it has loaded): clicking it sooner fails.
  const block = await screen.findByRole('button', { name: 'Block time' });
  await waitFor(() => expect((block as HTMLButtonElement).disabled).toBe(false));
  await userEvent.click(block);
  return screen.findByRole('dialog', { name: 'Block time' });
}

async function chooseInspector(dialog: HTMLElement, name: string) {
  const select = within(dialog).getByRole('combobox', { name: /Inspector/ });
  await waitFor(() => expect(select.getAttribute('aria-disabled')).not.toBe('true'));
  await userEvent.click(select);
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('blocking time', () => {
  it('sends a whole day for the inspector chosen, with the note, and reads the schedule again', async () => {
    const requests = serve();
    renderSchedule();
    const dialog = await openDialog();
    expect(within(dialog).getByText('Times are in EST')).toBeTruthy();
    await chooseInspector(dialog, 'Mike Alvarez');
    // Dayton's inspector is on another office's clock: not offered here.
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Inspector/ }));
    expect(screen.queryByRole('option', { name: 'Dana Brooks' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await enterText(within(dialog).getByRole('textbox', { name: 'Note' }), 'Training day');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block the time' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Block time' })).toBeNull());
    expect(posts(requests)).toEqual([
      {
        inspector_id: 102,
        from_date: '2026-12-01',
        to_date: '2026-12-01',
        weekdays: null,
        start_time: null,
        end_time: null,
        note: 'Training day',
        accept_conflicts: false,
      },
    ]);
    await waitFor(() => expect(scheduleCalls(requests)).toBe(2));
    expect(screen.getByText('The time is blocked.')).toBeTruthy();
    // Focus is back on the button that opened the dialog.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Block time' })));
  });

  it('sends the times and the weekdays ticked, over the range given', async () => {
    const requests = serve();
    renderSchedule();
    const dialog = await openDialog();
    await chooseInspector(dialog, 'Sarah Chen');
    fireEvent.change(within(dialog).getByLabelText(/Last date/), { target: { value: '2026-12-31' } });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'All day' }));
    fireEvent.change(within(dialog).getByLabelText(/Start time/), { target: { value: '13:00' } });
    fireEvent.change(within(dialog).getByLabelText(/End time/), { target: { value: '15:30' } });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Wednesday' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Monday' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block the time' }));

    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(posts(requests)[0]).toEqual({
      inspector_id: 101,
      from_date: '2026-12-01',
      to_date: '2026-12-31',
      weekdays: [1, 3],
      start_time: '13:00',
      end_time: '15:30',
      note: '',
      accept_conflicts: false,
    });
  });

  it('checks the form before sending: an end before the start is refused on the end', async () => {
    const requests = serve();
    renderSchedule();
    const dialog = await openDialog();
    await chooseInspector(dialog, 'Sarah Chen');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'All day' }));
    fireEvent.change(within(dialog).getByLabelText(/Start time/), { target: { value: '15:00' } });
    fireEvent.change(within(dialog).getByLabelText(/End time/), { target: { value: '13:00' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block the time' }));
    expect(await within(dialog).findByText('The end is not after the start.')).toBeTruthy();
    expect(posts(requests)).toEqual([]);
  });

  it('lists the booked inspections in the way, each linked to its order, and blocks it anyway when asked', async () => {
    const requests = serve({
      block: (request) => ((request.body as { accept_conflicts: boolean }).accept_conflicts ? CREATED : CONFLICTS),
    });
    renderSchedule();
    const dialog = await openDialog();
    await chooseInspector(dialog, 'Sarah Chen');
    fireEvent.change(within(dialog).getByLabelText(/Last date/), { target: { value: '2026-12-08' } });
    await enterText(within(dialog).getByRole('textbox', { name: 'Note' }), 'Vacation');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block the time' }));

    const link = await within(dialog).findByRole('link', {
      name: 'Jane Doe, Tuesday, December 8th 2026, 9:30 AM – 12:00 PM EST, 12 Elm Street, Columbus, OH 43215',
    });
    expect(link.getAttribute('href')).toBe(`/demo/orders/${ORDER_ID}`);
    expect(within(dialog).getByRole('alert').textContent).toContain('over a booked inspection');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block it anyway' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Block time' })).toBeNull());
    const sent = {
      inspector_id: 101,
      from_date: '2026-12-01',
      to_date: '2026-12-08',
      weekdays: null,
      start_time: null,
      end_time: null,
      note: 'Vacation',
    };
    expect(posts(requests)).toEqual([
      { ...sent, accept_conflicts: false },
      { ...sent, accept_conflicts: true },
    ]);
  });

  it('keeps what was typed when the list of conflicts is left for the form, and when cancelled sends nothing more', async () => {
    const requests = serve({ block: () => CONFLICTS });
    renderSchedule();
    const dialog = await openDialog();
    await chooseInspector(dialog, 'Sarah Chen');
    await enterText(within(dialog).getByRole('textbox', { name: 'Note' }), 'Vacation');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block the time' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Change the time off' }));
    expect((within(dialog).getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement).value).toBe('Vacation');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block the time' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Block time' })).toBeNull());
    expect(posts(requests)).toHaveLength(2);
    expect(posts(requests).every((body) => (body as { accept_conflicts: boolean }).accept_conflicts === false)).toBe(
      true,
    );
  });

  it('shows a refusal on the field it names, keeping what was typed', async () => {
    serve({
      block: () => ({
        ...refusal(400, 'invalid_request', 'Invalid body field "note": too long'),
        body: { error: { code: 'invalid_request', message: 'Invalid body field "note": too long', field: 'note' } },
      }),
    });
    renderSchedule();
    const dialog = await openDialog();
    await chooseInspector(dialog, 'Sarah Chen');
    const note = within(dialog).getByRole('textbox', { name: 'Note' });
    await enterText(note, 'Conference');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block the time' }));

    expect(await within(dialog).findByText('Invalid body field "note": too long')).toBeTruthy();
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect((note as HTMLTextAreaElement).value).toBe('Conference');
    expect(screen.getByRole('dialog', { name: 'Block time' })).toBeTruthy();
  });

  it('offers an inspector only themself', async () => {
    const inspector: ConsoleMe = {
      ...OFFICE_ME,
      memberships: [{ ...OFFICE_ME.memberships[0]!, role: 'inspector', inspector_id: 101, sees_all_orders: false }],
    };
    const requests = serve({ me: inspector });
    renderSchedule();
    const dialog = await openDialog();
    const select = within(dialog).getByRole('combobox', { name: /Inspector/ });
    await waitFor(() => expect(select.textContent).toBe('Sarah Chen'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block the time' }));
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(posts(requests)[0]).toMatchObject({ inspector_id: 101 });
  });
});

describe('time off on the schedule', () => {
  it('draws a block at its place in the inspector’s column, and gives the time back when confirmed', async () => {
    const requests = serve({ schedule: WITH_TIME_OFF });
    renderSchedule();
    const block = within(await screen.findByRole('region', { name: 'Sarah Chen' })).getByTestId('time-off');
    expect(within(screen.getByRole('region', { name: 'Mike Alvarez' })).queryByTestId('time-off')).toBeNull();
    expect(block.textContent).toBe('Time off (weekly)Off 1:00 PM – 3:00 PMDentist');
    // The day runs from 8 AM: 1 PM is 5 hours down, and 2 hours tall.
    expect(block.style.top).toBe(`${5 * HOUR_HEIGHT}px`);
    expect(block.style.height).toBe(`${2 * HOUR_HEIGHT}px`);

    await userEvent.click(block);
    const dialog = await screen.findByRole('dialog', { name: 'Time off' });
    expect(dialog.textContent).toContain('Sarah Chen, Tuesday, December 1st 2026: Off 1:00 PM – 3:00 PM EST');
    expect(dialog.textContent).toContain('repeats weekly');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Give this time back' }));
    const confirm = await screen.findByRole('dialog', { name: 'Give this time back?' });
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, give it back' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `${BASE}/time-off/${TIME_OFF_ID}`,
    ]);
    await waitFor(() => expect(scheduleCalls(requests)).toBe(2));
    expect(screen.getByText('The time is given back.')).toBeTruthy();
    // The block is gone: focus goes to a control that stays.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Block time' })));
  });

  it('keeps the time off when the person thinks again', async () => {
    const requests = serve({ schedule: WITH_TIME_OFF });
    renderSchedule();
    await userEvent.click(await screen.findByTestId('time-off'));
    await userEvent.click(await screen.findByRole('button', { name: 'Give this time back' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('shows a whole day off in the week grid’s cell', async () => {
    const week: ConsoleSchedule = {
      ...WITH_TIME_OFF,
      from: '2026-11-29',
      dates: ['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05'],
      zone_abbreviations: Array(7).fill('EST'),
      inspectors: [
        {
          ...WITH_TIME_OFF.inspectors[0]!,
          time_off: [{ ...SPAN, local_start: '00:00', local_end: '24:00', recurring: false, note: '' }],
        },
      ],
    };
    serve({ schedule: week });
    renderSchedule('date=2026-12-01&view=week');
    const block = await screen.findByTestId('time-off');
    expect(block.textContent).toBe('Time offOff all day');
    const row = screen.getByRole('row', { name: /Sarah Chen/ });
    const cells = within(row).getAllByRole('cell');
    expect(within(cells[2]!).getByTestId('time-off')).toBe(block);
  });
});
