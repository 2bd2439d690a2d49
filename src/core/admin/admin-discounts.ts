/**
 * The back office's discount codes (owner only): the list with each code's
 * status and uses, and the form that creates and edits a code, read here
 * once so the platform and the page say the same thing.
 */
import { z } from "../common/zod.ts";
import type { AdminAnswer } from "./answers.ts";
import { parseMoney } from "../money/money.ts";
import { DISCOUNT_CODE_MAX_LENGTH } from "../checkout/discount-codes.ts";

export const DISCOUNT_TYPES = ["percentage", "fixed_amount", "free_shipping"] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const DISCOUNT_TYPE_LABELS: Record<DiscountType, string> = {
  percentage: "Percentage off",
  fixed_amount: "Amount off",
  free_shipping: "Free shipping",
};

export type DiscountStatus = "active" | "scheduled" | "expired" | "disabled";

export const DISCOUNT_STATUS_LABELS: Record<DiscountStatus, string> = {
  active: "Active",
  scheduled: "Scheduled",
  expired: "Expired",
  disabled: "Disabled",
};

/** A code switched off is disabled whatever its dates; otherwise its dates say (the end is exclusive). */
export function discountStatus(code: { enabled: boolean; startsAt: string | null; endsAt: string | null }, now: number): DiscountStatus {
  if (!code.enabled) return "disabled";
  if (code.endsAt !== null && now >= Date.parse(code.endsAt)) return "expired";
  if (code.startsAt !== null && now < Date.parse(code.startsAt)) return "scheduled";
  return "active";
}

/**
 * A code's own amounts in another of the shop's currencies, in its minor
 * units: the amount off (amount-off codes only) and the minimum subtotal.
 * Null: the shop's own amount, converted at that currency's rate.
 */
export interface CurrencyAmounts {
  value: number | null;
  minimumSubtotal: number | null;
}

/** The currencies a code may name amounts in: every other currency the shop's sites sell in, each once, in the sites' order. */
export function otherCurrencies(sites: readonly { currency: string }[], shopCurrency: string): string[] {
  return [...new Set(sites.map((site) => site.currency))].filter((currency) => currency !== shopCurrency);
}

/** The form's fields for one currency's amounts. */
export const currencyValueField = (currency: string) => `value_${currency}`;
export const currencyMinimumField = (currency: string) => `minimum_subtotal_${currency}`;

/** The form's labels with a pair of fields for each of `currencies`, for the error summary. */
export function discountFormLabels(currencies: readonly string[]): Record<string, string> {
  const labels: Record<string, string> = { ...DISCOUNT_FORM_LABELS };
  for (const currency of currencies) {
    labels[currencyValueField(currency)] = `Amount off in ${currency}`;
    labels[currencyMinimumField(currency)] = `Minimum subtotal in ${currency}`;
  }
  return labels;
}

export interface AdminDiscountRow {
  id: number;
  code: string;
  title: string;
  type: DiscountType;
  /** percentage: percent off; fixed_amount: minor units off; free_shipping: 0. */
  value: number;
  /** Minor units. */
  minimumSubtotal: number;
  startsAt: string | null;
  endsAt: string | null;
  enabled: boolean;
  status: DiscountStatus;
  usageLimit: number | null;
  usageLimitPerCustomer: number | null;
  /** Orders placed with the code. */
  timesUsed: number;
  /** The merchant's own amounts per currency; a currency not listed takes the shop's, converted. */
  currencyValues: Record<string, CurrencyAmounts>;
}

export interface AdminDiscountList {
  rows: AdminDiscountRow[];
  total: number;
  page: number;
  pageCount: number;
  query: string;
}

export interface AdminDiscountsClient {
  list(options: { query?: string; page?: number }): Promise<AdminDiscountList>;
  discount(id: number): Promise<AdminDiscountRow | null>;
  /** Field errors are keyed by DISCOUNT_FORM_LABELS' names. */
  create(form: Record<string, unknown>): Promise<AdminAnswer>;
  update(id: number, form: Record<string, unknown>): Promise<AdminAnswer>;
  /** The shop's other currencies, whose amounts a code may set; none for anyone but the owner. */
  currencies(): Promise<string[]>;
}

