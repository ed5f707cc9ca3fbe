import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ConsoleBooking, ConsoleHold, ConsoleTimeOffSpan } from '@scheduler/contracts/console';
import {
  BookingBlock,
  heldUntilText,
  HoldBlock,
  spanText,
  TimeOffBlock,
  timeOffTitle,
  timeOffWhen,
} from './ScheduleBlocks.tsx';

/**
 * The blocks of the schedule's grids, on their own: what each says (on the office's clock, the
 * zone named once by the page) and where a booking leads.
 */

const BOOKING: ConsoleBooking = {
  start: '2026-12-01T14:30:00.000Z',
  end: '2026-12-01T17:00:00.000Z',
  local_date: '2026-12-01',
  local_start: '09:30',
  local_end: '12:00',
  order_id: '3f1c2b4a-5d6e-4f70-8a91-b2c3d4e5f601',
  reference: 'SV-1042',
  client_name: 'Jane Doe',
  address_line: '12 Elm Street, Columbus',
  services: ['Full Home Inspection', 'Radon Test'],
  paid: false,
  booked_by: 'online',
  agreement_unsigned: false,
  latitude: 40.0,
  longitude: -83.0,
};

const HOLD: ConsoleHold = {
  start: '2026-12-01T19:00:00.000Z',
  end: '2026-12-01T21:30:00.000Z',
  local_date: '2026-12-01',
  local_start: '14:00',
  local_end: '16:30',
  expires_at: '2026-12-01T15:42:00.000Z',
};

const TIME_OFF: ConsoleTimeOffSpan = {
  time_off_id: '7c1d2e3f-4a5b-4c6d-8e7f-901a2b3c4d5e',
  local_date: '2026-12-01',
  local_start: '00:00',
  local_end: '24:00',
  note: '',
  recurring: false,
};

function renderBlock(block: ReactElement) {
  return render(<MemoryRouter>{block}</MemoryRouter>);
}

/** A block's lines of text, in order (a button's ripple is no line). */
const lines = (block: HTMLElement) =>
  [...block.children].filter((child) => child.classList.contains('MuiTypography-root')).map((line) => line.textContent);

describe('the words of a block', () => {
  it('writes a span on the 12-hour clock, an end at midnight as 12:00 AM', () => {
    expect(spanText({ local_start: '09:30', local_end: '12:00' })).toBe('9:30 AM – 12:00 PM');
    expect(spanText({ local_start: '21:00', local_end: '24:00' })).toBe('9:00 PM – 12:00 AM');
    expect(spanText({ local_start: '00:00', local_end: '00:30' })).toBe('12:00 AM – 12:30 AM');
  });

  it("says when a hold lapses on the office's clock, whatever the browser's zone, across a change of clocks", () => {
    expect(heldUntilText(HOLD, 'America/New_York')).toBe('Held until 10:42 AM');
    expect(heldUntilText(HOLD, 'America/Chicago')).toBe('Held until 9:42 AM');
    expect(heldUntilText(HOLD, 'America/Los_Angeles')).toBe('Held until 7:42 AM');
    // Summer time: the same UTC minute is an hour later in New York.
    expect(heldUntilText({ ...HOLD, expires_at: '2026-07-01T15:42:00.000Z' }, 'America/New_York')).toBe(
      'Held until 11:42 AM',
    );
    // A lapse after midnight UTC is still the evening before in the office.
    expect(heldUntilText({ ...HOLD, expires_at: '2026-12-02T03:05:00.000Z' }, 'America/New_York')).toBe(
      'Held until 10:05 PM',
    );
  });

  it('names weekly time off apart from time off once', () => {
    expect(timeOffTitle(TIME_OFF)).toBe('Time off');
    expect(timeOffTitle({ ...TIME_OFF, recurring: true })).toBe('Time off (weekly)');
  });

  it('says "Off all day" only for the whole day, from midnight to midnight', () => {
    expect(timeOffWhen(TIME_OFF)).toBe('Off all day');
    expect(timeOffWhen({ ...TIME_OFF, local_start: '00:00', local_end: '23:59' })).toBe('Off 12:00 AM – 11:59 PM');
    expect(timeOffWhen({ ...TIME_OFF, local_start: '00:01', local_end: '24:00' })).toBe('Off 12:01 AM – 12:00 AM');
    expect(timeOffWhen({ ...TIME_OFF, local_start: '09:00', local_end: '12:00' })).toBe('Off 9:00 AM – 12:00 PM');
  });
});

