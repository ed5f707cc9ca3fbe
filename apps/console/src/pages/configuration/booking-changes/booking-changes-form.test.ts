import { describe, expect, it } from 'vitest';
import { bookingChangesSchema } from '@scheduler/contracts/company-document';
import {
  applyBookingChangesForm,
  bookingChangesOf,
  bookingChangesFormValues,
  companyPolicyOf,
  EMPTY_SERVICE_RULES,
  formFieldOf,
  MAX_NOTICE_HOURS,
  MAX_RESCHEDULES,
  readPercent,
  type BookingChangesFormValues,
} from './booking-changes-form.ts';

const RADON = '6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const HOME = '7b2e1d3f-4c5e-4f60-9b0c-1d2e3f4a5b6c';

const document = {
  key: 'demo',
  currency: 'USD',
  services: [
    { uuid: HOME, name: 'Full Home Inspection' },
    { uuid: RADON, name: 'Radon Test' },
  ],
  booking_changes: {
    reschedule_until_hours: 24,
    max_reschedules: 2,
    cancel_until_hours: 24,
    late_cancel_within_hours: 48,
    late_cancel_fee: { kind: 'amount', amount_cents: 7500 },
    reschedule_text: 'Moving is free up to a day before.',
    cancel_text: '',
    services: [{ service: RADON, reschedule_until_hours: 72 }],
  },
};

const loaded = bookingChangesFormValues(bookingChangesOf(document), 'USD');
const edit = (change: Partial<BookingChangesFormValues>) =>
  applyBookingChangesForm(document, { ...loaded, ...change }, 'USD');
const section = (result: ReturnType<typeof edit>) => (result.ok ? result.document.booking_changes : result.problems);

describe('bookingChangesFormValues', () => {
  it('reads hours and limits as text, the fee as dollars, and a service rule not set as empty', () => {
    expect(loaded).toEqual({
      rescheduleUntil: '24',
      maxReschedules: '2',
      cancelUntil: '24',
      lateWithin: '48',
      feeKind: 'amount',
      feeAmount: '75.00',
      feePercent: '',
      moveFeeKind: 'none',
      moveFeeAmount: '',
      moveFeePercent: '',
      rescheduleText: 'Moving is free up to a day before.',
      cancelText: '',
      services: [{ ...EMPTY_SERVICE_RULES, service: RADON, rescheduleUntil: '72' }],
      // A document written before agents' permissions were a setting reads as their defaults.
      agents: { see_prices: false, reschedule: true, cancel: false },
      // And before refunds on cancel were (decision 0076): the policy refunds.
      refundOnCancel: true,
    });
  });

  it("fills in the schema's defaults where the document has no section", () => {
    const values = bookingChangesFormValues(bookingChangesOf({ key: 'demo' }), 'USD');
    expect(values).toMatchObject({
      rescheduleUntil: '24',
      maxReschedules: '',
      cancelUntil: '24',
      lateWithin: '0',
      feeKind: 'none',
      services: [],
    });
  });
});

