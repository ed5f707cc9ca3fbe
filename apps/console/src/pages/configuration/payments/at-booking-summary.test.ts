import { describe, expect, it } from 'vitest';
import type { BookingPaymentRule } from '@scheduler/contracts/company-document';
import { atBookingSummary, ruleText } from './at-booking-summary.ts';

const RADON = '6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const names = {
  service: (uuid: string) => (uuid === RADON ? 'Radon Testing' : 'A service no longer offered'),
  package: (id: number) => (id === 3 ? "Buyer's Package" : 'A package no longer offered'),
};
const settings = (at_booking: BookingPaymentRule, rest: Partial<Parameters<typeof atBookingSummary>[0]> = {}) => ({
  at_booking,
  save_card: false,
  services: [],
  packages: [],
  ...rest,
});

describe('ruleText', () => {
  it.each<[BookingPaymentRule, string]>([
    [{ kind: 'later' }, 'nothing'],
    [{ kind: 'deposit_amount', amount_cents: 0 }, 'nothing'],
    [{ kind: 'deposit_amount', amount_cents: 1 }, 'a deposit of $0.01'],
    [{ kind: 'deposit_amount', amount_cents: 100_000_000 }, 'a deposit of $1,000,000.00'],
    [{ kind: 'deposit_percent', percent: 0 }, 'nothing'],
    [{ kind: 'deposit_percent', percent: 1 }, 'a deposit of 1% of the total'],
    [{ kind: 'deposit_percent', percent: 99 }, 'a deposit of 99% of the total'],
    [{ kind: 'deposit_percent', percent: 100 }, 'the whole total'],
    [{ kind: 'full' }, 'the whole total'],
  ])('says %j as %j', (rule, words) => {
    expect(ruleText(rule, 'USD')).toBe(words);
  });

  it("says an amount in the company's currency", () => {
    expect(ruleText({ kind: 'deposit_amount', amount_cents: 5000 }, 'JPY')).toBe('a deposit of ¥5,000');
  });
});

describe('atBookingSummary', () => {
  it("says the company's rule alone", () => {
    expect(atBookingSummary(settings({ kind: 'deposit_amount', amount_cents: 10000 }), true, names, 'USD')).toBe(
      'Clients pay a deposit of $100.00 when they book; the rest is due at the inspection.',
    );
    expect(atBookingSummary(settings({ kind: 'later' }), true, names, 'USD')).toBe(
      'Clients pay nothing when they book; they pay after booking.',
    );
    expect(atBookingSummary(settings({ kind: 'deposit_percent', percent: 100 }), true, names, 'USD')).toBe(
      'Clients pay the whole total, tax included, when they book.',
    );
  });

  it("says each service's and package's own rule, that the most asked is paid, and the saved card", () => {
    const own = settings(
      { kind: 'deposit_amount', amount_cents: 10000 },
      {
        save_card: true,
        services: [{ service: RADON, at_booking: { kind: 'full' } }],
        packages: [{ package: 3, at_booking: { kind: 'later' } }],
      },
    );
    expect(atBookingSummary(own, true, names, 'USD')).toBe(
      "Clients pay a deposit of $100.00 when they book; the rest is due at the inspection. Radon Testing: the whole total at booking. Buyer's Package: nothing at booking. An order pays the most that any of its services or packages asks, on its total with tax. The client's card is saved with Stripe, for the fees of your booking-change policy.",
    );
  });

  it('says nothing is taken without Stripe', () => {
    expect(atBookingSummary(settings({ kind: 'full' }), false, names, 'USD')).toBe(
      'Clients pay nothing when they book: taking a payment at booking needs Stripe.',
    );
  });
});