/** Codes listed per page. */
export const DISCOUNTS_PAGE_SIZE = 50;
export const DISCOUNT_TITLE_MAX_LENGTH = 120;
/** The most uses a limit may name. */
export const DISCOUNT_USAGE_MAX = 1_000_000;
/** The largest amount off or minimum, in minor units. */
export const DISCOUNT_MONEY_MAX = 100_000_000;

/** The form's fields and their labels, for the error summary. */
export const DISCOUNT_FORM_LABELS = {
  code: "Code",
  title: "Title",
  type: "Type",
  value: "Value",
  minimum_subtotal: "Minimum subtotal",
  starts_at: "Starts",
  ends_at: "Ends",
  usage_limit: "Usage limit in total",
  usage_limit_per_customer: "Usage limit per customer",
} as const;

/** A code as the form sets it, ready to store. */
export interface DiscountInput {
  code: string;
  title: string;
  type: DiscountType;
  value: number;
  minimumSubtotal: number;
  startsAt: string | null;
  endsAt: string | null;
  enabled: boolean;
  usageLimit: number | null;
  usageLimitPerCustomer: number | null;
  /** The amounts set for the shop's other currencies (only those with one set). */
  currencyValues: Record<string, CurrencyAmounts>;
}

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The offset of `timeZone` from UTC at `utc` (epoch ms), in ms. */
function zoneOffset(utc: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" })
      .formatToParts(new Date(utc))
      .map((part) => [part.type, part.value]),
  );
  const asLocal = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return asLocal - Math.floor(utc / 1000) * 1000;
}

/**
 * A wall-clock time in the shop's time zone ("2026-12-01T09:00", as a
 * datetime-local field posts it) as an instant; null when it is no time.
 * A time skipped by a clock change reads as the hour after.
 */
export function localTimeToIso(local: string, timeZone: string): string | null {
  const match = LOCAL_TIME.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  const first = wall - zoneOffset(wall, timeZone);
  const instant = wall - zoneOffset(first, timeZone);
  return new Date(instant).toISOString();
}

/** An instant as the shop's wall-clock time, for a datetime-local field. */
export function isoToLocalTime(iso: string, timeZone: string): string {
  const utc = Date.parse(iso);
  return new Date(utc + zoneOffset(utc, timeZone)).toISOString().slice(0, 16);
}

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : typeof value === "number" && Number.isFinite(value) ? String(value) : "");

/** A posted field as text; a field left out reads as empty, as a browser would send it. */
const posted = () => z.unknown().optional().transform(text);

/** What the form posts: every field as text (a checkbox posts "on" or nothing). */
const discountForm = /* @__PURE__ */ z.object({
  code: posted(),
  title: posted(),
  type: posted(),
  value: posted(),
  minimum_subtotal: posted(),
  starts_at: posted(),
  ends_at: posted(),
  enabled: z
    .unknown()
    .optional()
    .transform((value) => value === true || value === "on" || value === "true"),
  usage_limit: posted(),
  usage_limit_per_customer: posted(),
});

/** Codes are letters, digits, dashes and underscores, as a shopper can type them. */
const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * Reads the discount form, in the shop's time zone, with a pair of amounts
 * for each of the shop's other `currencies`; every field's problem in the
 * shop's words.
 */