describe('a booking block', () => {
  it('says when, who, where, what, paid or not and who booked it, and opens the order', () => {
    renderBlock(<BookingBlock booking={BOOKING} companyKey="demo" />);
    const block = screen.getByTestId('booking');
    expect(block.getAttribute('href')).toBe(`/demo/orders/${BOOKING.order_id}`);
    expect(lines(block)).toEqual([
      '9:30 AM – 12:00 PM · Jane Doe',
      '12 Elm Street, Columbus',
      'Full Home Inspection, Radon Test',
      'Not paid · Booked online',
    ]);
  });

  it('names the office member who booked it by phone, says paid, and leaves out an empty list of services', () => {
    renderBlock(
      <BookingBlock booking={{ ...BOOKING, paid: true, booked_by: 'Olive Office', services: [] }} companyKey="demo" />,
    );
    expect(lines(screen.getByTestId('booking'))).toEqual([
      '9:30 AM – 12:00 PM · Jane Doe',
      '12 Elm Street, Columbus',
      'Paid · Booked by Olive Office',
    ]);
  });

  it('shows only when and who when compact, and escapes the company key in the link', () => {
    renderBlock(<BookingBlock booking={BOOKING} companyKey="a b/c" compact />);
    const block = screen.getByTestId('booking');
    expect(block.textContent).toBe('9:30 AM – 12:00 PM · Jane Doe');
    expect(block.getAttribute('href')).toBe(`/a%20b%2Fc/orders/${BOOKING.order_id}`);
  });

  it('flags an unsigned agreement in words beside its mark, and for a screen reader when compact (issue 43)', () => {
    const flagged = { ...BOOKING, agreement_unsigned: true };
    const { unmount } = renderBlock(<BookingBlock booking={flagged} companyKey="demo" />);
    expect(lines(screen.getByTestId('booking'))).toEqual([
      '9:30 AM – 12:00 PM · Jane Doe',
      'Agreement not signed',
      '12 Elm Street, Columbus',
      'Full Home Inspection, Radon Test',
      'Not paid · Booked online',
    ]);
    // The mark is drawn for the eye only; the words say it.
    const marker = screen.getByTestId('agreement-unsigned');
    expect(marker.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    unmount();

    renderBlock(<BookingBlock booking={flagged} companyKey="demo" compact />);
    const link = screen.getByRole('link');
    expect(link.textContent).toBe('9:30 AM – 12:00 PM · Jane Doe Agreement not signed');
    expect(screen.getByText('Agreement not signed').getAttribute('style')).toContain('position: absolute');
  });

  it('shows no flag for a booking whose agreement is signed or not yet due', () => {
    renderBlock(<BookingBlock booking={BOOKING} companyKey="demo" />);
    expect(screen.queryByText('Agreement not signed')).toBeNull();
    expect(screen.queryByTestId('agreement-unsigned')).toBeNull();
  });
});

describe('a hold block', () => {
  it('says a visitor is booking the span, and until when on the office clock', () => {
    renderBlock(<HoldBlock hold={HOLD} timeZone="America/New_York" />);
    expect(lines(screen.getByTestId('hold'))).toEqual([
      '2:00 PM – 4:30 PM · A visitor is booking',
      'Held until 10:42 AM',
    ]);
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('a time-off block', () => {
  it('opens its dialog when clicked, its note shown', async () => {
    const onOpen = vi.fn();
    renderBlock(
      <TimeOffBlock
        span={{ ...TIME_OFF, local_start: '13:00', local_end: '17:00', note: 'Dentist', recurring: true }}
        onOpen={onOpen}
      />,
    );
    const block = screen.getByRole('button', { name: /Time off \(weekly\)/ });
    expect(lines(block)).toEqual(['Time off (weekly)', 'Off 1:00 PM – 5:00 PM', 'Dentist']);
    expect(block.getAttribute('aria-haspopup')).toBe('dialog');
    await userEvent.click(block);
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('is not a button one can press without a dialog to open (a member who may not change it)', () => {
    renderBlock(<TimeOffBlock span={TIME_OFF} />);
    const block = screen.getByTestId('time-off') as HTMLButtonElement;
    expect(block.disabled).toBe(true);
    expect(block.textContent).toBe('Time offOff all day');
  });
});
