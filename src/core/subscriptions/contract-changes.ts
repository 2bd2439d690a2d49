/**
 * The rules of a customer's changes to a subscription, on calendar days
 * (`YYYY-MM-DD`, so clocks going forward or back never move a delivery):
 * when a delayed delivery falls, how far it may go, what a schedule counts
 * from after a change, how many units a delivery may hold, and when the
 * reminder before a renewal is due.
 */
import { parseMoney } from "../money/money.ts";
import { addDays, daysBetween } from "./delivery-dates.ts";

/** How many days before a renewal its reminder goes. */
export const REMINDER_DAYS_BEFORE = 3;

/** A delivery is delayed by at most this many days past its date. */
export const LONGEST_DELAY_DAYS = 90;

/** The units of one product a delivery may hold. */
export const MOST_UNITS_PER_LINE = 10;

/** A delay as the customer asks it: one or two weeks later, or a chosen day. */
export type DelayRequest = { weeks: 1 | 2 } | { date: string };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar day (no 30 February). */
export function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The delay the form asks for (`delay` = "1w", "2w" or "date" with `date`), or null when it asks for none that can be read. */
export function readDelay(form: { delay?: unknown; date?: unknown }): DelayRequest | null {
  if (form.delay === "1w") return { weeks: 1 };
  if (form.delay === "2w") return { weeks: 2 };
  if (form.delay === "date" && typeof form.date === "string" && isCalendarDate(form.date.trim())) return { date: form.date.trim() };
  return null;
}

/**
 * The day a delivery due on `nextDate` moves to: one or two weeks later, or
 * the chosen day when it comes after the present date and after today, and
 * at most {@link LONGEST_DELAY_DAYS} past the present date. Null when it
 * does not fit.
 */
export function delayedDate(nextDate: string, today: string, request: DelayRequest): string | null {
  const moved = "weeks" in request ? addDays(nextDate, request.weeks * 7) : request.date;
  if (!isCalendarDate(moved)) return null;
  if (daysBetween(nextDate, moved) <= 0 || daysBetween(today, moved) <= 0) return null;
  if (daysBetween(nextDate, moved) > LONGEST_DELAY_DAYS) return null;
  return moved;
}

/**
 * After a delay, a "deliver now" or a new frequency, the schedule counts from
 * the new next delivery: it is delivery 0 of a new anchor, so the dates after
 * it keep its day of the month (or fall on a shorter month's last day).
 */
export function reanchored(nextDate: string): { anchor: string; deliveries: number; nextDate: string } {
  return { anchor: nextDate, deliveries: 0, nextDate };
}

/** A quantity the form asks for, whole and within 1–{@link MOST_UNITS_PER_LINE}, or null. */
export function readQuantity(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^[0-9]{1,3}$/.test(text)) return null;
  const quantity = Number(text);
  return quantity >= 1 && quantity <= MOST_UNITS_PER_LINE ? quantity : null;
}

/** Whether the reminder of a delivery due on `nextDate` is due today: within the days before it, not on the day itself. */
export function reminderDue(nextDate: string, today: string): boolean {
  const days = daysBetween(today, nextDate);
  return days > 0 && days <= REMINDER_DAYS_BEFORE;
}

/** The last delivery date whose reminder is due today: the window the reminder run looks through. */
export const reminderHorizon = (today: string): string => addDays(today, REMINDER_DAYS_BEFORE);

/**
 * The next delivery date the merchant sets: any real day after today (earlier
 * or later than the present one), at most {@link LONGEST_DELAY_DAYS} past the
 * later of today and the present date. Null when it does not fit.
 */
export function rescheduledDate(nextDate: string, today: string, chosen: unknown): string | null {
  const date = typeof chosen === "string" ? chosen.trim() : "";
  if (!isCalendarDate(date) || daysBetween(today, date) <= 0 || date === nextDate) return null;
  const from = daysBetween(today, nextDate) > 0 ? nextDate : today;
  return daysBetween(from, date) > LONGEST_DELAY_DAYS ? null : date;
}

/**
 * The unit prices a price override sets, in minor units, per variant of the
 * contract: each typed as the merchant writes money ("12.50"), from 0 (a free
 * delivery) up; a line left as it was keeps its price. Errors per field.
 */
export function readPriceOverride(
  lines: readonly { variant_id: number; price: number }[],
  form: Record<string, unknown>,
  field: (variantId: number) => string,
): { ok: true; prices: Map<number, number> } | { ok: false; errors: Record<string, string> } {
  const prices = new Map<number, number>();
  const errors: Record<string, string> = {};
  for (const line of lines) {
    const typed = form[field(line.variant_id)];
    const price = typeof typed === "string" ? parseMoney(typed) : null;
    if (price === null) errors[field(line.variant_id)] = "Enter a price such as 12.50.";
    else if (price !== line.price) prices.set(line.variant_id, price);
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, prices };
}
