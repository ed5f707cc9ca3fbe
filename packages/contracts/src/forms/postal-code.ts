// zod/mini: form schemas load with the wizard's steps, and the mini build keeps them small.
import * as z from 'zod/mini';
import { fiveDigitZip, POSTAL_CODE_MESSAGES, usesUsPostalCodes } from '../postal-code.ts';

/**
 * A postal-code field of any form: the office's country decides the rule. A US office takes a ZIP
 * code (ZIP+4 accepted, given as its five digits), any other keeps free text that is not empty
 * (spec 5.2, 5.3).
 */
export function postalCodeField(country: string) {
  const text = z
    .string()
    .check(z.trim(), z.minLength(1, POSTAL_CODE_MESSAGES.required), z.maxLength(10, POSTAL_CODE_MESSAGES.tooLong));
  if (!usesUsPostalCodes(country)) return text;
  return z.pipe(
    text,
    z.transform((value: string, context) => {
      const digits = fiveDigitZip(value);
      if (digits === null) {
        context.issues.push({ code: 'custom', message: POSTAL_CODE_MESSAGES.usFormat, input: value });
        return z.NEVER;
      }
      return digits;
    }),
  );
}

/** The postal-code step's form (spec 2.4, 5.2), beside the wire schema `setPostalCodeBodySchema`. */
export function postalCodeFormSchema(country: string) {
  return z.object({ postal_code: postalCodeField(country) });
}
export type PostalCodeFormInput = z.input<ReturnType<typeof postalCodeFormSchema>>;
export type PostalCodeFormValues = z.output<ReturnType<typeof postalCodeFormSchema>>;
