import { describe, expect, it } from 'vitest';
import type { MessageFacts } from './mail-content.ts';
import { messageFacts as facts } from './message-fixtures.ts';
import { smsText } from './sms-content.ts';

const MANAGE_URL = 'https://book.example.com/demo/manage/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
// Saturday 31 October 2026 at 9:30 EDT; the fixture's order is Tuesday 1 December at 9:30 EST.
const OCTOBER = new Date('2026-10-31T13:30:00Z');

describe('the text messages', () => {
  it("end the confirmation and the reminder with the reader's manage link when the job has one, and not otherwise", () => {
    expect(smsText(facts, 'confirmation', { manageUrl: MANAGE_URL })).toBe(
      `Scioto Valley Home Inspections: your inspection is booked for Tue 12/1 at 9:30 AM EST at 120 Oak St, Columbus. Questions: (614) 555-0142. Reply STOP to stop texts. Manage: ${MANAGE_URL}`,
    );
    expect(smsText(facts, 'reminder', { manageUrl: MANAGE_URL })).toBe(
      `Scioto Valley Home Inspections: reminder of your inspection Tue 12/1 at 9:30 AM EST at 120 Oak St, Columbus. Questions: (614) 555-0142. Manage: ${MANAGE_URL}`,
    );
    expect(smsText(facts, 'confirmation')).toMatch(/Reply STOP to stop texts\.$/);
    expect(smsText(facts, 'reminder', { manageUrl: null })).not.toContain('Manage');
  });

  it('say where a booking moved to and the time it had, each with its own zone across the daylight-saving change, with the link', () => {
    expect(smsText(facts, 'rescheduled', { previousStart: OCTOBER, manageUrl: MANAGE_URL })).toBe(
      `Scioto Valley Home Inspections: your inspection at 120 Oak St, Columbus is moved to Tue 12/1 at 9:30 AM EST (was Sat 10/31 at 9:30 AM EDT). Questions: (614) 555-0142. Manage: ${MANAGE_URL}`,
    );
    expect(smsText(facts, 'rescheduled')).toBe(
      'Scioto Valley Home Inspections: your inspection at 120 Oak St, Columbus is moved to Tue 12/1 at 9:30 AM EST. Questions: (614) 555-0142.',
    );
  });

  it('say a booking is cancelled, without a link', () => {
    const cancelled: MessageFacts = {
      ...facts,
      status: 'cancelled',
      cancelled: { at: OCTOBER, reason: '', feeCents: null },
    };
    expect(smsText(cancelled, 'cancelled', { manageUrl: MANAGE_URL })).toBe(
      'Scioto Valley Home Inspections: your inspection Tue 12/1 at 9:30 AM EST at 120 Oak St, Columbus is cancelled. Questions: (614) 555-0142.',
    );
  });

  it('name who made a change, as the reader reads it, and nothing where the job does not tell (issue 42)', () => {
    expect(smsText(facts, 'rescheduled', { previousStart: OCTOBER, changedBy: 'your agent' })).toBe(
      'Scioto Valley Home Inspections: your inspection at 120 Oak St, Columbus is moved to Tue 12/1 at 9:30 AM EST (was Sat 10/31 at 9:30 AM EDT) by your agent. Questions: (614) 555-0142.',
    );
    const cancelled: MessageFacts = {
      ...facts,
      status: 'cancelled',
      cancelled: { at: OCTOBER, reason: '', feeCents: null },
    };
    expect(smsText(cancelled, 'cancelled', { changedBy: 'the office' })).toBe(
      'Scioto Valley Home Inspections: your inspection Tue 12/1 at 9:30 AM EST at 120 Oak St, Columbus is cancelled by the office. Questions: (614) 555-0142.',
    );
    expect(smsText(cancelled, 'cancelled', { changedBy: null })).toMatch(/ is cancelled\. Questions/);
  });

  it('name the street and the city, leaving out a city the order has none of, and the office phone only when the office has one', () => {
    const noCity = { ...facts, address: { ...facts.address, city: '' } };
    expect(smsText(noCity, 'reminder')).toBe(
      'Scioto Valley Home Inspections: reminder of your inspection Tue 12/1 at 9:30 AM EST at 120 Oak St. Questions: (614) 555-0142.',
    );
    expect(smsText({ ...facts, address: { ...facts.address, city: '   ' } }, 'reminder')).toBe(
      'Scioto Valley Home Inspections: reminder of your inspection Tue 12/1 at 9:30 AM EST at 120 Oak St. Questions: (614) 555-0142.',
    );
    const noPhone = { ...facts, office: { ...facts.office, phone: '' } };
    expect(smsText(noPhone, 'reminder')).toBe(
      'Scioto Valley Home Inspections: reminder of your inspection Tue 12/1 at 9:30 AM EST at 120 Oak St, Columbus.',
    );
    expect(smsText(noPhone, 'confirmation')).toBe(
      'Scioto Valley Home Inspections: your inspection is booked for Tue 12/1 at 9:30 AM EST at 120 Oak St, Columbus. Reply STOP to stop texts.',
    );
  });

  it('stay within three text segments with the link (160 characters, 153 each when split)', () => {
    for (const message of ['confirmation', 'reminder', 'rescheduled'] as const) {
      const extras = { previousStart: OCTOBER, manageUrl: MANAGE_URL, changedBy: 'the person who booked it' };
      expect(smsText(facts, message, extras).length).toBeLessThanOrEqual(3 * 153);
    }
  });
});
