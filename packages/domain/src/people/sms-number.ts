import { parsePhoneNumberFromString, isSupportedCountry, type CountryCode } from 'libphonenumber-js/min';

/**
 * A mobile number as text messages are addressed (E.164, "+16145550142"), read in the company's
 * country (a number written with its + and country code is read as that country's); null when it
 * is no valid number, so that no text message is sent to where it cannot arrive. Server-side only:
 * the wizard never imports it.
 */
export function smsNumber(text: unknown, country: string): string | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  const code = country.trim().toUpperCase();
  const parsed = parsePhoneNumberFromString(text.trim(), isSupportedCountry(code) ? (code as CountryCode) : undefined);
  return parsed?.isValid() ? parsed.number : null;
}
