/** Field types the settings schemas share: handles, links, money, times. */
import { z } from "../common/zod.ts";
import { toMinorUnits } from "../money/money.ts";


export const handle = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "expected a handle such as \"vitamin-c-serum\"");

export const currencyCode = z.string().regex(/^[A-Z]{3}$/, "expected a three-letter ISO currency code such as \"GBP\"");

export const countryCode = z.string().regex(/^[A-Z]{2}$/, "expected a two-letter ISO country code such as \"GB\"");

/** A text that must keep a placeholder the code fills in. */
export function textWith(...placeholders: string[]) {
  return z.string().refine((s) => placeholders.every((p) => s.includes(p)), {
    message: `must contain ${placeholders.join(" and ")}`,
  });
}

export const MONEY_PLACEHOLDER =
  /\{\{\s*amount(?:_no_decimals|_with_comma_separator|_no_decimals_with_comma_separator|_with_apostrophe_separator|_no_decimals_with_space_separator|_with_space_separator|_with_period_and_space_separator)?\s*\}\}/;

export const moneyFormat = z.string().regex(MONEY_PLACEHOLDER, "must contain an amount placeholder such as {{amount}}");

export const wholeAmount = z.number().nonnegative();

/** An amount typed in whole currency units, held in minor units. */
export const minorFromWhole = (fallback: number) => wholeAmount.default(fallback).transform(toMinorUnits);

export const timeZone = z.string().refine(
  (tz) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  },
  { message: "expected an IANA time zone such as \"Europe/London\"" },
);

export const clockTime = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, "expected a 24-hour time such as \"23:59\"");

export const epochSeconds = z.number().int().nonnegative();

/** A local path ("/collections/face") or an absolute http(s) URL. */
export const link = z.string().refine((s) => (s.startsWith("/") && !s.startsWith("//")) || /^https?:\/\/[^/\s]+/.test(s), {
  message: "expected a path starting with / or an http(s) URL",
});

