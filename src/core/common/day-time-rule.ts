/**
 * The day-and-time rule: a slide (or an announcement) is shown only on
 * configured days of the week between configured clock times, read in the
 * shop's time zone. Pure, so the server's render and the browser's re-checks
 * agree, and it says when the answer next changes so the browser can wake
 * exactly then instead of polling. That search jumps from boundary to
 * boundary (window starts and ends, and the zone's offset changes) rather than
 * stepping through minutes, so its cost grows with the number of windows,
 * not with how far off the change is.
 */
import { zoneOffsetMs } from "../sites/time-zone.ts";

/**
 * Days of the week (0 = Sunday … 6 = Saturday) and a span of local clock time,
 * `from` and `to` as "HH:MM". `to` is the last minute shown, so 18:00–23:59
 * runs until midnight. When `from` is after `to` the span crosses midnight: it
 * starts on a listed day and ends on the day after (Fri 22:00–02:00 is Friday
 * night into Saturday morning).
 */
export interface DayTimeWindow {
  days: readonly number[];
  from: string;
  to: string;
}

/** Whether a schedule is on at an instant, and when (epoch ms) that next flips; null if it never does. */
export interface ScheduleState {
  active: boolean;
  nextChange: number | null;
}

const MINUTE = 60_000;
const DAY_MINUTES = 1440;
const WEEK_MINUTES = 7 * DAY_MINUTES;
const DAY = DAY_MINUTES * MINUTE;
/** Any weekly schedule repeats within a week; a day more covers a change that a daylight-saving shift moves. */
const HORIZON_DAYS = 8;
/** Offset transitions are searched by sampling this often (real zones change at most twice a year). */
const OFFSET_SAMPLE = 6 * 60 * MINUTE;

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

