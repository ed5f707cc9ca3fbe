// zod/mini, as every form schema: the address step's chunk carries only the checks it uses.
import * as z from 'zod/mini';
import { postalCodeField } from './postal-code.ts';

/** The address form's messages: what to type, said where the visitor typed it (spec 5.3). */
export const ADDRESS_MESSAGES = {
  address1Required: 'Enter the street address of the property.',
  lineTooLong: 'An address line has at most 120 characters.',
  cityRequired: 'Enter the city of the property.',
  cityTooLong: 'A city has at most 80 characters.',
  unknownState: 'Choose a state from the list.',
} as const;

/** The wire schema's limits (`setAddressBodySchema`), so the form refuses what the server would. */
const LINE_MAX = 120;
const CITY_MAX = 80;

const trimmed = (max: number, tooLong: string) => z.string().check(z.trim(), z.maxLength(max, tooLong));

/**
 * The address step's form (spec 2.6, 5.3), beside the wire schema `setAddressBodySchema`:
 * address1, city and the postal code are required; the postal code follows the office's country
 * as on the postal-code step. The state is the dropdown's value, a state id as text or "" for
 * none, and leaves the form as the id the order stores (or null).
 */
export function addressFormSchema(country: string) {
  return z.object({
    address1: trimmed(LINE_MAX, ADDRESS_MESSAGES.lineTooLong).check(z.minLength(1, ADDRESS_MESSAGES.address1Required)),
    address2: trimmed(LINE_MAX, ADDRESS_MESSAGES.lineTooLong),
    city: trimmed(CITY_MAX, ADDRESS_MESSAGES.cityTooLong).check(z.minLength(1, ADDRESS_MESSAGES.cityRequired)),
    state: z.pipe(
      z.string().check(z.regex(/^\d{0,6}$/, ADDRESS_MESSAGES.unknownState)),
      z.transform((value: string) => (value === '' ? null : Number(value))),
    ),
    postal_code: postalCodeField(country),
  });
}
export type AddressFormInput = z.input<ReturnType<typeof addressFormSchema>>;
export type AddressFormValues = z.output<ReturnType<typeof addressFormSchema>>;
