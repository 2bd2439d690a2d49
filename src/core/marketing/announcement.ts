/**
 * Which announcement-bar message shows, and what its countdown says. The bar
 * shows one message: the first in the settings whose schedule allows it now
 * and whose countdown, if it has one, has not reached zero.
 */
import { type CountdownParts, type CountdownWords, commonSpan, countdownEnd, countdownParts, countdownSpan, deadlineText, formatCountdown, widestParts } from "./countdown.ts";
import type { Settings } from "../settings/settings.ts";
import { type ScheduleReading, type ScheduleState, scheduleActive, scheduleSpan, stillHolds } from "../common/day-time-rule.ts";

export type AnnouncementMessage = Settings["announcementBar"]["messages"][number];
export type DayTimeRule = NonNullable<AnnouncementMessage["schedule"]>;

/**
 * Whether the message's day-and-time rule allows `nowMs`: the shop's one
 * day-and-time rule (core/common/day-time-rule.ts, shared with the scheduled slides)
 * read in the rule's own time zone. `to` is the last minute shown; a `to`
 * before `from` runs past midnight into the next day.
 */
export function isScheduled(rule: DayTimeRule | null, nowMs: number, reading?: ScheduleReading): boolean {
  if (rule === null) return true;
  if (reading && stillHolds(reading.state, nowMs, reading.since)) return reading.state.active;
  return scheduleActive([rule], nowMs, rule.timeZone);
}

/**
 * What the browser's clock starts from, worked out by the server: when each
 * message's countdown ends, and each message's schedule (null: none) as on
 * or off until its next change, all holding from `since` (the last instant
 * any of them changed, the same for every render until the next change, so
 * the page is the same whatever second it was drawn in). The browser reads
 * a time zone itself only where these do not answer for its own clock.
 */
export interface AnnouncementClockStart {
  since: number;
  ends: readonly (number | null)[];
  schedules: readonly (ScheduleState | null)[];
}

/** The clock's start, and the stretch [since, until) it holds over: until null, for ever. */
export function announcementClockSpan(messages: readonly AnnouncementMessage[], nowMs: number): { start: AnnouncementClockStart; until: number | null } {
  // The same answer for every instant of the stretch: worked out once per stretch for the messages (one settings version's list), not per page.
  const known = spansOf.get(messages);
  if (known && nowMs >= known.start.since && (known.until === null || nowMs < known.until)) return known;
  const schedules = messages.map((message) => (message.schedule ? scheduleSpan([message.schedule], nowMs, message.schedule.timeZone) : null));
  const span = commonSpan([
    ...messages.flatMap((message) => (message.countdown ? [countdownSpan(message.countdown, nowMs)] : [])),
    ...schedules.flatMap((schedule) => (schedule ? [{ from: schedule.since, until: schedule.nextChange }] : [])),
  ]);
  const answer = {
    start: {
      since: span.from,
      ends: Object.freeze(countdownEnds(messages, nowMs)),
      schedules: Object.freeze(schedules.map((schedule) => (schedule ? { active: schedule.active, nextChange: schedule.nextChange } : null))),
    },
    until: span.until,
  };
  spansOf.set(messages, answer);
  return answer;
}

export function announcementClockStart(messages: readonly AnnouncementMessage[], nowMs: number): AnnouncementClockStart {
  return announcementClockSpan(messages, nowMs).start;
}

const spansOf = new WeakMap<readonly AnnouncementMessage[], { start: AnnouncementClockStart; until: number | null }>();

/**
 * The countdown ends for a clock starting at `nowMs`: the server's, where
 * they answer for that time (a date's always; a daily time's from `since`
 * until it is reached), else worked out for `nowMs`.
 */
export function clockEnds(messages: readonly AnnouncementMessage[], start: AnnouncementClockStart, nowMs: number): (number | null)[] {
  return messages.map((message, index) => {
    const end = start.ends[index] ?? null;
    if (!message.countdown || end === null || message.countdown.mode === "epoch" || (nowMs >= start.since && nowMs < end)) return end;
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
export function activeAnnouncement(messages: readonly AnnouncementMessage[], nowMs: number, ends: readonly (number | null)[], read?: Pick<AnnouncementClockStart, "schedules" | "since">): number {
  return messages.findIndex((message, index) => {
    const end = ends[index] ?? null;
    return (end === null || end > nowMs) && isScheduled(message.schedule, nowMs, read ? { state: read.schedules[index], since: read.since } : undefined);
  });
}

/** What the bar shows: a message and, when it has a countdown, the time left as a clock and in words. */
export interface AnnouncementView {
  /** -1: nothing to show. */
  index: number;
  countdown: { clock: string; words: string } | null;
}

/**
 * The bar as the server draws it, the same whatever second it is drawn in:
 * the message, and for its countdown the end (which the browser counts
 * down to), that end written as a time for a shopper without the browser's
 * clock, and the widest the clock reads until the page next changes, which
 * holds the countdown's width so nothing moves when the seconds appear.
 */
export interface AnnouncementPage {
  /** -1: nothing to show. */
  index: number;
  deadline: { end: number; text: string; widest: string } | null;
}

export function announcementPage(messages: readonly AnnouncementMessage[], nowMs: number, start: AnnouncementClockStart, words: CountdownWords, shopTimeZone: string): AnnouncementPage {
  const index = activeAnnouncement(messages, nowMs, start.ends, start);
  const target = messages[index]?.countdown;
  const end = start.ends[index] ?? null;
  if (!target || end === null) return { index, deadline: null };
  return { index, deadline: { end, text: deadlineText(target, end, words.language, shopTimeZone), widest: formatCountdown(widestParts(countdownParts(nowMs, end)), words, "narrow") } };
}

export function countdownText(parts: CountdownParts, words: CountdownWords): { clock: string; words: string } {
  return { clock: formatCountdown(parts, words, "narrow"), words: formatCountdown(parts, words, "long") };
}
