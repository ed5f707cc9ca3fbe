import { describe, expect, it } from 'vitest';
import { actorText, historyText } from './order-history.ts';

const at = '2026-11-30T16:00:00.000Z';
const ZONE = 'America/New_York';

describe('who made a change', () => {
  it('names an office member, or the visitor by the link they used', () => {
    expect(actorText({ kind: 'office', name: 'Olive Office' })).toBe('Olive Office');
    expect(actorText({ kind: 'office' })).toBe('the office');
    expect(actorText({ kind: 'office', name: 7 })).toBe('the office');
    expect(actorText({ kind: 'visitor', role: 'agent' })).toBe('an agent (manage link)');
    expect(actorText({ kind: 'visitor', role: 'contact' })).toBe('a contact (manage link)');
    expect(actorText({ kind: 'visitor', role: 'client' })).toBe('the client (manage link)');
    expect(actorText({ kind: 'visitor', role: 'visitor' })).toBe('the person who booked it');
    expect(actorText({})).toBe('the client');
  });
});

describe("a line of the order's history", () => {
  it('says a booking, by the office only when the office made it', () => {
    expect(
      historyText(
        { at, type: 'confirmed', data: { start: '2026-12-01T14:30:00.000Z', by: { kind: 'visitor', role: 'client' } } },
        ZONE,
        'USD',
      ),
    ).toBe('Booked for Tuesday, December 1st 2026 at 9:30 AM EST');
    expect(
      historyText(
        {
          at,
          type: 'confirmed',
          data: { start: '2026-12-01T14:30:00.000Z', by: { kind: 'office', name: 'Olive Office' } },
        },
        ZONE,
        'USD',
      ),
    ).toBe('Booked for Tuesday, December 1st 2026 at 9:30 AM EST by Olive Office');
    expect(historyText({ at, type: 'confirmed', data: {} }, ZONE, 'USD')).toBe('Booked');
  });

  it('says a move by a visitor, and an unknown time when the record lacks one', () => {
    expect(
      historyText(
        {
          at,
          type: 'rescheduled',
          data: { from: { start: '2026-12-01T14:30:00.000Z' }, to: {}, by: { kind: 'visitor', role: 'agent' } },
        },
        ZONE,
        'USD',
      ),
    ).toBe('Moved from Tuesday, December 1st 2026 at 9:30 AM EST to an unknown time by an agent (manage link)');
  });

  it('says a policy overridden when the actor says so, not when the list of overrides is empty', () => {
    const moved = (data: Record<string, unknown>) =>
      historyText({ at, type: 'rescheduled', data: { from: { start: at }, to: { start: at }, ...data } }, ZONE, 'USD');
    expect(moved({ by: { kind: 'office', name: 'Olive Office', override: true } })).toMatch(/ \(policy overridden\)$/);
    expect(moved({ by: { kind: 'office', name: 'Olive Office' }, overridden: true })).toMatch(
      / \(policy overridden\)$/,
    );
    expect(moved({ by: { kind: 'office', name: 'Olive Office' }, overridden: [] })).not.toContain('overridden');
  });

  it('names the inspector it went from and to when a move changed them, and nothing when it kept them (issue 41)', () => {
    const moved = (from: Record<string, unknown>, to: Record<string, unknown>) =>
      historyText(
        {
          at,
          type: 'rescheduled',
          data: {
            from: { start: '2026-12-01T14:30:00.000Z', ...from },
            to: { start: '2026-12-08T14:00:00.000Z', ...to },
            by: { kind: 'office', name: 'Olive Office' },
          },
        },
        ZONE,
        'USD',
      );
    expect(
      moved(
        { inspectors: [101], inspector_names: ['Mike Alvarez'] },
        { inspectors: [102], inspector_names: ['Sarah Chen'] },
      ),
    ).toBe(
      'Moved from Tuesday, December 1st 2026 at 9:30 AM EST to Tuesday, December 8th 2026 at 9:00 AM EST by Olive Office; inspector changed from Mike Alvarez to Sarah Chen',
    );
    expect(
      moved(
        { inspectors: [101], inspector_names: ['Mike Alvarez'] },
        { inspectors: [101, 102], inspector_names: ['Mike Alvarez', 'Sarah Chen'] },
      ),
    ).toMatch(/; inspectors changed from Mike Alvarez to Mike Alvarez and Sarah Chen$/);
    // Kept, in any order: nothing to say.
    expect(
      moved(
        { inspectors: [101, 102], inspector_names: ['Mike Alvarez', 'Sarah Chen'] },
        { inspectors: [102, 101], inspector_names: ['Sarah Chen', 'Mike Alvarez'] },
      ),
    ).toMatch(/by Olive Office$/);
    // A record from before the names were kept still says the inspector changed.
    expect(moved({ inspectors: [101] }, { inspectors: [102] })).toMatch(/by Olive Office; inspector changed$/);
    expect(moved({}, {})).toMatch(/by Olive Office$/);
  });

  it('says a cancellation without a fee, and without a reason', () => {
    expect(historyText({ at, type: 'cancelled', data: { by: { kind: 'visitor', role: 'client' } } }, ZONE, 'USD')).toBe(
      'Cancelled by the client (manage link)',
    );
    expect(
      historyText(
        { at, type: 'cancelled', data: { fee_cents: 2500, by: { kind: 'visitor', role: 'client' } } },
        ZONE,
        'CAD',
      ),
    ).toBe('Cancelled by the client (manage link), with a late-cancellation fee of CA$25.00');
  });

  it('says the manage links revoked', () => {
    expect(historyText({ at, type: 'manage_links_revoked', data: {} }, ZONE, 'USD')).toBe(
      'The manage links sent were revoked',
    );
  });
});