function clockMinutes(clock: string): number {
  const match = CLOCK.exec(clock);
  if (!match) throw new RangeError(`expected a 24-hour time such as "23:59", got "${clock}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Half-open spans of minutes of the week (0 = Sunday 00:00), none wrapping past the week's end. */
function weekSpans(windows: readonly DayTimeWindow[]): [number, number][] {
  const spans: [number, number][] = [];
  for (const window of windows) {
    const from = clockMinutes(window.from);
    const to = clockMinutes(window.to);
    for (const day of new Set(window.days)) {
      if (!Number.isInteger(day) || day < 0 || day > 6) throw new RangeError(`expected days 0 (Sunday) to 6 (Saturday), got ${day}`);
      const start = day * DAY_MINUTES + from;
      const end = (from <= to ? day : day + 1) * DAY_MINUTES + to + 1;
      if (end <= WEEK_MINUTES) spans.push([start, end]);
      else spans.push([start, WEEK_MINUTES], [0, end - WEEK_MINUTES]);
    }
  }
  return spans;
}

/** The local wall clock at an instant, as if it were UTC (epoch ms, whole seconds). */
function wallClock(at: number, timeZone: string): number {
  return Math.floor(at / 1000) * 1000 + zoneOffsetMs(at, timeZone);
}

/** How far the zone's clock is ahead of UTC at an instant, in ms. */
const offsetAt = zoneOffsetMs;

function minuteOfWeek(wall: number): number {
  const date = new Date(wall);
  return date.getUTCDay() * DAY_MINUTES + date.getUTCHours() * 60 + date.getUTCMinutes();
}

function inSpans(spans: readonly [number, number][], minute: number): boolean {
  return spans.some(([start, end]) => minute >= start && minute < end);
}

/**
 * Whether a state the server read for a page answers at `at`: from `since`
 * (an instant the page's states all held from, the same for every render
 * of the page) until its next change. Reading a time zone costs the browser
 * dearly the first time, so it starts from the server's reading when that
 * answers; a clock behind `since` (a skewed one, a test's fake one) reads
 * the rule itself.
 */
export function stillHolds(known: ScheduleState | null | undefined, at: number, since: number): known is ScheduleState {
  if (known === null || known === undefined) return false;
  return at >= since && (known.nextChange === null || at < known.nextChange);
}

/** A rule's state, holding from `since` until its next change. */
export interface ScheduleReading {
  state: ScheduleState | null | undefined;
  since: number;
}

/** Whether the schedule is on at `at` (epoch ms): any window covers the local day and time in `timeZone`. */
export function scheduleActive(windows: readonly DayTimeWindow[], at: number, timeZone: string): boolean {
  return inSpans(weekSpans(windows), minuteOfWeek(wallClock(at, timeZone)));
}

/** Instants in (after, until] where the zone's offset changes: sampled, then narrowed to the minute. */
function offsetTransitions(after: number, until: number, timeZone: string): number[] {
  const found: number[] = [];
  let previous = after;
  let previousOffset = offsetAt(previous, timeZone);
  for (let sample = after + OFFSET_SAMPLE; previous < until; sample += OFFSET_SAMPLE) {
    const offset = offsetAt(sample, timeZone);
    if (offset !== previousOffset) {
      // Zones change on whole minutes: search minutes, keeping the old offset at `low` and the new at `high`.
      let low = Math.floor(previous / MINUTE);
      let high = Math.ceil(sample / MINUTE);
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (offsetAt(middle * MINUTE, timeZone) === previousOffset) low = middle;
        else high = middle;
      }
      found.push(high * MINUTE);
    }
    previous = sample;
    previousOffset = offset;
  }
  return found;
}

/**
 * Whether the schedule is on at `at`, and the first instant after it where
 * that flips. The answer changes only where the local clock reaches a
 * window's start or end (the start of the minute after `to`), or where the
 * zone's offset jumps (a daylight-saving change can skip or repeat a window);
 * the first such instant whose state differs is the next change. Windows that
 * touch (Friday until 23:59, then Saturday from 00:00) read as one span.
 */
export function scheduleState(windows: readonly DayTimeWindow[], at: number, timeZone: string): ScheduleState {
  const spans = weekSpans(windows);
  const activeAt = (instant: number) => inSpans(spans, minuteOfWeek(wallClock(instant, timeZone)));
  const active = activeAt(at);
  const until = at + HORIZON_DAYS * DAY;

  const transitions = offsetTransitions(at, until, timeZone);
  const offsets = new Set([offsetAt(at, timeZone), ...transitions.map((instant) => offsetAt(instant, timeZone))]);
  const boundaries = new Set(spans.flatMap(([start, end]) => [start, end % WEEK_MINUTES]));

  // Offset changes, then each instant the local clock shows a boundary under an offset in force
  // somewhere in the range; `wall` is what the clock shows there if that offset really applies.
  const candidates: { instant: number; offset: number | null; wall: number }[] = [];
  for (const instant of transitions) if (instant > at) candidates.push({ instant, offset: null, wall: 0 });
  const firstDay = Math.floor(wallClock(at, timeZone) / DAY) * DAY - DAY;
  for (let day = firstDay; day <= firstDay + (HORIZON_DAYS + 2) * DAY; day += DAY) {
    const weekday = new Date(day).getUTCDay();
    for (const boundary of boundaries) {
      if (Math.floor(boundary / DAY_MINUTES) !== weekday) continue;
      const wall = day + (boundary % DAY_MINUTES) * MINUTE;
      for (const offset of offsets) {
        const instant = wall - offset;
        if (instant > at && instant <= until) candidates.push({ instant, offset, wall });
      }
    }
  }

  // In time order, so only the candidates up to the change cost a time-zone lookup. A wall time
  // happens once, twice (clocks went back) or never (clocks went forward; the offset change is
  // then the candidate), so a boundary counts only where its offset is the one in force.
  candidates.sort((a, b) => a.instant - b.instant);
  for (const { instant, offset, wall } of candidates) {
    if (offset === null) {
      if (activeAt(instant) !== active) return { active, nextChange: instant };
    } else if (offsetAt(instant, timeZone) === offset && inSpans(spans, minuteOfWeek(wall)) !== active) {
      return { active, nextChange: instant };
    }
  }
  return { active, nextChange: null };
}

/**
 * The schedule's state at `at` with the stretch it holds over: from its
 * last change (0 when it has not changed within the horizon, so never) to
 * its next. The last change is found walking forward from a horizon back,
 * change by change: a weekly rule changes a few times a week at most.
 */
export function scheduleSpan(windows: readonly DayTimeWindow[], at: number, timeZone: string): ScheduleState & { since: number } {
  let since = 0;
  let state = scheduleState(windows, at - HORIZON_DAYS * DAY, timeZone);
  while (state.nextChange !== null && state.nextChange <= at) {
    since = state.nextChange;
    state = scheduleState(windows, since, timeZone);
  }
  return { ...state, since };
}
