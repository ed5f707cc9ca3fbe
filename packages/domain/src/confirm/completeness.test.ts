import { describe, expect, it } from 'vitest';
import { PEOPLE_SETTING } from '@scheduler/contracts/people-setting-keys';
import { SettingsReader } from '../settings.ts';
import { peopleSettings } from '../people/contacts-step.ts';
import { missingParts, missingPartsMessage, type CompletenessInput } from './completeness.ts';
import type { StoredPropertyAnswers } from '../property/property-answers.ts';

const settings = peopleSettings(
  new SettingsReader([{ key: PEOPLE_SETTING.CLIENT_REQUIRED_FIELDS, value: 'email' }]),
  'US',
);
const dana = { id: 1, first: 'Dana', last: 'Whitaker', email: 'dana@example.com' };

const noAnswers: StoredPropertyAnswers = {
  sqft: null,
  yearBuilt: null,
  salesPrice: '',
  foundationTypeId: null,
  referReason: '',
  referReasonOther: '',
  answers: [],
};
const occupancy = {
  id: 7,
  type: 'DropDown' as const,
  label: 'Occupancy',
  length: 0,
  required: true,
  options: [
    { id: 1, value: 'Vacant' },
    { id: 2, value: 'Occupied' },
  ],
};
const squareFeet = { id: 1, type: 'SquareFeet' as const, label: 'Square Feet', length: 0, required: true, options: [] };

const complete: CompletenessInput = {
  heldTime: { start: new Date('2030-03-04T15:00:00Z'), inspectorIds: [101] },
  address: { address1: '12 Main St', city: 'Springfield', postalCode: '62701' },
  userType: 'CLIENT_BUYER',
  people: { clients: [dana], agents: {}, contacts: [], settings },
  property: { controls: [], stored: noAnswers, currentYear: 2026 },
  serviceCount: 1,
};

const fieldsOf = (input: CompletenessInput) => missingParts(input).map((part) => part.field);

describe('missingParts', () => {
  it('finds nothing missing in a complete order', () => {
    expect(missingParts(complete)).toEqual([]);
  });

  it('names every missing part in review order, the people as the people rules find them', () => {
    expect(
      fieldsOf({
        heldTime: null,
        address: { address1: ' ', city: '', postalCode: '' },
        userType: null,
        people: { ...complete.people, clients: [] },
        property: { controls: [occupancy], stored: noAnswers, currentYear: 2026 },
        serviceCount: 0,
      }),
    ).toEqual(['datetime', 'address', 'user', 'client', 'controls.7', 'services']);
    expect(
      fieldsOf({
        ...complete,
        userType: 'BUYERS_AGENT',
        people: { ...complete.people, clients: [{ ...dana, email: '' }] },
        serviceCount: 0,
      }),
    ).toEqual(['clients.0.email', 'buyers_agent', 'services']);
  });

  it("needs the company's required property questions answered, as the property step checks them", () => {
    const asked = (controls: CompletenessInput['property']['controls'], stored = noAnswers) =>
      fieldsOf({ ...complete, property: { controls, stored, currentYear: 2026 } });
    expect(asked([occupancy])).toEqual(['controls.7']);
    expect(asked([squareFeet])).toEqual(['sqft']);
    expect(
      asked([squareFeet, occupancy], {
        ...noAnswers,
        sqft: 1800,
        answers: [{ controlId: 7, value: '2', checked: false }],
      }),
    ).toEqual([]);
    // An answer that is not one of the options is no answer.
    expect(asked([occupancy], { ...noAnswers, answers: [{ controlId: 7, value: '9', checked: false }] })).toEqual([
      'controls.7',
    ]);
    // A question that is not required may stay unanswered.
    expect(
      asked([
        { ...occupancy, required: false },
        { ...squareFeet, required: false },
      ]),
    ).toEqual([]);
    expect(
      missingPartsMessage(
        missingParts({ ...complete, property: { controls: [occupancy], stored: noAnswers, currentYear: 2026 } }),
      ),
    ).toBe('The order is not complete yet: it needs the answers to the property questions.');
  });

  it('needs every part of the address: one missing alone, the postal code included, is an incomplete address', () => {
    for (const gap of [{ address1: '' }, { city: ' ' }, { postalCode: '' }, { postalCode: '  ' }]) {
      expect(fieldsOf({ ...complete, address: { ...complete.address, ...gap } }), JSON.stringify(gap)).toEqual([
        'address',
      ]);
    }
  });

  it('counts a time without inspectors as no time', () => {
    expect(fieldsOf({ ...complete, heldTime: { start: new Date(), inspectorIds: [] } })).toEqual(['datetime']);
  });

  it('counts a role this product does not know as no role', () => {
    expect(fieldsOf({ ...complete, userType: 'ADMIN' })).toEqual(['user']);
  });

  it("requires the visitor-agent's own record, and no other agent", () => {
    expect(fieldsOf({ ...complete, userType: 'SELLERS_AGENT' })).toEqual(['sellers_agent']);
    expect(fieldsOf({ ...complete, userType: 'CLIENT_HOMEOWNER' })).toEqual([]);
  });
});

describe('missingPartsMessage', () => {
  it('lists the parts in words', () => {
    expect(missingPartsMessage(missingParts({ ...complete, people: { ...complete.people, clients: [] } }))).toBe(
      'The order is not complete yet: it needs a client.',
    );
    expect(
      missingPartsMessage(
        missingParts({
          ...complete,
          heldTime: null,
          address: { address1: '', city: '', postalCode: '' },
          serviceCount: 0,
        }),
      ),
    ).toBe('The order is not complete yet: it needs a date and time, the inspection address and at least one service.');
    expect(
      missingPartsMessage(
        missingParts({
          ...complete,
          userType: 'BUYERS_AGENT',
          people: { ...complete.people, clients: [{ ...dana, email: '' }] },
        }),
      ),
    ).toBe("The order is not complete yet: it needs the Home Buyer's Email and the buyer's agent.");
  });
});
