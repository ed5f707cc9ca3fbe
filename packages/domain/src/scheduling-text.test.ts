import { describe, expect, it } from 'vitest';
import {
  formatAppointmentDateTime,
  formatCountdown,
  formatListDate,
  formatLongDateTime,
  formatMinutesLeft,
  formatSidebarDateTime,
  formatTime,
  joinNames,
  minutesBetween,
  wallTimeIn,
} from './scheduling-text.ts';

describe('scheduling wording', () => {
  it('formats the modals\u2019 date and time as M/D/YYYY at h:mmA', () => {
    expect(formatAppointmentDateTime('2026-11-24 09:00:00')).toBe('11/24/2026 at 9:00AM');
    expect(formatAppointmentDateTime('2026-12-05 13:30:00')).toBe('12/5/2026 at 1:30PM');
    expect(formatAppointmentDateTime('2027-01-01 00:15:00')).toBe('1/1/2027 at 12:15AM');
    expect(formatAppointmentDateTime('2027-01-01 12:00:00')).toBe('1/1/2027 at 12:00PM');
  });
  it('formats the review panel\u2019s date and time', () => {
    expect(formatSidebarDateTime('2026-11-24 16:45:00')).toEqual({ date: '11/24/2026', time: '4:45 PM' });
  });
  it('formats list dates with weekday and ordinal day', () => {
    expect(formatListDate('2026-11-24')).toBe('Tuesday, November 24th 2026');
    expect(formatListDate('2026-12-01')).toBe('Tuesday, December 1st 2026');
    expect(formatListDate('2026-12-02')).toBe('Wednesday, December 2nd 2026');
    expect(formatListDate('2026-12-03')).toBe('Thursday, December 3rd 2026');
    expect(formatListDate('2026-12-11')).toBe('Friday, December 11th 2026');
    expect(formatListDate('2026-12-12')).toBe('Saturday, December 12th 2026');
    expect(formatListDate('2026-12-13')).toBe('Sunday, December 13th 2026');
    expect(formatListDate('2026-12-22')).toBe('Tuesday, December 22nd 2026');
    expect(formatListDate('2026-12-31')).toBe('Thursday, December 31st 2026');
  });
  it('joins inspector names as "A, B, and C"', () => {
    expect(joinNames([])).toBe('');
    expect(joinNames(['Mike Alvarez'])).toBe('Mike Alvarez');
    expect(joinNames(['Mike Alvarez', 'Sarah Chen'])).toBe('Mike Alvarez and Sarah Chen');
    expect(joinNames(['A', 'B', 'C'])).toBe('A, B, and C');
  });
  it('measures a slot\u2019s minutes', () => {
    expect(minutesBetween('2026-11-24 09:00:00', '2026-11-24 12:00:00')).toBe(180);
    expect(minutesBetween('2026-11-24 23:00:00', '2026-11-25 01:30:00')).toBe(150);
  });
});

describe('one readable format outside the dialogs', () => {
  it('words times as h:mm A', () => {
    expect(formatTime('2026-11-24 09:00:00')).toBe('9:00 AM');
    expect(formatTime('2026-11-24 00:05:00')).toBe('12:05 AM');
    expect(formatTime('2026-11-24 12:30:00')).toBe('12:30 PM');
    expect(formatTime('2026-11-24 22:42:00')).toBe('10:42 PM');
  });
  it('names an appointment in full as list mode does', () => {
    expect(formatLongDateTime('2026-11-24 13:30:00')).toBe('Tuesday, November 24th 2026 at 1:30 PM');
  });
  it('reads an instant as the office wall time, across daylight saving', () => {
    expect(wallTimeIn('2026-11-24T14:00:00.000Z', 'America/New_York')).toBe('2026-11-24 09:00:00');
    expect(wallTimeIn('2026-07-01T14:00:00.000Z', 'America/New_York')).toBe('2026-07-01 10:00:00');
    expect(wallTimeIn('2026-11-24T23:59:30.000Z', 'America/Los_Angeles')).toBe('2026-11-24 15:59:30');
    expect(wallTimeIn('2026-11-25T04:30:00.000Z', 'America/New_York')).toBe('2026-11-24 23:30:00');
  });
  it('counts a hold down to 0:00 and never below', () => {
    expect(formatCountdown(272_000)).toBe('4:32');
    expect(formatCountdown(59_001)).toBe('1:00');
    expect(formatCountdown(500)).toBe('0:01');
    expect(formatCountdown(-5_000)).toBe('0:00');
  });
  it('says the minutes left in words for screen readers', () => {
    expect(formatMinutesLeft(272_000)).toBe('5 minutes');
    expect(formatMinutesLeft(45_000)).toBe('1 minute');
    expect(formatMinutesLeft(0)).toBe('1 minute');
  });
});