describe('applyBookingChangesForm', () => {
  it('writes back the section it read unchanged, and the schema takes it', () => {
    const result = edit({});
    expect(section(result)).toEqual({
      ...document.booking_changes,
      late_reschedule_fee: null,
      agents: loaded.agents,
      refund_on_cancel: 'policy',
    });
    expect(result.ok && bookingChangesSchema.safeParse(result.document.booking_changes).success).toBe(true);
  });

  it("writes each of the agents' permissions as set, the others as they were", () => {
    expect(section(edit({ agents: { see_prices: true, reschedule: false, cancel: true } }))).toMatchObject({
      agents: { see_prices: true, reschedule: false, cancel: true },
    });
    expect(section(edit({ agents: { ...loaded.agents, cancel: true } }))).toMatchObject({
      agents: { see_prices: false, reschedule: true, cancel: true },
    });
  });

  it('writes who refunds a cancelled paid order: the policy when on, the office when off (decision 0076)', () => {
    expect(section(edit({ refundOnCancel: false }))).toMatchObject({ refund_on_cancel: 'office' });
    expect(section(edit({ refundOnCancel: true }))).toMatchObject({ refund_on_cancel: 'policy' });
    const office = { ...document, booking_changes: { ...document.booking_changes, refund_on_cancel: 'office' } };
    expect(bookingChangesFormValues(bookingChangesOf(office), 'USD').refundOnCancel).toBe(false);
  });

  it('takes 0 hours (until the start) and the most hours the schema allows, refusing one more', () => {
    expect(section(edit({ rescheduleUntil: '0', cancelUntil: String(MAX_NOTICE_HOURS) }))).toMatchObject({
      reschedule_until_hours: 0,
      cancel_until_hours: 720,
    });
    expect(section(edit({ lateWithin: '721' }))).toEqual([
      { field: 'lateWithin', message: 'Enter a whole number of hours from 0 to 720.' },
    ]);
    expect(section(edit({ rescheduleUntil: '' }))).toEqual([
      { field: 'rescheduleUntil', message: 'Enter a whole number of hours from 0 to 720.' },
    ]);
    expect(section(edit({ cancelUntil: '1.5' }))).toEqual([
      { field: 'cancelUntil', message: 'Enter a whole number of hours from 0 to 720.' },
    ]);
  });

  it('reads the most reschedules empty as no limit and 0 as none at all', () => {
    expect(section(edit({ maxReschedules: '' }))).toMatchObject({ max_reschedules: null });
    expect(section(edit({ maxReschedules: '0' }))).toMatchObject({ max_reschedules: 0 });
    expect(section(edit({ maxReschedules: String(MAX_RESCHEDULES) }))).toMatchObject({ max_reschedules: 20 });
    expect(section(edit({ maxReschedules: '21' }))).toEqual([
      { field: 'maxReschedules', message: 'Enter a whole number from 0 to 20, or leave it empty.' },
    ]);
  });

  it.each([
    ['75', 7500],
    ['75.5', 7550],
    ['75.50', 7550],
    ['0.10', 10],
    ['1,234.00', 123_400],
  ])('writes a fee of %j as %d cents', (text, cents) => {
    expect(section(edit({ feeAmount: text }))).toMatchObject({
      late_cancel_fee: { kind: 'amount', amount_cents: cents },
    });
  });

  it.each(['$75', '75.555', 'seventy', '', '-1', '1,000,000.01'])('refuses a fee of %j at the fee', (text) => {
    expect(section(edit({ feeAmount: text }))).toEqual([
      { field: 'feeAmount', message: 'Enter an amount in USD like 75 or 75.50, without a currency sign.' },
    ]);
  });

  it('writes a percentage within its bounds (more than 0, at most 100), and no fee as null', () => {
    expect(section(edit({ feeKind: 'percent', feePercent: '100' }))).toMatchObject({
      late_cancel_fee: { kind: 'percent', percent: 100 },
    });
    expect(section(edit({ feeKind: 'percent', feePercent: '0.01' }))).toMatchObject({
      late_cancel_fee: { kind: 'percent', percent: 0.01 },
    });
    for (const text of ['0', '100.01', '101', ''])
      expect(section(edit({ feeKind: 'percent', feePercent: text }))).toEqual([
        { field: 'feePercent', message: 'Enter a percentage more than 0 and at most 100, like 50 or 12.5.' },
      ]);
    expect(section(edit({ feeKind: 'none' }))).toMatchObject({ late_cancel_fee: null });
  });

  it('refuses a text past 500 characters, and trims the rest', () => {
    expect(section(edit({ cancelText: 'x'.repeat(501) }))).toEqual([
      { field: 'cancelText', message: 'At most 500 characters.' },
    ]);
    expect(section(edit({ cancelText: '  Call us.  ' }))).toMatchObject({ cancel_text: 'Call us.' });
  });

  it("writes only a service's rules that are set, its fee as its own", () => {
    const services = [
      {
        ...EMPTY_SERVICE_RULES,
        service: RADON,
        cancelUntil: '0',
        maxReschedules: '0',
        feeKind: 'percent' as const,
        feePercent: '50',
      },
    ];
    expect(section(edit({ services }))).toMatchObject({
      services: [
        {
          service: RADON,
          cancel_until_hours: 0,
          max_reschedules: 0,
          late_cancel_fee: { kind: 'percent', percent: 50 },
        },
      ],
    });
  });

  // Dropped rather than kept: a row with no rule changes nothing for any order, and storing it
  // would say the service has rules of its own when it has none.
  it('drops a service row with every rule empty, and says which row each kept override came from', () => {
    const result = edit({
      services: [
        { ...EMPTY_SERVICE_RULES, service: HOME },
        { ...EMPTY_SERVICE_RULES, service: RADON, lateWithin: '72' },
        { ...EMPTY_SERVICE_RULES },
      ],
    });
    expect(result.ok && result.serviceRows).toEqual([1]);
    expect(section(result)).toMatchObject({ services: [{ service: RADON, late_cancel_within_hours: 72 }] });
  });

  it('refuses a service twice and rules with no service, at the row', () => {
    const twice = edit({
      services: [
        { ...EMPTY_SERVICE_RULES, service: RADON, cancelUntil: '48' },
        { ...EMPTY_SERVICE_RULES, service: RADON, cancelUntil: '72' },
      ],
    });
    expect(section(twice)).toEqual([
      { field: 'services.1.service', message: 'This service has rules above already: a service has one set of rules.' },
    ]);
    expect(section(edit({ services: [{ ...EMPTY_SERVICE_RULES, cancelUntil: '48' }] }))).toEqual([
      { field: 'services.0.service', message: 'Choose the service these rules are for.' },
    ]);
    expect(section(edit({ services: [{ ...EMPTY_SERVICE_RULES, service: RADON, cancelUntil: '999' }] }))).toEqual([
      { field: 'services.0.cancelUntil', message: 'Enter a whole number of hours from 0 to 720.' },
    ]);
  });
});

