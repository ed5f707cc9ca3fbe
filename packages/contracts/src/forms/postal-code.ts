import { z } from 'zod';
import { fiveDigitZip, POSTAL_CODE_MESSAGES, usesUsPostalCodes } from '../postal-code.ts';

/**
 * The postal-code step's form (spec 2.4, 5.2), beside the wire schema `setPostalCodeBodySchema`.
 * The office's country decides the rule: a US office takes a ZIP code (ZIP+4 accepted and sent as
 * its five digits), any other keeps free text that is not empty.
 */
export function postalCodeFormSchema(country: string) {
  const text = z.string().trim().min(1, POSTAL_CODE_MESSAGES.required).max(10, POSTAL_CODE_MESSAGES.tooLong);
  if (!usesUsPostalCodes(country)) return z.object({ postal_code: text });
  return z.object({
    postal_code: text.transform((value, context) => {
      const zip = fiveDigitZip(value);
      if (zip === null) {
        context.addIssue({ code: 'custom', message: POSTAL_CODE_MESSAGES.usFormat });
        return z.NEVER;
      }
      return zip;
    }),
  });
}
export type PostalCodeFormInput = z.input<ReturnType<typeof postalCodeFormSchema>>;
export type PostalCodeFormValues = z.output<ReturnType<typeof postalCodeFormSchema>>;
