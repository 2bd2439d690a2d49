/**
 * Phone numbers as the shop keeps them: E.164 (`+447911123456`), read in the
 * delivery country's own format when no country code is typed ("07911
 * 123456" in the UK), checked against the country's numbering plan.
 */
import { createRequire } from "node:module";
import type { CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/max";

// The numbering plans (half a megabyte of code) load with the first number checked, not with the server.
let parse: typeof parsePhoneNumberFromString | undefined;

/** The number in E.164, or null when it is not a valid number. */
export function e164(phone: string, country: string): string | null {
  parse ??= (createRequire(import.meta.url)("libphonenumber-js/max") as { parsePhoneNumberFromString: typeof parsePhoneNumberFromString }).parsePhoneNumberFromString;
  const parsed = parse(phone, country as CountryCode);
  return parsed?.isValid() ? parsed.number : null;
}