describe("an office's edit in the history", () => {
  it('says each change in words, the reason and who was e-mailed', () => {
    const data = {
      changes: [
        { label: 'Single-Family Home Inspection price', before: '$425.00', after: '$445.00' },
        { label: 'Radon Testing', before: null, after: '$150.00' },
        { label: 'Mold', before: '$275.00', after: null },
        { label: 7, before: 'x', after: 'y' },
      ],
      reason: 'Larger house than listed',
      emailed: ['dana@example.com'],
      by: { kind: 'office', name: 'Olive Office' },
    };
    expect(historyText({ at, type: 'edited', data }, ZONE, 'USD')).toBe(
      'Edited by Olive Office: Single-Family Home Inspection price: $425.00 → $445.00; Radon Testing added ($150.00); Mold removed (was $275.00). Reason: Larger house than listed. E-mailed dana@example.com.',
    );
    expect(historyText({ at, type: 'edited', data: { by: { kind: 'office' } } }, ZONE, 'USD')).toBe(
      'Edited by the office.',
    );
  });
});

describe('a payment the office recorded or voided, in words', () => {
  const by = { kind: 'office', name: 'Ollie Office' };
  it('says the amount, how, the reference, the date received and who recorded it', () => {
    expect(
      historyText(
        {
          at,
          type: 'payment_recorded',
          data: {
            kind: 'payment',
            method: 'check',
            amount_cents: 10_000,
            reference: '1042',
            received_on: '2026-12-01',
            by,
          },
        },
        ZONE,
        'USD',
      ),
    ).toBe('Payment of $100.00 by check 1042, received Tue 12/1/2026, recorded by Ollie Office');
    expect(
      historyText(
        { at, type: 'payment_recorded', data: { kind: 'refund', method: 'cash', amount_cents: 2_550, by } },
        ZONE,
        'USD',
      ),
    ).toBe('Refund of $25.50 by cash, recorded by Ollie Office');
  });

  it('says a void with its reason', () => {
    expect(
      historyText(
        {
          at,
          type: 'payment_voided',
          data: {
            kind: 'payment',
            method: 'card',
            amount_cents: 10_000,
            reason: 'Bounced',
            by: { kind: 'office', name: 'Abe Owner' },
          },
        },
        ZONE,
        'USD',
      ),
    ).toBe('Payment of $100.00 (card) voided by Abe Owner. Reason: Bounced');
  });

  it('says a refund the cancellation policy made, one of a payment after the cancel, and what the office is to return (decision 0076)', () => {
    const policy = { kind: 'policy', cancelled_by: 'the client', fee_cents: 7500 };
    expect(historyText({ at, type: 'refunded', data: { amount_cents: 32500, by: policy } }, ZONE, 'USD')).toBe(
      'Refund of $325.00 through Stripe: cancelled by the client, less the late-cancellation fee of $75.00',
    );
    expect(
      historyText(
        { at, type: 'refunded', data: { amount_cents: 40000, by: { ...policy, fee_cents: 0 } } },
        ZONE,
        'USD',
      ),
    ).toBe('Refund of $400.00 through Stripe: cancelled by the client');
    expect(
      historyText(
        { at, type: 'refunded', data: { amount_cents: 40000, by: { kind: 'policy', paid_after_cancel: true } } },
        ZONE,
        'USD',
      ),
    ).toBe('Refund of $400.00 through Stripe: paid after the order was cancelled');
    expect(
      historyText(
        {
          at,
          type: 'refund_due_by_office',
          data: { amount_cents: 10000, fee_cents: 0, cancelled_by: 'the office' },
        },
        ZONE,
        'USD',
      ),
    ).toBe('$100.00 paid to the office is due back to the client: cancelled by the office');
  });

  it('says a refund through Stripe by whom and why, one made in Stripe, and a dispute (decision 0067)', () => {
    const office = { kind: 'office', name: 'Olive Owner' };
    expect(
      historyText(
        { at, type: 'refunded', data: { amount_cents: 5000, reason: 'No radon test', by: office } },
        ZONE,
        'USD',
      ),
    ).toBe('Refund of $50.00 through Stripe by Olive Owner. Reason: No radon test');
    expect(historyText({ at, type: 'refunded', data: { amount_cents: 1, by: { kind: 'stripe' } } }, ZONE, 'USD')).toBe(
      'Refund of $0.01 made in Stripe',
    );
    expect(
      historyText(
        { at, type: 'payment_disputed', data: { amount_cents: 45688, reason: 'product_not_received' } },
        ZONE,
        'USD',
      ),
    ).toBe("Payment of $456.88 disputed by the client's bank (product not received)");
    expect(historyText({ at, type: 'payment_disputed', data: {} }, ZONE, 'USD')).toBe(
      "Payment of an amount disputed by the client's bank",
    );
  });

  it('says an e-mail that bounced: which, to whom, and what the receiving server said (decision 0070)', () => {
    const bounced = (data: Record<string, unknown>) => historyText({ at, type: 'message_bounced', data }, ZONE, 'USD');
    expect(
      bounced({
        job_id: 7,
        kind: 'confirmation_email',
        to: 'dana@exampel.com',
        reason: '550 5.1.1 User unknown',
        source: 'smtp',
      }),
    ).toBe('The confirmation e-mail to dana@exampel.com bounced: 550 5.1.1 User unknown');
    expect(
      bounced({ kind: 'change_email', change: 'cancelled', to: 'dana@example.com', reason: '5.2.2: smtp; 552 full' }),
    ).toBe('The cancellation e-mail to dana@example.com bounced: 5.2.2: smtp; 552 full');
    expect(bounced({ kind: 'payment_receipt_email' })).toBe('The receipt e-mail bounced');
    expect(bounced({})).toBe('An e-mail bounced');
  });
});
