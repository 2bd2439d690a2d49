/**
 * Delivery dates of a subscription, as calendar days ("2026-01-31"), never
 * instants: a delivery every month falls on the same day of the month
 * whatever the clocks do, so daylight-saving changes cannot move it. A day
 * the month does not have falls on its last day (31 January, then 28 or 29
 * February, then 31 March: counted from the first date, never drifting).
 */
import type { PlanInterval } from "./selling-plans.ts";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: string): { year: number; month: number; day: number } {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`not a calendar date: ${date}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");
const format = (year: number, month: number, day: number) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** `date` plus `count` days (negative goes back). */
export function addDays(date: string, count: number): string {
  const { year, month, day } = parts(date);
  const moved = new Date(Date.UTC(year, month - 1, day + count));
  return format(moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate());
}

/** `date` plus `count` months, on the same day of the month or the month's last day when it has fewer. */
export function addMonths(date: string, count: number): string {
  const { year, month, day } = parts(date);
  const index = year * 12 + (month - 1) + count;
  const toYear = Math.floor(index / 12);
  const toMonth = (index % 12) + 1;
  return format(toYear, toMonth, Math.min(day, daysInMonth(toYear, toMonth)));
}

/** `date` plus `count` of a plan's intervals. */
export function addInterval(date: string, interval: PlanInterval, count: number): string {
  switch (interval) {
    case "day":
      return addDays(date, count);
    case "week":
      return addDays(date, count * 7);
    case "month":
      return addMonths(date, count);
  }
}

/**
 * The `n`th delivery after the first (`anchor`), every `intervalCount`
 * `interval`s: worked out from the anchor, so month ends never drift.
 */
export function deliveryDate(anchor: string, interval: PlanInterval, intervalCount: number, n: number): string {
  return addInterval(anchor, interval, intervalCount * n);
}

/** The calendar day an instant falls on in a time zone ("Europe/Paris"). */
export function calendarDay(instant: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
  return text;
}

/** Whole days from one calendar date to another (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  const a = parts(from);
  const b = parts(to);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}
