import { describe, expect, it } from 'vitest';
import {
  CHANGE_EMAIL_JOB,
  CONFIRMATION_EMAIL_JOB,
  RECEIPT_EMAIL_JOB,
  REMINDER_EMAIL_JOB,
  SMS_JOB,
} from '../notifications/confirmation-jobs.ts';
import { resendable } from './message-resend.ts';

const START = '2027-03-10T14:00:00.000Z';
const sent = {
  doneAt: new Date('2027-03-01T14:00:00Z'),
  lastError: null,
  change: null,
  start: null,
  to: 'dana@example.com',
};
const booked = { status: 'confirmed', start: START };
const cancelled = { status: 'cancelled', start: START };

describe('which messages the office may send again', () => {
  it('a confirmation or receipt of a booked order, once it went, to a person', () => {
    for (const kind of [CONFIRMATION_EMAIL_JOB, RECEIPT_EMAIL_JOB]) {
      expect(resendable({ ...sent, kind }, booked)).toBe(true);
      expect(resendable({ ...sent, kind }, cancelled)).toBe(false);
      expect(resendable({ ...sent, kind, doneAt: null }, booked)).toBe(false);
      expect(resendable({ ...sent, kind, lastError: 'not needed' }, booked)).toBe(false);
      expect(resendable({ ...sent, kind, to: null }, booked)).toBe(false);
    }
  });

  it("a reminder of the booking's present start only", () => {
    expect(resendable({ ...sent, kind: REMINDER_EMAIL_JOB, start: START }, booked)).toBe(true);
    expect(resendable({ ...sent, kind: REMINDER_EMAIL_JOB, start: '2027-03-09T14:00:00.000Z' }, booked)).toBe(false);
    expect(resendable({ ...sent, kind: REMINDER_EMAIL_JOB, start: null }, booked)).toBe(false);
  });

  it('a cancellation of a cancelled order; never a move (a later change may have replaced it), never a text', () => {
    expect(resendable({ ...sent, kind: CHANGE_EMAIL_JOB, change: 'cancelled' }, cancelled)).toBe(true);
    expect(resendable({ ...sent, kind: CHANGE_EMAIL_JOB, change: 'cancelled' }, booked)).toBe(false);
    expect(resendable({ ...sent, kind: CHANGE_EMAIL_JOB, change: 'rescheduled' }, booked)).toBe(false);
    expect(resendable({ ...sent, kind: SMS_JOB }, booked)).toBe(false);
  });
});
