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

/** The roles whose people the contacts step asks about text messages (spec 3.6): clients and extra contacts. */
export const TEXTING_ROLES: ReadonlySet<string> = new Set(['client', 'contact']);

/**
 * Where a person on an order gets text messages: their mobile number as E.164 when they are a
 * client or contact, ticked the SMS choice and the number is a valid one in the company's
 * country; otherwise null (no text message). Planning, the consent record and the sending all ask this.
 */
export function textMessageNumber(
  role: string,
  person: Readonly<Record<string, unknown>>,
  country: string,
): string | null {
  if (!TEXTING_ROLES.has(role) || person.send_sms !== true) return null;
  return smsNumber(person.mobile_phone, country);
}
