import { describe, expect, it } from 'vitest';
import { historyText } from './order-history.ts';

const at = '2026-11-30T16:00:00.000Z';
const line = (type: 'agreement_voided' | 'agreement_resent', data: Record<string, unknown>) =>
  historyText({ at, type, data }, 'America/New_York', 'USD');

describe("an agreement's lines of the order's history (issue 43)", () => {
  it('says why an agreement was voided', () => {
    expect(line('agreement_voided', { agreement_id: 'a', reason: 'services_changed' })).toBe(
      'The agreement was voided: the services changed; its signing links open nothing now',
    );
    expect(line('agreement_voided', { agreement_id: 'a', reason: 'clients_changed' })).toBe(
      'The agreement was voided: the clients changed; its signing links open nothing now',
    );
  });

  it('says a new link sent for a move apart from the office’s resend', () => {
    expect(line('agreement_resent', { reason: 'rescheduled', by: { kind: 'visitor', role: 'client' } })).toBe(
      'A new signing link was e-mailed, with reminders for the new time: the inspection was moved by the client (manage link)',
    );
    expect(line('agreement_resent', { by: { kind: 'office', name: 'Olive Office' } })).toBe(
      'A new signing link was e-mailed by Olive Office',
    );
  });
});
