/**
 * Which announcement-bar message shows, and what its countdown says. The bar
 * shows one message: the first in the settings whose schedule allows it now
 * and whose countdown, if it has one, has not reached zero.
 */
import { type CountdownParts, countdownEnd, countdownParts, formatCountdown } from "./countdown.ts";
import type { Settings } from "./settings.ts";
import { clockMinutes, zonedDateTime } from "./time-zone.ts";

export type AnnouncementMessage = Settings["announcementBar"]["messages"][number];
export type DayTimeRule = NonNullable<AnnouncementMessage["schedule"]>;

/** Whether the day-and-time rule allows `nowMs`: one of its days, between `from` and `to` (whole minutes, both included; `to` before `from` runs past midnight). */
export function isScheduled(rule: DayTimeRule | null, nowMs: number): boolean {
  if (!rule) return true;
  const wall = zonedDateTime(nowMs, rule.timeZone);
  if (!rule.days.includes(wall.weekday)) return false;
  const minute = wall.hour * 60 + wall.minute;
  const from = clockMinutes(rule.from);
  const to = clockMinutes(rule.to);
  return from <= to ? minute >= from && minute <= to : minute >= from || minute <= to;
}

/**
 * When each message's countdown ends (null: no countdown), fixed when the bar
 * starts: a daily countdown counts to the next occurrence after `sinceMs`
 * and, once there, stays at zero rather than starting on tomorrow's.
 */
export function countdownEnds(messages: readonly AnnouncementMessage[], sinceMs: number): (number | null)[] {
  return messages.map((message) => (message.countdown ? countdownEnd(message.countdown, sinceMs) : null));
}

/** Index of the message to show at `nowMs`, or -1 when none applies. */
export function activeAnnouncement(messages: readonly AnnouncementMessage[], nowMs: number, ends: readonly (number | null)[]): number {
  return messages.findIndex((message, index) => {
    const end = ends[index] ?? null;
    return (end === null || end > nowMs) && isScheduled(message.schedule, nowMs);
  });
}

/** What the bar shows: a message and, when it has a countdown, the time left as a clock and in words. */
export interface AnnouncementView {
  /** -1: nothing to show. */
  index: number;
  countdown: { clock: string; words: string } | null;
}

export function announcementView(messages: readonly AnnouncementMessage[], nowMs: number, ends: readonly (number | null)[], locale: string): AnnouncementView {
  const index = activeAnnouncement(messages, nowMs, ends);
  const end = ends[index] ?? null;
  return { index, countdown: end === null ? null : countdownText(countdownParts(nowMs, end), locale) };
}

export function countdownText(parts: CountdownParts, locale: string): { clock: string; words: string } {
  return { clock: formatCountdown(parts, locale, "narrow"), words: formatCountdown(parts, locale, "long") };
}
