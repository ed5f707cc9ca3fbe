import { describe, expect, it } from 'vitest';
import {
  CHANGE_EMAIL_JOB,
  CONFIRMATION_EMAIL_JOB,
  RECEIPT_EMAIL_JOB,
  REMINDER_EMAIL_JOB,
  SMS_JOB,
} from '../notifications/confirmation-jobs.ts';
import { resendable, resendAddress } from './message-resend.ts';

const START = '2027-03-10T14:00:00.000Z';
const sent = {
  doneAt: new Date('2027-03-01T14:00:00Z'),
  lastError: null,
  bounced: false,
  change: null,
  start: null,
  to: 'dana@example.com',
  audience: 'client',
  name: 'Dana Whitaker',
};
const DANA = { role: 'client', name: 'Dana Whitaker', email: 'dana@example.com' };
const booked = { status: 'confirmed', start: START, people: [DANA] };
const cancelled = { status: 'cancelled', start: START, people: [DANA] };

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

  it('a bounced e-mail (decision 0070), to the address the order has now for the same person', () => {
    const bounced = { ...sent, kind: CONFIRMATION_EMAIL_JOB, bounced: true, lastError: 'EENVELOPE 550' };
    expect(resendable(bounced, booked)).toBe(true);
    expect(resendAddress(bounced, booked)).toBe('dana@example.com');
    // Not a bounce: a job that ended without sending stays unoffered.
    expect(resendable({ ...bounced, bounced: false }, booked)).toBe(false);
    // The office corrected Dana's e-mail: the copy goes to the new address.
    const corrected = { ...booked, people: [{ ...DANA, email: 'dana.w@example.com' }] };
    expect(resendAddress(bounced, corrected)).toBe('dana.w@example.com');
    expect(resendable(bounced, corrected)).toBe(true);
    // Only the same role and name: an agent of that name, or another client, is not Dana.
    for (const people of [
      [{ ...DANA, role: 'buyers_agent', email: 'dana.w@example.com' }],
      [{ ...DANA, name: 'Sam Whitaker', email: 'sam@example.com' }],
      [
        { ...DANA, email: 'one@example.com' },
        { ...DANA, email: 'two@example.com' },
      ],
      [],
    ]) {
      expect(resendAddress(bounced, { people }), JSON.stringify(people)).toBeNull();
      expect(resendable(bounced, { ...booked, people })).toBe(false);
    }
    // An agent's bounced e-mail finds the agent in any agent role; a message that did not bounce keeps its address.
    const agent = { ...bounced, audience: 'agent', name: 'Ray Ortiz', to: 'ray@old.example' };
    expect(
      resendAddress(agent, { people: [{ role: 'sellers_agent', name: 'Ray Ortiz', email: 'ray@new.example' }] }),
    ).toBe('ray@new.example');
    expect(resendAddress({ ...sent, kind: CONFIRMATION_EMAIL_JOB }, { people: [] })).toBe('dana@example.com');
  });
});
