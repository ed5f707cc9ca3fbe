import { describe, expect, it } from 'vitest';
import { missingParts, missingPartsMessage, requiredRoles, type CompletenessInput } from './completeness.ts';

const complete: CompletenessInput = {
  heldTime: { start: new Date('2030-03-04T15:00:00Z'), inspectorIds: [101] },
  address: { address1: '12 Main St', city: 'Springfield', postalCode: '62701' },
  userType: 'CLIENT_BUYER',
  peoplePresent: { client: 1 },
  requiredRoles: ['client'],
  serviceCount: 1,
};

describe('missingParts', () => {
  it('finds nothing missing in a complete order', () => {
    expect(missingParts(complete)).toEqual([]);
  });

  it('names every missing part in review order', () => {
    expect(
      missingParts({ heldTime: null, address: { address1: ' ', city: '', postalCode: '' }, userType: null, peoplePresent: {}, requiredRoles: ['client', 'buyers_agent'], serviceCount: 0 }),
    ).toEqual(['datetime', 'address', 'user', 'client', 'buyers_agent', 'services']);
  });

  it('counts a time without inspectors as no time', () => {
    expect(missingParts({ ...complete, heldTime: { start: new Date(), inspectorIds: [] } })).toEqual(['datetime']);
  });

  it('asks only for the roles it is told are required', () => {
    expect(missingParts({ ...complete, peoplePresent: { client: 2 }, requiredRoles: ['client', 'sellers_agent'] })).toEqual(['sellers_agent']);
  });
});

describe('requiredRoles', () => {
  it('needs a client, and the visitor-agent\u2019s own record', () => {
    expect(requiredRoles('CLIENT_HOMEOWNER')).toEqual(['client']);
    expect(requiredRoles('OTHER')).toEqual(['client']);
    expect(requiredRoles(null)).toEqual(['client']);
    expect(requiredRoles('SELLERS_AGENT')).toEqual(['client', 'sellers_agent']);
    expect(requiredRoles('INSURANCE_AGENT')).toEqual(['client', 'insurance_agent']);
  });
});

describe('missingPartsMessage', () => {
  it('lists the parts in words', () => {
    expect(missingPartsMessage(['client'])).toBe('The order is not complete yet: it needs a client.');
    expect(missingPartsMessage(['datetime', 'address', 'services'])).toBe('The order is not complete yet: it needs a date and time, the inspection address and at least one service.');
  });
});
