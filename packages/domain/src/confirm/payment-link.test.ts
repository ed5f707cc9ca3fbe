import { describe, expect, it } from 'vitest';
import { paymentUrl } from './payment-link.ts';

describe('paymentUrl', () => {
  it('fills the order, the amount in major units and the currency', () => {
    expect(
      paymentUrl('https://pay.example.com/{order_id}?amount={amount}&cur={currency}', {
        orderId: 'abc-1',
        amountCents: 42_550,
        currency: 'USD',
      }),
    ).toBe('https://pay.example.com/abc-1?amount=425.50&cur=USD');
  });

  it('encodes the values and leaves other braces alone', () => {
    expect(paymentUrl('https://p.example/{x}/{order_id}', { orderId: 'a b', amountCents: 5, currency: 'EUR' })).toBe(
      'https://p.example/{x}/a%20b',
    );
  });
});
