import { describe, expect, it } from 'vitest';
import type { Control } from '@scheduler/contracts/office';
import { orderFixture } from '../test-support/render-step.tsx';
import { addressLines, contactCount, panelSections, propertyLines } from './order-lines.ts';

const control = (id: number, type: Control['type'], label: string, options: Control['options'] = []): Control => ({
  id,
  slug: `c${id}`,
  type,
  label,
  length: 100,
  required: false,
  fee: false,
  options,
  value: null,
  checked: false,
  textBoxLabel: '',
  description: '',
});

describe("the review panel's order lines (spec 2.10)", () => {
  it('orders the sections, Date & Time last when the calendar is last, Property Info only with questions', () => {
    expect(panelSections('default', true)).toEqual(['calendar', 'address', 'contacts', 'property-info', 'packages']);
    expect(panelSections('calendar-last', false)).toEqual(['address', 'contacts', 'packages', 'calendar']);
  });

  it('writes the address with the state abbreviation and leaves out empty parts', () => {
    const order = orderFixture({
      address1: '12 Elm St',
      address2: '',
      city: 'Columbus',
      state: 36,
      postal_code: '43215',
    });
    expect(addressLines(order, [{ id: 36, abbreviation: 'OH' }])).toEqual(['12 Elm St', 'Columbus, OH 43215']);
  });

  it('counts the clients, the agents and the other contacts', () => {
    const person = orderFixture().client;
    const someone = { ...(person ?? {}), first: 'A' } as NonNullable<typeof person>;
    expect(
      contactCount(
        orderFixture({ client: null, clients: [someone, someone], buyers_agent: someone, contacts: [someone] }),
      ),
    ).toBe(4);
    expect(
      contactCount(
        orderFixture({
          client: null,
          clients: null,
          buyers_agent: null,
          sellers_agent: null,
          insurance_agent: null,
          contacts: [],
        }),
      ),
    ).toBe(0);
  });

  it('writes the property answers: fields, checked boxes by label, a dropdown by its option, others as label: value', () => {
    const controls = [
      control(1, 'SquareFeet', 'Square feet'),
      control(2, 'CheckBox', 'Has a pool'),
      control(3, 'CheckBox', 'Has a barn'),
      control(4, 'DropDown', 'Stories', [{ id: 9, value: 'Two' }]),
      control(5, 'TextBox', 'Gate code'),
      control(6, 'TriggeredDropDown', 'Crawlspace', ['Dirt', 'Concrete']),
    ];
    const order = orderFixture({
      sqft: 2400,
      yb: 1975,
      sales_price: '325,000',
      foundation_type: { id: 3, value: 'Basement' },
      controls: [
        { id: 2, value: null, checked: true },
        { id: 3, value: null, checked: false },
        { id: 4, value: '9', checked: false },
        { id: 5, value: '4411', checked: false },
        { id: 6, value: 'Dirt', checked: true },
      ],
    });
    expect(propertyLines(order, controls, 'USD')).toEqual([
      'Square Feet: 2,400',
      'Year Built: 1975',
      'Sale Price: $325,000.00',
      'Foundation: Basement',
      'Has a pool',
      'Stories: Two',
      'Gate code: 4411',
      'Crawlspace: Dirt',
    ]);
  });

  it('leaves out a sale price of zero, and writes one of a dollar', () => {
    expect(
      propertyLines(orderFixture({ sqft: 0, yb: 0, sales_price: '0', foundation_type: null, controls: [] }), [], 'USD'),
    ).toEqual([]);
    expect(
      propertyLines(orderFixture({ sqft: 0, yb: 0, sales_price: '1', foundation_type: null, controls: [] }), [], 'USD'),
    ).toEqual(['Sale Price: $1.00']);
  });

  it("writes a date answer in the company's DATE_FORMAT, stored as an ISO date (spec 3.3)", () => {
    const controls = [control(7, 'Date', 'Contingency deadline'), control(8, 'ClosingDate', 'Closing')];
    const order = orderFixture({
      controls: [
        { id: 7, value: '2026-12-01', checked: false },
        { id: 8, value: '2027-01-15', checked: false },
      ],
    });
    expect(propertyLines(order, controls, 'USD', 'DD/MM/YYYY')).toEqual([
      'Contingency deadline: 01/12/2026',
      'Closing: 15/01/2027',
    ]);
    expect(propertyLines(order, controls, 'USD')).toEqual(['Contingency deadline: 12/01/2026', 'Closing: 01/15/2027']);
  });
});