export function readDiscountForm(form: Record<string, unknown>, timeZone: string, currencies: readonly string[] = []): { input: DiscountInput } | { errors: Record<string, string> } {
  const fields = discountForm.parse(form);
  const errors: Record<string, string> = {};
  if (fields.code === "") errors.code = "Enter the code shoppers type, such as WELCOME10.";
  else if (fields.code.length > DISCOUNT_CODE_MAX_LENGTH) errors.code = `Keep the code to ${DISCOUNT_CODE_MAX_LENGTH} characters or fewer.`;
  else if (!CODE_PATTERN.test(fields.code)) errors.code = "Use only letters, digits, dashes and underscores in the code.";
  if (fields.title.length > DISCOUNT_TITLE_MAX_LENGTH) errors.title = `Keep the title to ${DISCOUNT_TITLE_MAX_LENGTH} characters or fewer.`;
  const type = (DISCOUNT_TYPES as readonly string[]).includes(fields.type) ? (fields.type as DiscountType) : null;
  if (type === null) errors.type = "Choose percentage off, amount off or free shipping.";
  let value = 0;
  if (type === "percentage") {
    const percent = Number(fields.value.replace(/%$/, ""));
    if (fields.value === "" || !/^\d+(\.\d{1,2})?%?$/.test(fields.value) || percent <= 0 || percent > 100) errors.value = "Enter the percentage off, more than 0 and at most 100.";
    else value = percent;
  } else if (type === "fixed_amount") {
    const amount = parseMoney(fields.value);
    if (amount === null || amount <= 0 || amount > DISCOUNT_MONEY_MAX) errors.value = "Enter the amount off, such as 5.00.";
    else value = amount;
  }
  let minimumSubtotal = 0;
  if (fields.minimum_subtotal !== "") {
    const amount = parseMoney(fields.minimum_subtotal);
    if (amount === null || amount > DISCOUNT_MONEY_MAX) errors.minimum_subtotal = "Enter the minimum subtotal as an amount such as 30.00, or leave it empty for none.";
    else minimumSubtotal = amount;
  }
  const time = (name: "starts_at" | "ends_at"): string | null => {
    if (fields[name] === "") return null;
    const iso = localTimeToIso(fields[name], timeZone);
    if (iso === null) errors[name] = "Enter a date and time, such as 2026-12-01 09:00.";
    return iso;
  };
  const startsAt = time("starts_at");
  const endsAt = time("ends_at");
  if (startsAt !== null && endsAt !== null && Date.parse(endsAt) <= Date.parse(startsAt)) errors.ends_at = "Enter an end after the start.";
  const limit = (name: "usage_limit" | "usage_limit_per_customer"): number | null => {
    if (fields[name] === "") return null;
    const count = Number(fields[name]);
    if (!/^\d+$/.test(fields[name]) || count < 1 || count > DISCOUNT_USAGE_MAX) {
      errors[name] = "Enter a whole number of uses of 1 or more, or leave it empty for no limit.";
      return null;
    }
    return count;
  };
  const usageLimit = limit("usage_limit");
  const usageLimitPerCustomer = limit("usage_limit_per_customer");
  const currencyValues: Record<string, CurrencyAmounts> = {};
  for (const currency of currencies) {
    // Empty: the shop's own amount, converted. Only an amount-off code has an amount of its own per currency.
    const amount = (name: string, required: string): number | null => {
      const typed = text(form[name]);
      if (typed === "") return null;
      const minor = parseMoney(typed.replace(new RegExp(`\\s*${currency}$`, "i"), ""));
      if (minor === null || minor > DISCOUNT_MONEY_MAX || (required === "positive" && minor === 0)) {
        errors[name] = `Enter the ${required === "positive" ? "amount off" : "minimum subtotal"} in ${currency}, such as ${required === "positive" ? "6.00" : "35.00"}, or leave it empty to convert the shop's own.`;
        return null;
      }
      return minor;
    };
    const own: CurrencyAmounts = {
      value: type === "fixed_amount" ? amount(currencyValueField(currency), "positive") : null,
      minimumSubtotal: amount(currencyMinimumField(currency), "any"),
    };
    if (own.value !== null || own.minimumSubtotal !== null) currencyValues[currency] = own;
  }
  if (Object.keys(errors).length > 0 || type === null) return { errors };
  return {
    input: { code: fields.code, title: fields.title, type, value, minimumSubtotal, startsAt, endsAt, enabled: fields.enabled, usageLimit, usageLimitPerCustomer, currencyValues },
  };
}

/** The value as the list says it: "10%", "£5.00 off" (money formatted by the caller), "Free shipping". */
export function discountValueText(row: Pick<AdminDiscountRow, "type" | "value">, money: (minor: number) => string): string {
  if (row.type === "percentage") return `${row.value}% off`;
  if (row.type === "fixed_amount") return `${money(row.value)} off`;
  return "Free shipping";
}
