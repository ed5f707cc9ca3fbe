import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsoleMe, ConsoleSchedule } from '@scheduler/contracts/console';
import { renderPage, stubServer } from '../../../test-support/render-page.tsx';
import { INSPECTORS } from '../../../test-support/fixtures.ts';
import { DETAIL, NINE } from '../../../test-support/order-detail.ts';
import SchedulePage from './SchedulePage.tsx';
import { HOUR_HEIGHT, dayRange, placeSpan, scheduleWindow } from './schedule-layout.ts';

const ME: ConsoleMe = {
  user: { id: 'u1', name: 'Olive Office', email: 'olive@example.com', email_verified: true, has_password: true },
  memberships: [
    {
      company_key: 'demo',
      company_name: 'Scioto Valley',
      organization_id: 'org-demo',
      role: 'office',
      inspector_id: null,
      sees_all_orders: true,
      office_sees_payments: true,
    },
  ],
};
const ORDER_ID = '3f1c2b4a-5d6e-4f70-8a91-b2c3d4e5f601';
const OFFICE = { uuid: '5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10', name: 'Columbus' };

const SCHEDULE: ConsoleSchedule = {
  office: { ...OFFICE, time_zone: 'America/New_York', road_factor: 1.3, average_speed_mph: 30 },
  offices: [OFFICE],
  from: '2026-12-01',
  dates: ['2026-12-01'],
  zone_abbreviations: ['EST'],
  inspectors: [
    {
      id: 101,
      name: 'Sarah Chen',
      working_hours: [{ local_date: '2026-12-01', local_start: '08:00', local_end: '17:00' }],
      time_off: [],
      bookings: [
        {
          start: '2026-12-01T14:30:00.000Z',
          end: '2026-12-01T17:00:00.000Z',
          local_date: '2026-12-01',
          local_start: '09:30',
          local_end: '12:00',
          order_id: ORDER_ID,
          reference: 'SV-1042',
          client_name: 'Jane Doe',
          address_line: '12 Elm Street, Columbus, OH 43215',
          services: ['Full Home Inspection', 'Radon Test'],
          paid: false,
          booked_by: 'online',
          agreement_unsigned: false,
          latitude: 40.0,
          longitude: -83.0,
        },
      ],
      // Held from 1 PM; the hold lapses at 15:42 UTC, 10:42 AM on the office's clock (EST).
      holds: [
        {
          start: '2026-12-01T18:00:00.000Z',
          end: '2026-12-01T20:30:00.000Z',
          local_date: '2026-12-01',
          local_start: '13:00',
          local_end: '15:30',
          expires_at: '2026-12-01T15:42:00.000Z',
        },
      ],
    },
  ],
};

function serve(schedule: ConsoleSchedule = SCHEDULE, me: ConsoleMe = ME) {
  return stubServer((request) => {
    if (request.path === '/api/console/me') return { status: 200, body: me };
    if (request.path === `/api/console/companies/demo/orders/${ORDER_ID}`) return { status: 200, body: DETAIL };
    if (request.path === '/api/console/companies/demo/inspectors') return { status: 200, body: INSPECTORS };
    if (request.path.startsWith(`/api/console/companies/demo/orders/${ORDER_ID}/availability?`))
      return { status: 200, body: [{ ...NINE, users: [102] }] };
    if (request.path.startsWith('/api/console/companies/demo/schedule?')) return { status: 200, body: schedule };
    return undefined;
  });
}

const renderSchedule = (query: string) =>
  renderPage(<SchedulePage />, { path: `/demo/schedule?${query}`, pattern: '/:companyKey/schedule' });

