import { describe, expect, it } from 'vitest';
import { POSTAL_CODE_MESSAGES } from '../postal-code.ts';
import { ADDRESS_MESSAGES, addressFormSchema } from './address.ts';

const filled = { address1: ' 6000 Sawmill Rd ', address2: '', city: 'Dublin', state: '36', postal_code: '43017-4410' };
const messagesOf = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

describe('the address form schema', () => {
  const us = addressFormSchema('US');

  it('trims the lines, gives the state as its id and a ZIP+4 as five digits', () => {
    expect(us.parse(filled)).toEqual({
      address1: '6000 Sawmill Rd',
      address2: '',
      city: 'Dublin',
      state: 36,
      postal_code: '43017',
    });
    expect(us.parse({ ...filled, state: '' }).state).toBeNull();
  });

  it('requires address1, city and the postal code (spec 5.3), each with its own message', () => {
    expect(messagesOf(us.safeParse({ address1: ' ', address2: '', city: '', state: '', postal_code: '' }))).toEqual({
      address1: ADDRESS_MESSAGES.address1Required,
      city: ADDRESS_MESSAGES.cityRequired,
      postal_code: POSTAL_CODE_MESSAGES.required,
    });
  });

  it('refuses what the server would: overlong lines, a ZIP that is not one, a state that is not an id', () => {
    expect(
      messagesOf(
        us.safeParse({ ...filled, address2: 'x'.repeat(121), city: 'c'.repeat(81), postal_code: '4301', state: 'OH' }),
      ),
    ).toEqual({
      address2: ADDRESS_MESSAGES.lineTooLong,
      city: ADDRESS_MESSAGES.cityTooLong,
      postal_code: POSTAL_CODE_MESSAGES.usFormat,
      state: ADDRESS_MESSAGES.unknownState,
    });
  });

  it('keeps a free-text postal code outside the US', () => {
    expect(addressFormSchema('CA').parse({ ...filled, postal_code: 'K1A 0B1' }).postal_code).toBe('K1A 0B1');
  });
});
