import { describe, expect, it } from 'vitest';
import type { ConsoleInspectorDay } from '@scheduler/contracts/console';
import type { Control } from '@scheduler/contracts/office';
import type { Pricing } from '@scheduler/contracts/pricing';
import { PRICING_FLAGS } from './book-test-data.ts';
import { formFieldOf, priceLines, propertyBody, emptyValues, startState } from './book-form.ts';

const control = (id: number, type: Control['type']): Control => ({
  ...{ id, type, slug: `q${id}`, label: `Question ${id}`, length: 0, required: true, fee: false },
  ...{ options: [], value: null, checked: false, textBoxLabel: '', description: '' },
});
// As the demo asks them: square feet and year built are the order's own fields, the others answers by id.
const CONTROLS = [control(1, 'SquareFeet'), control(2, 'YearBuilt'), control(5, 'DropDown'), control(9, 'Date')];

describe('the field a refusal names', () => {
  it("puts a property answer's refusal at the question of that id, whatever its place in the list", () => {
    expect(formFieldOf('controls.9', CONTROLS)).toBe('c9');
    expect(formFieldOf('controls.5', CONTROLS)).toBe('c5');
    // An id the company does not ask is the whole form's to say.
    expect(formFieldOf('controls.1', CONTROLS)).toBeNull();
    expect(formFieldOf('controls', CONTROLS)).toBeNull();
  });

  it("puts the client's, the address's and the time's at their fields", () => {
    expect(formFieldOf('clients.0.email', CONTROLS)).toBe('email');
    expect(formFieldOf('clients.0.mobile_phone', CONTROLS)).toBe('mobile_phone');
    expect(formFieldOf('postal_code', CONTROLS)).toBe('postal_code');
    expect(formFieldOf('sqft', CONTROLS)).toBe('sqft');
    expect(formFieldOf('datetime', CONTROLS)).toBe('time');
    expect(formFieldOf('inspectors.0', CONTROLS)).toBe('time');
    expect(formFieldOf(undefined, CONTROLS)).toBeNull();
    expect(formFieldOf('order_revision', CONTROLS)).toBeNull();
  });
});

it('sends the answers as the property step does: the order fields apart, every other question by id', () => {
  const values = { ...emptyValues(), property: { sqft: '1,800', yb: '', c5: '2', c9: '2027-01-04' } };
  expect(propertyBody(values, CONTROLS)).toEqual({
    ...{ sqft: 1800, yb: null, sales_price: '', foundation_type: '', refer_reason: '', refer_reason_other: '' },
    controls: [
      { id: 5, value: '2', checked: false },
      { id: 9, value: '2027-01-04', checked: false },
    ],
  });
});

describe('a start time in a column', () => {
  const DATE = '2026-12-01';
  const span = (local_start: string, local_end: string, local_date = DATE) => ({ local_date, local_start, local_end });
  const inspector: ConsoleInspectorDay = {
    ...{ id: 102, name: 'Mike Alvarez', working_hours: [span('08:00', '17:00')], holds: [] },
    time_off: [{ ...span('12:00', '13:00'), time_off_id: crypto.randomUUID(), note: '', recurring: false }],
    bookings: [
      { ...span('09:00', '11:30'), start: '', end: '', order_id: crypto.randomUUID(), reference: 'R' } as never,
    ],
  };

  it('is booked from the booking start up to its end, and free again at its end', () => {
    expect(startState(inspector, DATE, 8 * 60 + 30)).toBe('free');
    expect(startState(inspector, DATE, 9 * 60)).toBe('booked');
    expect(startState(inspector, DATE, 11 * 60)).toBe('booked');
    expect(startState(inspector, DATE, 11 * 60 + 30)).toBe('free');
  });

  it('is time off inside the block, outside the hours at their end, and says nothing of another date', () => {
    expect(startState(inspector, DATE, 12 * 60 + 30)).toBe('off');
    expect(startState(inspector, DATE, 17 * 60)).toBe('outside');
    expect(startState(inspector, DATE, 7 * 60 + 30)).toBe('outside');
    expect(startState(inspector, '2026-12-02', 9 * 60)).toBe('outside');
  });
});

describe('the price lines', () => {
  const pricing = (changes: Partial<Pricing['totals']>, coupons: Pricing['coupons'] = []): Pricing => ({
    package: null,
    services: [
      {
        id: crypto.randomUUID(),
        name: 'Home',
        base: 0,
        subtotal: 0,
        fees: [],
        modifier_savings: 0,
        amount: 42_500,
      } as never,
    ],
    additional: { total: 2_500, fees: [{ code: 'trip', value: 2_500, description: 'Trip fee' }] },
    taxes: [{ code: 'oh', name: 'Sales tax', total: 3_188 }],
    coupons,
    ...PRICING_FLAGS,
    totals: {
      subtotal: 42_500,
      discounts: 0,
      additional: 2_500,
      taxes: 3_188,
      grand_total: 48_188,
      display_total: 0,
      ...changes,
    },
  });

  it("add up to the engine's total, a coupon taken off", () => {
    const { lines, total } = priceLines(
      pricing({ discounts: 1_000, grand_total: 47_188 }, [{ code: 'TEN', name: 'Ten off', amount: 1_000 }]),
    );
    expect(lines.map((line) => [line.label, line.cents])).toEqual([
      ['Home', 42_500],
      ['Trip fee', 2_500],
      ['Coupon Ten off', -1_000],
      ['Sales tax', 3_188],
    ]);
    expect(total).toBe(47_188);
  });

  it('name what no line says, so that they still add up', () => {
    const { lines } = priceLines(pricing({ grand_total: 47_688 }));
    expect(lines.at(-1)).toEqual({ label: 'Other discounts', cents: -500 });
    expect(lines.reduce((sum, line) => sum + line.cents, 0)).toBe(47_688);
  });
});
