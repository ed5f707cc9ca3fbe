import { describe, expect, it } from 'vitest';
import type { ChangePolicy } from './change-policy.ts';
import { firstRefusalText, reachTheOffice, refusalText } from './change-texts.ts';

const policy: ChangePolicy = {
  reschedule_until_hours: 24,
  max_reschedules: 2,
  cancel_until_hours: 48,
  late_cancel_within_hours: 72,
  late_cancel_fee: null,
  late_reschedule_fee: null,
};
const office = { phone: '6145550142', email: 'office@example.com' };

describe('refusal texts', () => {
  it("says the issue's sentence for a reschedule inside its cut-off, with the office's phone formatted", () => {
    expect(refusalText('inside_cutoff', 'reschedule', policy, office)).toBe(
      'Changes within 24 hours of the inspection: please call (614) 555-0142',
    );
  });

  it("names the cancellation's own cut-off, not the reschedule's", () => {
    expect(refusalText('inside_cutoff', 'cancel', policy, office)).toBe(
      'Cancellations within 48 hours of the inspection: please call (614) 555-0142',
    );
    expect(refusalText('inside_cutoff', 'cancel', { ...policy, cancel_until_hours: 1 }, office)).toBe(
      'Cancellations within 1 hour of the inspection: please call (614) 555-0142',
    );
  });

  it('counts the reschedules allowed: none, once, several', () => {
    expect(refusalText('reschedule_limit', 'reschedule', { ...policy, max_reschedules: 0 }, office)).toBe(
      'This inspection cannot be moved online: please call (614) 555-0142',
    );
    expect(refusalText('reschedule_limit', 'reschedule', { ...policy, max_reschedules: 1 }, office)).toBe(
      'This inspection has been moved once, the most allowed online: please call (614) 555-0142',
    );
    expect(refusalText('reschedule_limit', 'reschedule', policy, office)).toBe(
      'This inspection has been moved 2 times, the most allowed online: please call (614) 555-0142',
    );
  });

  it("tells an agent the change is the client's or the office's, with the office's phone", () => {
    expect(refusalText('agent_not_permitted', 'cancel', policy, office)).toBe(
      'Your client or the office can cancel this inspection: please call (614) 555-0142',
    );
    expect(refusalText('agent_not_permitted', 'reschedule', policy, office)).toBe(
      'Your client or the office can move this inspection: please call (614) 555-0142',
    );
  });

  it('says a cancelled or started inspection plainly', () => {
    expect(refusalText('not_booked', 'cancel', policy, office)).toBe('This inspection is cancelled.');
    expect(refusalText('started', 'reschedule', policy, office)).toBe(
      'This inspection has started or taken place and can no longer be changed online: please call (614) 555-0142.',
    );
  });

  it('falls back to the e-mail, then to the office, when the office has no phone', () => {
    expect(reachTheOffice({ phone: '', email: ' office@example.com ' })).toBe('please write to office@example.com');
    expect(reachTheOffice({ phone: ' ', email: '' })).toBe('please contact the office');
  });

  it('gives the first refusal, or null when there is none', () => {
    expect(firstRefusalText([], 'reschedule', policy, office)).toBeNull();
    expect(firstRefusalText(['started', 'inside_cutoff'], 'reschedule', policy, office)).toMatch(
      /^This inspection has started/,
    );
  });
});
