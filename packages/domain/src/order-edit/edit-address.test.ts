import { describe, expect, it } from 'vitest';
import { addressChanges, addressText, outsideAreaChange, outsideAreaText } from './edit-address.ts';
import { editChangeText } from './edit-changes.ts';

const OAK = { address1: '12 Oak St', address2: '', city: 'Dublin', state: 'OH', postalCode: '43017' };
const ELM = { address1: '40 Elm St', address2: 'Apt 2', city: 'Columbus', state: 'OH', postalCode: '43215' };

describe("the edit's address in words", () => {
  it('joins the parts an address has, and says (none) for none', () => {
    expect(addressText(OAK)).toBe('12 Oak St, Dublin, OH 43017');
    expect(addressText(ELM)).toBe('40 Elm St, Apt 2, Columbus, OH 43215');
    expect(addressText({ ...OAK, state: null })).toBe('12 Oak St, Dublin, 43017');
    expect(addressText({ address1: '', address2: '', city: '', state: null, postalCode: '' })).toBe('(none)');
  });

  it('says a change before → after, and nothing when the words are the same', () => {
    expect(addressChanges(OAK, ELM).map(editChangeText)).toEqual([
      'Address: 12 Oak St, Dublin, OH 43017 → 40 Elm St, Apt 2, Columbus, OH 43215',
    ]);
    expect(addressChanges(OAK, { ...OAK, address1: ' 12 Oak St ' })).toEqual([]);
  });

  it('names the inspector and the miles, rounded to a tenth, for a drive past the radius', () => {
    const check = { code: 'ERROR_EXCEEDS_RADIUS' as const, inspectorId: 101, miles: 35.13, maxMiles: 35 };
    const why = outsideAreaText(check, 'Mike Alvarez', '43017');
    expect(why).toBe('Mike Alvarez drives at most 35 miles from home, and this address is 35.1 miles away.');
    expect(editChangeText(outsideAreaChange(why))).toBe(
      `Booked outside the inspector's area, as the office chose: ${why}`,
    );
    expect(
      outsideAreaText(
        { code: 'ERROR_INSPECTOR_DOES_NOT_SERVICE_ZIP', inspectorId: 101, miles: null, maxMiles: null },
        null,
        '43081',
      ),
    ).toBe('The assigned inspector does not serve postal code 43081.');
    expect(outsideAreaText({ code: 'ok', inspectorId: null, miles: null, maxMiles: null }, null, '43017')).toBe('');
  });
});
