import { describe, expect, it } from 'vitest';
import { paymentsSchema } from '@scheduler/contracts/company-document';
import { bookingPaymentOf, ruleAmount, rulesFor, savesCardAtBooking } from './at-booking.ts';

const SERVICE = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const settings = (rest: Record<string, unknown>) => paymentsSchema.parse({ provider: 'stripe', ...rest });
const usd = (cents: number) => ({ cents, currency: 'USD' });
const items = (serviceIds: string[] = [SERVICE], packageIds: number[] = []) => ({ serviceIds, packageIds });

describe('what a booking pays when it is made', () => {
  it('takes nothing by default, and nothing from a company not paid through Stripe', () => {
    expect(bookingPaymentOf(settings({}), items(), usd(45_688))).toBeNull();
    const full = { at_booking: { kind: 'full' } };
    expect(bookingPaymentOf({ ...settings(full), provider: 'link' }, items(), usd(45_688))).toBeNull();
  });

  it('a deposit of 0 takes nothing; 100% takes the whole total, tax included', () => {
    expect(
      bookingPaymentOf(settings({ at_booking: { kind: 'deposit_percent', percent: 0 } }), items(), usd(45_688)),
    ).toBeNull();
    expect(
      bookingPaymentOf(settings({ at_booking: { kind: 'deposit_amount', amount_cents: 0 } }), items(), usd(45_688)),
    ).toBeNull();
    expect(
      bookingPaymentOf(settings({ at_booking: { kind: 'deposit_percent', percent: 100 } }), items(), usd(45_688)),
    ).toEqual({ kind: 'full', amountCents: 45_688, dueLaterCents: 0 });
  });

  it('a deposit amount is never more than the total; one cent under it stays a deposit', () => {
    const rule = (amount_cents: number) => settings({ at_booking: { kind: 'deposit_amount', amount_cents } });
    expect(bookingPaymentOf(rule(50_000), items(), usd(45_688))).toEqual({
      kind: 'full',
      amountCents: 45_688,
      dueLaterCents: 0,
    });
    expect(bookingPaymentOf(rule(45_687), items(), usd(45_688))).toEqual({
      kind: 'deposit',
      amountCents: 45_687,
      dueLaterCents: 1,
    });
    expect(bookingPaymentOf(rule(10_000), items(), usd(45_688))).toEqual({
      kind: 'deposit',
      amountCents: 10_000,
      dueLaterCents: 35_688,
    });
  });

  it('a percent rounds half up', () => {
    expect(ruleAmount({ kind: 'deposit_percent', percent: 25 }, 10_002)).toBe(2_501); // 2500.5
    expect(ruleAmount({ kind: 'deposit_percent', percent: 25 }, 10_001)).toBe(2_500); // 2500.25
  });

  it('the rule asking the most of the order wins: a service of its own, or the company default for the rest', () => {
    const rules = settings({
      at_booking: { kind: 'deposit_amount', amount_cents: 5_000 },
      services: [{ service: SERVICE, at_booking: { kind: 'later' } }],
      packages: [{ package: 7, at_booking: { kind: 'deposit_percent', percent: 50 } }],
    });
    // Only the service that says later: nothing.
    expect(bookingPaymentOf(rules, items([SERVICE]), usd(40_000))).toBeNull();
    // Another service without its own rule brings the company's $50.
    expect(bookingPaymentOf(rules, items([SERVICE, OTHER]), usd(40_000))?.amountCents).toBe(5_000);
    // The package's half is more.
    expect(bookingPaymentOf(rules, items([OTHER], [7]), usd(40_000))?.amountCents).toBe(20_000);
    expect(rulesFor(rules, items([], []))).toEqual([rules.at_booking]);
  });

  it('zero-decimal and three-decimal currencies, by Stripe’s rules', () => {
    const half = settings({ at_booking: { kind: 'deposit_percent', percent: 50 } });
    expect(bookingPaymentOf(half, items(), { cents: 45_001, currency: 'JPY' })?.amountCents).toBe(22_501);
    // 12.345 KWD: half is 6.173 (half up), rounded down to 6.170 for Stripe.
    expect(bookingPaymentOf(half, items(), { cents: 12_345, currency: 'KWD' })).toEqual({
      kind: 'deposit',
      amountCents: 6_170,
      dueLaterCents: 6_175,
    });
    // The whole of an uneven three-decimal total cannot be charged exactly: the last fils stay due.
    const full = settings({ at_booking: { kind: 'full' } });
    expect(bookingPaymentOf(full, items(), { cents: 12_345, currency: 'KWD' })).toEqual({
      kind: 'deposit',
      amountCents: 12_340,
      dueLaterCents: 5,
    });
  });

  it('saves a card only where the company asks it, through Stripe', () => {
    expect(savesCardAtBooking(settings({ save_card: true }))).toBe(true);
    expect(savesCardAtBooking(settings({}))).toBe(false);
  });

  it('the document refuses payment at booking without Stripe, and a service listed twice', () => {
    const refused = paymentsSchema.safeParse({ provider: 'link', at_booking: { kind: 'full' } });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['at_booking']);
    expect(paymentsSchema.safeParse({ provider: 'none', save_card: true }).success).toBe(false);
    const twice = paymentsSchema.safeParse({
      provider: 'stripe',
      services: [
        { service: SERVICE, at_booking: { kind: 'full' } },
        { service: SERVICE, at_booking: { kind: 'later' } },
      ],
    });
    expect(twice.error?.issues[0]?.path).toEqual(['services', 1, 'service']);
    expect(
      paymentsSchema.safeParse({ provider: 'stripe', at_booking: { kind: 'deposit_percent', percent: 101 } }).success,
    ).toBe(false);
    expect(
      paymentsSchema.safeParse({ provider: 'stripe', at_booking: { kind: 'deposit_percent', percent: 12.5 } }).success,
    ).toBe(false);
  });
});
