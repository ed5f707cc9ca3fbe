import { describe, expect, it } from 'vitest';
import { POSTAL_CODE_MESSAGES } from '../postal-code.ts';
import { postalCodeFormSchema } from './postal-code.ts';

const messageOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('the postal-code form schema', () => {
  const us = postalCodeFormSchema('US');

  it('takes a US ZIP code and a ZIP+4, giving five digits', () => {
    expect(us.parse({ postal_code: ' 43017 ' })).toEqual({ postal_code: '43017' });
    expect(us.parse({ postal_code: '43017-1234' })).toEqual({ postal_code: '43017' });
    expect(us.parse({ postal_code: '430171234' })).toEqual({ postal_code: '43017' });
  });

  it('refuses what is not a ZIP code for a US office, with a message that says what to type', () => {
    for (const bad of ['ABCDE', '43a17', '430', '00000', '43017-12'])
      expect(messageOf(us.safeParse({ postal_code: bad })), bad).toBe(POSTAL_CODE_MESSAGES.usFormat);
    expect(messageOf(us.safeParse({ postal_code: '  ' }))).toBe(POSTAL_CODE_MESSAGES.required);
  });

  it('keeps free text elsewhere (spec 5.2), only not empty and at most 10 characters', () => {
    const canada = postalCodeFormSchema('CA');
    expect(canada.parse({ postal_code: 'K1A 0B1' })).toEqual({ postal_code: 'K1A 0B1' });
    expect(messageOf(canada.safeParse({ postal_code: '' }))).toBe(POSTAL_CODE_MESSAGES.required);
    expect(messageOf(canada.safeParse({ postal_code: 'K1A 0B1 0B1' }))).toBe(POSTAL_CODE_MESSAGES.tooLong);
  });
});