describe('the schedule page', () => {
  it('places a booking and a hold by their office-clock times and names the zone', async () => {
    const requests = serve();
    renderSchedule('date=2026-12-01&view=day');

    const booking = await screen.findByTestId('booking');
    expect(booking.textContent).toContain('9:30 AM – 12:00 PM · Jane Doe');
    expect(booking.textContent).toContain('12 Elm Street, Columbus, OH 43215');
    expect(booking.textContent).toContain('Full Home Inspection, Radon Test');
    expect(booking.getAttribute('href')).toBe(`/demo/orders/${ORDER_ID}`);
    // The day runs from 8 AM (its working hours' start): 9:30 is 1½ hours down, 2½ hours tall.
    const block = booking.closest<HTMLElement>('[data-testid="booking-block"]')!;
    expect(block.style.top).toBe(`${1.5 * HOUR_HEIGHT}px`);
    expect(block.style.height).toBe(`${2.5 * HOUR_HEIGHT}px`);

    const hold = screen.getByTestId('hold');
    expect(hold.textContent).toContain('1:00 PM – 3:30 PM');
    expect(hold.textContent).toContain('Held until 10:42 AM');
    expect(hold.style.top).toBe(`${5 * HOUR_HEIGHT}px`);

    expect(screen.getByText(/All times EST/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Tuesday, December 1st 2026' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Sarah Chen' })).getByTestId('booking')).toBe(booking);
    // The day's map: the drawing, and the same route in words with the zone.
    const map = screen.getByRole('region', { name: 'Map of the day' });
    expect(within(map).getByRole('img', { name: /^Routes of Sarah Chen, drawn by/ })).toBeTruthy();
    expect(within(map).getByRole('listitem').textContent).toBe(
      '9:30 AM – 12:00 PM EST · 12 Elm Street, Columbus, OH 43215',
    );
    expect(requests.find((r) => r.path.includes('/schedule?'))?.path).toBe(
      '/api/console/companies/demo/schedule?from=2026-12-01&days=1',
    );
  });

  it('asks for the week around the date and moves a week at a time', async () => {
    const requests = serve({
      ...SCHEDULE,
      from: '2026-11-29',
      dates: ['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05'],
      zone_abbreviations: Array(7).fill('EST'),
    });
    renderSchedule('date=2026-12-01&view=week');

    expect(await screen.findByText('9:30 AM – 12:00 PM · Jane Doe')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Week of Sunday, November 29th 2026' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(screen.getByTestId('location').textContent).toContain('/demo/schedule?date=2026-12-08&view=week');
    expect(requests.filter((r) => r.path.includes('/schedule?')).map((r) => r.path)).toEqual([
      '/api/console/companies/demo/schedule?from=2026-11-29&days=7',
      '/api/console/companies/demo/schedule?from=2026-12-06&days=7',
    ]);
  });

  it("lets the keyboard reach the week's sideways scroll, with nothing booked to tab to (axe scrollable-region-focusable, issue 41)", async () => {
    serve({
      ...SCHEDULE,
      from: '2026-11-29',
      dates: ['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05'],
      zone_abbreviations: Array(7).fill('EST'),
      inspectors: SCHEDULE.inspectors.map((inspector) => ({ ...inspector, bookings: [], holds: [] })),
    });
    renderSchedule('date=2026-12-01&view=week');
    const table = await screen.findByRole('table', { name: "The week's schedule" });
    const box = screen.getByRole('region', { name: "The week's schedule, scrolling sideways" });
    expect(box.contains(table)).toBe(true);
    expect(box.tabIndex).toBe(0);
    // Tabbing from the toolbar's last control reaches it.
    const controls = screen.getAllByRole('button');
    controls.at(-1)!.focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(box);
  });
});

