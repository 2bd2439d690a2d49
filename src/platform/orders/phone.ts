/**
 * Phone numbers as the shop keeps them: E.164 (`+447911123456`), read in the
 * delivery country's own format when no country code is typed ("07911
 * 123456" in the UK), checked against the country's numbering plan.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { CountryCode } from "libphonenumber-js/max";

/** The number in E.164, or null when it is not a valid number. */
export function e164(phone: string, country: string): string | null {
  const parsed = parsePhoneNumberFromString(phone, country as CountryCode);
  return parsed?.isValid() ? parsed.number : null;
}
