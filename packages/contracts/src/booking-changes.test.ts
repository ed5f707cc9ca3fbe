import { describe, expect, it } from 'vitest';
import demoDocument from '../../../examples/demo-company.json' with { type: 'json' };
import { bookingChangesSchema, companyDocumentSchema } from './company-document.ts';

const RADON = 'a1c0ffee-0000-4000-8000-000000000006';
const HOME = 'a1c0ffee-0000-4000-8000-000000000001';

const demo = () =>
  structuredClone(demoDocument) as unknown as Record<string, unknown> & {
    booking_changes: Record<string, unknown> & { services: Array<Record<string, unknown>> };
  };
const issuePaths = (input: unknown) => {
  const result = companyDocumentSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};
const accepts = (policy: Record<string, unknown>) => bookingChangesSchema.safeParse(policy).success;

describe("the company document's booking_changes section", () => {
  it('accepts the demo company, and the defaults when the section is left out', () => {
    expect(issuePaths(demo())).toEqual([]);
    const { booking_changes: _left, ...without } = demo();
    expect(companyDocumentSchema.parse(without).booking_changes).toEqual({
      reschedule_until_hours: 24,
      max_reschedules: null,
      cancel_until_hours: 24,
      late_cancel_within_hours: 0,
      late_cancel_fee: null,
      late_reschedule_fee: null,
      reschedule_text: '',
      cancel_text: '',
      services: [],
      agents: { see_prices: false, reschedule: true, cancel: false },
      refund_on_cancel: 'policy',
    });
  });

  it('takes who refunds a cancelled paid order as policy or office only (decision 0076)', () => {
    expect(accepts({ refund_on_cancel: 'policy' })).toBe(true);
    expect(accepts({ refund_on_cancel: 'office' })).toBe(true);
    expect(accepts({ refund_on_cancel: 'stripe' })).toBe(false);
    expect(accepts({ refund_on_cancel: null })).toBe(false);
  });

  it("takes agents' permissions as booleans only, each defaulting on its own", () => {
    expect(accepts({ agents: { cancel: true } })).toBe(true);
    expect(bookingChangesSchema.parse({ agents: { cancel: true } }).agents).toEqual({
      see_prices: false,
      reschedule: true,
      cancel: true,
    });
    expect(accepts({ agents: { cancel: 'yes' } })).toBe(false);
    expect(accepts({ agents: { edit: true } })).toBe(false);
  });

  it('takes notice of up to a month (720 hours), and no more', () => {
    for (const field of ['reschedule_until_hours', 'cancel_until_hours', 'late_cancel_within_hours']) {
      expect(accepts({ [field]: 720 })).toBe(true);
      expect(accepts({ [field]: 0 })).toBe(true);
      expect(accepts({ [field]: 721 })).toBe(false);
      expect(accepts({ [field]: -1 })).toBe(false);
      expect(accepts({ [field]: 1.5 })).toBe(false);
    }
  });

  it('limits reschedules to 0 to 20, or none', () => {
    expect(accepts({ max_reschedules: 0 })).toBe(true);
    expect(accepts({ max_reschedules: 20 })).toBe(true);
    expect(accepts({ max_reschedules: null })).toBe(true);
    expect(accepts({ max_reschedules: 21 })).toBe(false);
  });

  it('takes a fee as an amount in cents or a percent above 0 and up to 100', () => {
    expect(accepts({ late_cancel_fee: { kind: 'amount', amount_cents: 0 } })).toBe(true);
    expect(accepts({ late_cancel_fee: { kind: 'amount', amount_cents: 7.5 } })).toBe(false);
    expect(accepts({ late_cancel_fee: { kind: 'percent', percent: 100 } })).toBe(true);
    expect(accepts({ late_cancel_fee: { kind: 'percent', percent: 100.01 } })).toBe(false);
    expect(accepts({ late_cancel_fee: { kind: 'percent', percent: 0 } })).toBe(false);
    expect(accepts({ late_cancel_fee: { kind: 'percent', amount_cents: 100 } })).toBe(false);
  });

  it('keeps the texts to 500 characters', () => {
    expect(accepts({ cancel_text: 'x'.repeat(500) })).toBe(true);
    expect(accepts({ cancel_text: 'x'.repeat(501) })).toBe(false);
    expect(accepts({ reschedule_text: 'x'.repeat(501) })).toBe(false);
  });

  it('refuses the rules of a service the document does not have, or two sets for one service, naming the field', () => {
    const unknown = demo();
    unknown.booking_changes.services = [{ service: '00000000-0000-4000-8000-00000000dead', cancel_until_hours: 48 }];
    expect(issuePaths(unknown)).toEqual(['booking_changes.services.0.service: unknown service']);
    const twice = demo();
    twice.booking_changes.services = [
      { service: HOME, cancel_until_hours: 48 },
      { service: RADON, cancel_until_hours: 48 },
      { service: HOME, reschedule_until_hours: 72 },
    ];
    expect(issuePaths(twice)).toEqual([
      'booking_changes.services.2.service: a service has one set of booking-change rules: this one appears twice',
    ]);
  });

  it('refuses a rule it does not know, in the section and in a service', () => {
    expect(accepts({ refund: true })).toBe(false);
    expect(accepts({ services: [{ service: HOME, refund: true }] })).toBe(false);
  });
});