describe('dispatch from the schedule (issue 41)', () => {
  const MIKE = { ...SCHEDULE.inspectors[0]!, id: 102, name: 'Mike Alvarez', bookings: [], holds: [] };

  it('offers Move to… on each booking, listing the columns, and opens the move with the inspector picked', async () => {
    const requests = serve({ ...SCHEDULE, inspectors: [...SCHEDULE.inspectors, MIKE] });
    renderSchedule('date=2026-12-01&view=day');
    const menuButton = await screen.findByRole('button', { name: 'Move to… (9:30 AM – 12:00 PM, Jane Doe)' });
    expect(screen.getByTestId('booking-block').getAttribute('draggable')).toBe('true');
    await userEvent.click(menuButton);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Sarah Chen (another time)', 'Mike Alvarez']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Mike Alvarez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move to Mike Alvarez' });
    await waitFor(() =>
      expect((within(dialog).getByRole('combobox', { name: 'Inspector' }) as HTMLSelectElement).value).toBe('102'),
    );
    expect(await within(dialog).findByText('Mike Alvarez would inspect instead of Sarah Chen.')).toBeTruthy();
    await waitFor(() =>
      expect(requests.some((r) => r.path.includes('/availability?') && r.path.endsWith('inspectors=102'))).toBe(true),
    );
    expect(requests.some((r) => r.path.includes('/availability?') && r.path.endsWith('inspectors=101'))).toBe(false);
  });

  it('gives an inspector member neither Move to… nor a block to drag', async () => {
    const inspectorMe: ConsoleMe = {
      ...ME,
      memberships: [{ ...ME.memberships[0]!, role: 'inspector', inspector_id: 101, sees_all_orders: false }],
    };
    serve(SCHEDULE, inspectorMe);
    renderSchedule('date=2026-12-01&view=day');
    expect(await screen.findByTestId('booking')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Move to…/ })).toBeNull();
    expect(screen.getByTestId('booking-block').getAttribute('draggable')).toBeNull();
  });

  it("shows an inspector member the flag of their own booking's unsigned agreement, in the day and the week (issue 43)", async () => {
    const inspectorMe: ConsoleMe = {
      ...ME,
      memberships: [{ ...ME.memberships[0]!, role: 'inspector', inspector_id: 101, sees_all_orders: false }],
    };
    const own = SCHEDULE.inspectors[0]!;
    const flagged: ConsoleSchedule = {
      ...SCHEDULE,
      inspectors: [{ ...own, bookings: own.bookings.map((booking) => ({ ...booking, agreement_unsigned: true })) }],
    };
    serve(flagged, inspectorMe);
    const { unmount } = renderSchedule('date=2026-12-01&view=day');
    const booking = await screen.findByTestId('booking');
    expect(within(booking).getByText('Agreement not signed')).toBeTruthy();
    unmount();
    renderSchedule('date=2026-12-01&view=week');
    const weekBooking = await screen.findByTestId('booking');
    // The week's block is compact: the words are there for a screen reader beside the mark.
    expect(weekBooking.textContent).toContain('Agreement not signed');
    expect(within(weekBooking).getByTestId('agreement-unsigned').querySelector('svg')).toBeTruthy();
  });

  it("shows a month of each day's inspections per inspector, each day a link to its day view", async () => {
    const dates = Array.from({ length: 35 }, (_, index) =>
      new Date(Date.parse('2026-11-29T00:00:00Z') + index * 86_400_000).toISOString().slice(0, 10),
    );
    const requests = serve({
      ...SCHEDULE,
      from: '2026-11-29',
      dates,
      zone_abbreviations: Array(35).fill('EST'),
      inspectors: [...SCHEDULE.inspectors, MIKE],
    });
    renderSchedule('date=2026-12-17&view=month');
    expect(await screen.findByRole('heading', { level: 2, name: 'December 2026' })).toBeTruthy();
    const month = screen.getByRole('list', { name: "The month's inspections by day" });
    const first = within(month).getByRole('link', { name: 'Tuesday, December 1st 2026' });
    expect(first.getAttribute('href')).toBe('/demo/schedule?date=2026-12-01&view=day');
    const day = first.closest('li')!;
    expect(within(day).getByText('Sarah Chen: 1')).toBeTruthy();
    expect(within(day).queryByText(/Mike Alvarez/)).toBeNull();
    const second = within(month).getByRole('link', { name: 'Wednesday, December 2nd 2026' }).closest('li')!;
    expect(within(second).getByText('No inspections')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByTestId('location').textContent).toContain('/demo/schedule?date=2027-01-01&view=month');
    expect(requests.filter((r) => r.path.includes('/schedule?')).map((r) => r.path)).toEqual([
      '/api/console/companies/demo/schedule?from=2026-11-29&days=35',
      '/api/console/companies/demo/schedule?from=2026-12-27&days=42',
    ]);
  });
});

/** happy-dom's window, resized: MUI's media queries read it. */
const setViewport = (width: number) =>
  (
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport({ width, height: 800 });

describe('the schedule on a phone', () => {
  afterEach(() => setViewport(1280));

  it('shows one inspector at a time at 375 px, chosen above the day', async () => {
    setViewport(375);
    const mike = { ...SCHEDULE.inspectors[0]!, id: 102, name: 'Mike Alvarez', bookings: [], holds: [] };
    serve({ ...SCHEDULE, inspectors: [...SCHEDULE.inspectors, mike] });
    renderSchedule('date=2026-12-01&view=day');

    await screen.findByRole('region', { name: 'Sarah Chen' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Mike Alvarez' })).toBeNull());
    await userEvent.click(screen.getByRole('combobox', { name: 'Inspector' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Mike Alvarez' }));
    expect(await screen.findByRole('region', { name: 'Mike Alvarez' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Sarah Chen' })).toBeNull();
  });
});

describe('the schedule layout', () => {
  it('widens the day to what is on it and clips spans to it', () => {
    const late = {
      ...SCHEDULE.inspectors[0]!,
      bookings: [{ ...SCHEDULE.inspectors[0]!.bookings[0]!, local_start: '18:15', local_end: '20:45' }],
    };
    expect(dayRange([late], '2026-12-01')).toEqual({ start: 8 * 60, end: 21 * 60 });
    expect(placeSpan('07:00', '09:00', { start: 8 * 60, end: 18 * 60 })).toEqual({ top: 0, height: HOUR_HEIGHT });
    // An end past midnight runs to the end of the day.
    expect(placeSpan('22:00', '00:30', { start: 20 * 60, end: 24 * 60 })).toEqual({
      top: 2 * HOUR_HEIGHT,
      height: 2 * HOUR_HEIGHT,
    });
  });

  it('starts a week on its Sunday', () => {
    expect(scheduleWindow('2026-12-03', 'week')).toEqual({ from: '2026-11-29', days: 7 });
    expect(scheduleWindow('2026-11-29', 'week')).toEqual({ from: '2026-11-29', days: 7 });
    expect(scheduleWindow('2026-12-03', 'day')).toEqual({ from: '2026-12-03', days: 1 });
  });
});
