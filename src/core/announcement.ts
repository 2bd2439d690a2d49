/**
 * Which announcement-bar message shows, and what its countdown says. The bar
 * shows one message: the first in the settings whose schedule allows it now
 * and whose countdown, if it has one, has not reached zero.
 */
import { type CountdownParts, countdownEnd, countdownParts, formatCountdown } from "./countdown.ts";
import type { Settings } from "./settings.ts";
import { scheduleActive } from "./day-time-rule.ts";

export type AnnouncementMessage = Settings["announcementBar"]["messages"][number];
export type DayTimeRule = NonNullable<AnnouncementMessage["schedule"]>;

/**
 * Whether the message's day-and-time rule allows `nowMs`: the shop's one
 * day-and-time rule (core/day-time-rule.ts, shared with the scheduled slides)
 * read in the rule's own time zone. `to` is the last minute shown; a `to`
 * before `from` runs past midnight into the next day.
 */
export function isScheduled(rule: DayTimeRule | null, nowMs: number): boolean {
  return rule === null || scheduleActive([rule], nowMs, rule.timeZone);
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
