/**
 * Which announcement-bar message shows, and what its countdown says. The bar
 * shows one message: the first in the settings whose schedule allows it now
 * and whose countdown, if it has one, has not reached zero.
 */
import { type CountdownParts, type CountdownWords, countdownEnd, countdownParts, formatCountdown } from "./countdown.ts";
import type { Settings } from "./settings.ts";
import { type ScheduleReading, type ScheduleState, minuteStart, scheduleActive, scheduleState, stillHolds } from "./day-time-rule.ts";

export type AnnouncementMessage = Settings["announcementBar"]["messages"][number];
export type DayTimeRule = NonNullable<AnnouncementMessage["schedule"]>;

/**
 * Whether the message's day-and-time rule allows `nowMs`: the shop's one
 * day-and-time rule (core/day-time-rule.ts, shared with the scheduled slides)
 * read in the rule's own time zone. `to` is the last minute shown; a `to`
 * before `from` runs past midnight into the next day.
 */
export function isScheduled(rule: DayTimeRule | null, nowMs: number, reading?: ScheduleReading): boolean {
  if (rule === null) return true;
  if (reading && stillHolds(reading.state, nowMs, reading.readAt)) return reading.state.active;
  return scheduleActive([rule], nowMs, rule.timeZone);
}

/**
 * What the browser's clock starts from, worked out by the server at the
 * request (`readAt`): when each message's countdown ends, and each message's
 * schedule (null: none) as on or off until its next change. The browser
 * reads a time zone itself only where these do not answer for its own clock.
 */
export interface AnnouncementClockStart {
  readAt: number;
  ends: readonly (number | null)[];
  schedules: readonly (ScheduleState | null)[];
}

export function announcementClockStart(messages: readonly AnnouncementMessage[], nowMs: number): AnnouncementClockStart {
  // Daily times, day-and-time rules and zone changes all fall on whole minutes, so every instant of a minute has
  // the same ends and states: worked out once a minute for the messages (one settings version's list), not per page.
  const minute = minuteStart(nowMs);
  let known = startsByMinute.get(messages);
  if (known?.minute !== minute) {
    known = {
      minute,
      ends: Object.freeze(countdownEnds(messages, nowMs)),
      schedules: Object.freeze(messages.map((message) => (message.schedule ? scheduleState([message.schedule], nowMs, message.schedule.timeZone) : null))),
    };
    startsByMinute.set(messages, known);
  }
  return { readAt: nowMs, ends: known.ends, schedules: known.schedules };
}

const startsByMinute = new WeakMap<readonly AnnouncementMessage[], { minute: number; ends: AnnouncementClockStart["ends"]; schedules: AnnouncementClockStart["schedules"] }>();

/**
 * The countdown ends for a clock starting at `nowMs`: the server's, where
 * they answer for that time (a date's always; a daily time's from the minute
 * it was read until it is reached), else worked out for `nowMs`.
 */
export function clockEnds(messages: readonly AnnouncementMessage[], start: AnnouncementClockStart, nowMs: number): (number | null)[] {
  // Daily times fall on whole minutes: the one after the server's instant is the one after any instant since its minute began.
  const from = minuteStart(start.readAt);
  return messages.map((message, index) => {
    const end = start.ends[index] ?? null;
    if (!message.countdown || end === null || message.countdown.mode === "epoch" || (nowMs >= from && nowMs < end)) return end;
    return countdownEnd(message.countdown, nowMs);
  });
}

/**
 * When each message's countdown ends (null: no countdown), fixed when the bar
 * starts: a daily countdown counts to the next occurrence after `sinceMs`
 * and, once there, stays at zero rather than starting on tomorrow's.
 */
export function countdownEnds(messages: readonly AnnouncementMessage[], sinceMs: number): (number | null)[] {
  return messages.map((message) => (message.countdown ? countdownEnd(message.countdown, sinceMs) : null));
}

/** Index of the message to show at `nowMs`, or -1 when none applies; `read`: the schedules as read already, if they were. */
export function activeAnnouncement(messages: readonly AnnouncementMessage[], nowMs: number, ends: readonly (number | null)[], read?: Pick<AnnouncementClockStart, "schedules" | "readAt">): number {
  return messages.findIndex((message, index) => {
    const end = ends[index] ?? null;
    return (end === null || end > nowMs) && isScheduled(message.schedule, nowMs, read ? { state: read.schedules[index], readAt: read.readAt } : undefined);
  });
}

/** What the bar shows: a message and, when it has a countdown, the time left as a clock and in words. */
export interface AnnouncementView {
  /** -1: nothing to show. */
  index: number;
  countdown: { clock: string; words: string } | null;
}

export function announcementView(messages: readonly AnnouncementMessage[], nowMs: number, ends: readonly (number | null)[], words: CountdownWords, read?: Pick<AnnouncementClockStart, "schedules" | "readAt">): AnnouncementView {
  const index = activeAnnouncement(messages, nowMs, ends, read);
  const end = ends[index] ?? null;
  return { index, countdown: end === null ? null : countdownText(countdownParts(nowMs, end), words) };
}

export function countdownText(parts: CountdownParts, words: CountdownWords): { clock: string; words: string } {
  return { clock: formatCountdown(parts, words, "narrow"), words: formatCountdown(parts, words, "long") };
}
