import { AsYouType, isSupportedCountry, isValidPhoneNumber, type CountryCode } from 'libphonenumber-js/min';

/**
 * Phone numbers of the contacts step, judged for the company's country with libphonenumber-js
 * (its "min" metadata: each country's lengths and leading digits, 90 KB less than the full set).
 * A number given with its + and country code is judged for that country. A company country the
 * library does not know leaves every filled-in number accepted, as before (decision 0027).
 */
function countryCode(country: string): CountryCode | null {
  const code = country.trim().toUpperCase();
  return isSupportedCountry(code) ? code : null;
}

/** Whether `text` is a whole phone number: for the company's country, or an international one with its +. */
export function isPhoneNumber(text: string, country: string): boolean {
  const code = countryCode(country);
  if (code === null) return text.trim() !== '';
  return isValidPhoneNumber(text, code);
}

/**
 * A phone number written the way the company's country writes it ("6145550142" → "(614)
 * 555-0142"; "+44 20 7946 0958" stays international). Anything that is not a whole number is
 * left exactly as typed, for the visitor to mend.
 */
export function formatPhoneNumber(text: string, country: string): string {
  const code = countryCode(country);
  if (code === null || !isValidPhoneNumber(text, code)) return text;
  return new AsYouType(code).input(text.trim());
}
