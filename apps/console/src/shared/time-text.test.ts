import { describe, expect, it } from 'vitest';
import {
  addDays,
  clockText,
  minutesOf,
  momentText,
  officeClockText,
  orderWhenText,
  shortDateText,
  todayIn,
  zoneNote,
} from './time-text.ts';

/** The console's times are the office's wall clock with its zone named (house rule 6). */
describe('time text', () => {
  it('writes a 24-hour time on a 12-hour clock, the end of a day as midnight', () => {
    expect(clockText('09:30')).toBe('9:30 AM');
    expect(clockText('14:30')).toBe('2:30 PM');
    expect(clockText('12:00')).toBe('12:00 PM');
    expect(clockText('00:15')).toBe('12:15 AM');
    expect(clockText('24:00')).toBe('12:00 AM');
  });

  it('counts minutes since midnight, 24:00 being the whole day', () => {
    expect(minutesOf('00:00')).toBe(0);
    expect(minutesOf('09:30')).toBe(570);
    expect(minutesOf('24:00')).toBe(1440);
  });

  it("says an instant on the office's clock with its zone, whatever the browser's zone", () => {
    expect(officeClockText('2026-12-01T14:30:00.000Z', 'America/New_York')).toBe('9:30 AM EST');
    expect(officeClockText('2026-12-01T14:30:00.000Z', 'America/Chicago')).toBe('8:30 AM CST');
    expect(officeClockText('2026-07-01T14:30:00.000Z', 'America/New_York')).toBe('10:30 AM EDT');
  });

  it('says an instant in full on the office clock', () => {
    expect(momentText('2026-12-01T14:30:00.000Z', 'America/New_York')).toBe(
      'Tuesday, December 1st 2026 at 9:30 AM EST',
    );
  });

  it('names the zones of the dates shown once each', () => {
    expect(zoneNote([])).toBe('');
    expect(zoneNote(['EST', 'EST'])).toBe('All times EST');
    expect(zoneNote(['EDT', 'EST', 'EDT'])).toBe('All times EDT or EST');
  });

  it("writes an order's appointment as the office reads it, or nothing without a time", () => {
    const order = { local_date: '2026-12-01', local_time: '09:30', local_end_time: '12:00', zone_abbreviation: 'EST' };
    expect(orderWhenText(order)).toBe('Tuesday, December 1st 2026, 9:30 AM – 12:00 PM EST');
    expect(orderWhenText({ ...order, local_end_time: null })).toBe('Tuesday, December 1st 2026, 9:30 AM EST');
    expect(orderWhenText({ ...order, local_time: null })).toBeNull();
    expect(orderWhenText({ ...order, local_date: null })).toBeNull();
  });

  it('writes a short date for a table cell', () => {
    expect(shortDateText('2026-12-01')).toBe('Tue 12/1/2026');
    expect(shortDateText('2027-01-10')).toBe('Sun 1/10/2027');
  });

  it('moves a date by days across months, years and a change of clocks', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09');
    expect(addDays('2026-11-01', 0)).toBe('2026-11-01');
  });

  it("says today's date on the zone's clock, not the browser's", () => {
    const lateEvening = new Date('2026-12-02T03:30:00.000Z');
    expect(todayIn('America/New_York', lateEvening)).toBe('2026-12-01');
    expect(todayIn('Asia/Tokyo', lateEvening)).toBe('2026-12-02');
  });
});