describe('companyPolicyOf', () => {
  it('is the policy while every rule is valid, and null while one is not', () => {
    expect(companyPolicyOf(loaded, 'USD')).toEqual({
      reschedule_until_hours: 24,
      max_reschedules: 2,
      cancel_until_hours: 24,
      late_cancel_within_hours: 48,
      late_cancel_fee: { kind: 'amount', amount_cents: 7500 },
      late_reschedule_fee: null,
    });
    expect(companyPolicyOf({ ...loaded, rescheduleUntil: '2x' }, 'USD')).toBeNull();
  });

  it('writes the late-reschedule fee as the cancellation fee is written, and refuses a bad one at its own field (decision 0081)', () => {
    expect(section(edit({ moveFeeKind: 'amount', moveFeeAmount: '25' }))).toMatchObject({
      late_reschedule_fee: { kind: 'amount', amount_cents: 2500 },
      late_cancel_fee: { kind: 'amount', amount_cents: 7500 },
    });
    expect(section(edit({ moveFeeKind: 'percent', moveFeePercent: '100' }))).toMatchObject({
      late_reschedule_fee: { kind: 'percent', percent: 100 },
    });
    expect(section(edit({ moveFeeKind: 'percent', moveFeePercent: '100.01' }))).toEqual([
      { field: 'moveFeePercent', message: expect.any(String) },
    ]);
    expect(
      formFieldOf('booking_changes.late_reschedule_fee.amount_cents', { ...loaded, moveFeeKind: 'amount' }, []),
    ).toBe('moveFeeAmount');
  });
});

describe('readPercent', () => {
  it('reads up to two decimals', () => {
    expect(readPercent('12.5')).toBe(12.5);
    expect(readPercent('12.555')).toBeNull();
  });
});

describe('formFieldOf', () => {
  const values = {
    ...loaded,
    services: [
      { ...EMPTY_SERVICE_RULES, service: HOME },
      { ...EMPTY_SERVICE_RULES, service: RADON, feeKind: 'percent' as const },
    ],
  };
  it.each([
    ['booking_changes.late_cancel_fee.amount_cents', 'feeAmount'],
    ['booking_changes.late_cancel_fee', 'feeKind'],
    ['booking_changes.reschedule_until_hours', 'rescheduleUntil'],
    ['booking_changes.cancel_text', 'cancelText'],
    ['booking_changes.services.0.service', 'services.1.service'],
    ['booking_changes.services.0.late_cancel_fee.percent', 'services.1.feePercent'],
    ['booking_changes.services.0.max_reschedules', 'services.1.maxReschedules'],
    ['booking_changes.services.4.service', null],
    ['booking_changes.services', null],
    ['notifications.brand_color', null],
    [undefined, null],
  ])('puts %j at %j', (field, expected) => {
    expect(formFieldOf(field, values, [1])).toBe(expected);
  });
});
