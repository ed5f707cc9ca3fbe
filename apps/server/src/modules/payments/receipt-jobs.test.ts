import { describe, expect, it } from 'vitest';
import { PAYMENT_RECEIPT_EMAIL_JOB, paymentReceiptJobs } from './receipt-jobs.ts';

const order = { id: '0b7c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3', companyId: 'c0000000-0000-4000-8000-000000000001' };
const now = new Date('2026-11-25T14:00:00Z');

describe('payment receipt jobs', () => {
  it('writes one receipt to each client with an address and one to the office, each once', () => {
    const jobs = paymentReceiptJobs(
      order,
      [
        { first: 'Dana', last: 'Whitfield', email: ' Dana@Example.com ' },
        { first: 'Lee', last: '', email: 'dana@example.com' },
        { first: 'Sam', last: 'Okafor', email: '' },
        { first: 'Ray', last: 'Ortiz' },
      ],
      now,
    );
    expect(jobs).toEqual([
      {
        companyId: order.companyId,
        kind: PAYMENT_RECEIPT_EMAIL_JOB,
        dedupeKey: `payment_receipt:${order.id}:client:dana@example.com`,
        payload: { order_id: order.id, audience: 'client', to: 'Dana@Example.com', name: 'Dana Whitfield' },
        runAt: now,
      },
      {
        companyId: order.companyId,
        kind: PAYMENT_RECEIPT_EMAIL_JOB,
        dedupeKey: `payment_receipt:${order.id}:office:`,
        payload: { order_id: order.id, audience: 'office', to: '', name: '' },
        runAt: now,
      },
    ]);
  });

  it('still tells the office when no client has an address', () => {
    expect(paymentReceiptJobs(order, [], now).map((job) => job.payload.audience)).toEqual(['office']);
  });
});
