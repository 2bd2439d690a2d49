/**
 * The countdown helper: days, hours, minutes and seconds left to a
 * target, ticking once a second, with an action at zero. Targets are an
 * epoch or the next occurrence of a daily time in a time zone.
 */
import { nextDailyTime } from "../sites/time-zone.ts";

export type CountdownTarget = { mode: "epoch"; endsAt: number } | { mode: "daily"; time: string; timeZone: string };

export type CountdownUnit = "day" | "hour" | "minute" | "second";

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Whole seconds left, rounded up: the display reaches 0 exactly at the target. */
  totalSeconds: number;
}

/** When the countdown ends, in epoch milliseconds: `endsAt` (epoch seconds), or the daily time's next occurrence after `nowMs`. */
export function countdownEnd(target: CountdownTarget, nowMs: number): number {
  return target.mode === "epoch" ? target.endsAt * 1000 : nextDailyTime(nowMs, target.time, target.timeZone);
}

export function countdownParts(nowMs: number, endMs: number): CountdownParts {
  const totalSeconds = Math.max(0, Math.ceil((endMs - nowMs) / 1000));
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor(totalSeconds / 3600) % 24,
    minutes: Math.floor(totalSeconds / 60) % 60,
    seconds: totalSeconds % 60,
    totalSeconds,
  };
}

/** The units shown: leading zero units are hidden (1 h 5 m 3 s shows no days), inner zeros stay (1 d 0 h 5 m); seconds always. */
export function visibleUnits(parts: CountdownParts): [CountdownUnit, number][] {
  const all: [CountdownUnit, number][] = [
    ["day", parts.days],
    ["hour", parts.hours],
    ["minute", parts.minutes],
    ["second", parts.seconds],
  ];
  const first = all.findIndex(([unit, value]) => value > 0 || unit === "second");
  return all.slice(first);
}

/**
 * How a countdown is written in a language: each unit's narrow form ("{n}h")
 * and long form ("{n} hours"), per plural category, and the long forms'
 * list ("{0}, {1} and {2}") for one to four of them. Worked out with Intl's
 * unit and list formats where they are cheap (the server, once per
 * language) and sent to the browser, whose first use of those formats
 * costs it a long moment; there only plural rules are needed, which cost
 * next to nothing.
 */
export interface CountdownWords {
  language: string;
  narrow: Record<CountdownUnit, Record<string, string>>;
  long: Record<CountdownUnit, Record<string, string>>;
  lists: string[];
}

const UNITS: CountdownUnit[] = ["day", "hour", "minute", "second"];
const NUMBER = "{n}";
const words = new Map<string, CountdownWords>();

export function countdownWords(language: string): CountdownWords {
  let known = words.get(language);
  if (known) return known;
  const plurals = new Intl.PluralRules(language);
  // A whole number for each plural category whole numbers fall in.
  const samples = new Map<string, number>();
  for (let n = 0; n <= 200; n++) if (!samples.has(plurals.select(n))) samples.set(plurals.select(n), n);
  const forms = (display: "narrow" | "long") =>
    Object.fromEntries(
      UNITS.map((unit) => {
        const format = new Intl.NumberFormat(language, { style: "unit", unit, unitDisplay: display });
        const byCategory = [...samples].map(([category, n]) => [category, format.formatToParts(n).map((part) => (part.type === "integer" ? NUMBER : part.value)).join("")]);
        return [unit, Object.fromEntries(byCategory)];
      }),
    ) as Record<CountdownUnit, Record<string, string>>;
  const list = new Intl.ListFormat(language, { style: "long", type: "unit" });
  known = { language, narrow: forms("narrow"), long: forms("long"), lists: [1, 2, 3, 4].map((length) => list.format(Array.from({ length }, (_, index) => `{${index}}`))) };
  words.set(language, known);
  return known;
}

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralOf(language: string, value: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(value);
}

/**
 * What the countdown reads. "narrow" is the compact clock, "3h 12m 09s", every
 * unit after the first two digits wide so the width holds still; "long" is
 * the same time in words, "3 hours, 12 minutes, 9 seconds", for screen readers.
 */
export function formatCountdown(parts: CountdownParts, words: CountdownWords, display: "narrow" | "long"): string {
  const texts = visibleUnits(parts).map(([unit, value], index) => {
    const forms = words[display][unit];
    const form = forms[pluralOf(words.language, value)] ?? forms.other ?? Object.values(forms)[0] ?? NUMBER;
    return form.replace(NUMBER, display === "narrow" && index > 0 ? String(value).padStart(2, "0") : String(value));
  });
  if (display === "narrow") return texts.join(" ");
  return (words.lists[texts.length - 1] ?? texts.join(", ")).replace(/\{(\d)\}/g, (_, index: string) => texts[Number(index)] ?? "");
}

/** Milliseconds until the shown second changes: ticks land on the second boundaries before the end. */
export function msToNextTick(nowMs: number, endMs: number): number {
  const left = endMs - nowMs;
  if (left <= 0) return 0;
  return left % 1000 || 1000;
}

export interface CountdownOptions {
  /** Called at once and then once a second with what is left, never with zero. */
  onTick: (parts: CountdownParts) => void;
  /** Called once, when the end is reached. */
  onZero: () => void;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/** Runs a countdown to `endMs`; the answer stops it. */
export function startCountdown(endMs: number, options: CountdownOptions): () => void {
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let timer: unknown = null;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    const at = now();
    const parts = countdownParts(at, endMs);
    if (parts.totalSeconds === 0) {
      stopped = true;
      options.onZero();
      return;
    }
    options.onTick(parts);
    // A timer can fire early or late; aiming at the next boundary each time keeps the ticks from drifting.
    timer = setTimer(tick, msToNextTick(at, endMs));
  };
  tick();
  return () => {
    stopped = true;
    if (timer !== null) clearTimer(timer);
  };
}

/**
 * Seconds left at which the widest clock changes: a unit drops off (under a
 * minute, an hour, a day) or the first unit loses a digit (under 10 s, 10 m,
 * 10 h, 10, 100 or 1,000 days).
 */
const SHAPE_SECONDS = [10, 60, 600, 3600, 36_000, 86_400, 864_000, 8_640_000, 86_400_000];
const UNIT_MAX: Record<CountdownUnit, number> = { day: Number.POSITIVE_INFINITY, hour: 23, minute: 59, second: 59 };

/**
 * The widest the clock can read while it shows the units it shows now: the
 * first unit with as many nines as it has digits, the others at their most
 * ("23h 59m 59s" for 3h 12m 09s). The server draws it invisibly behind the
 * countdown, so the browser filling in the seconds never moves the text.
 */
export function widestParts(parts: CountdownParts): CountdownParts {
  const units = visibleUnits(parts);
  const widest: Record<CountdownUnit, number> = { day: 0, hour: 0, minute: 0, second: 0 };
  for (const [index, [unit, value]] of units.entries()) {
    widest[unit] = index === 0 ? Math.min(10 ** String(value).length - 1, UNIT_MAX[unit]) : UNIT_MAX[unit];
  }
  return { days: widest.day, hours: widest.hour, minutes: widest.minute, seconds: widest.second, totalSeconds: parts.totalSeconds };
}

/** A stretch of time [from, until) over which something drawn from the clock stays the same; until null: for ever. */
export interface ClockSpan {
  from: number;
  until: number | null;
}

/** The stretch common to several: from the latest start to the earliest end. */
export function commonSpan(spans: readonly ClockSpan[]): ClockSpan {
  let from = 0;
  let until: number | null = null;
  for (const span of spans) {
    from = Math.max(from, span.from);
    if (span.until !== null) until = until === null ? span.until : Math.min(until, span.until);
  }
  return { from, until };
}

/**
 * The stretch around `nowMs` over which a page drawn with the countdown to
 * `target` stays the same: it shows the end and the widest clock, which
 * change only at the end itself and where the widest clock changes
 * (`widestParts`); a daily target's previous occurrence starts its day.
 */
export function countdownSpan(target: CountdownTarget, nowMs: number): ClockSpan {
  const end = countdownEnd(target, nowMs);
  if (end <= nowMs) return { from: end, until: null };
  // Seconds left reach X - 1 at `end - (X - 1) s`: there the widest clock changes.
  const boundaries = [end, ...SHAPE_SECONDS.map((seconds) => end - (seconds - 1) * 1000)];
  // A day is 23 to 25 hours long across a clock change, so the first occurrence after `end - 26 h` is the one before `end`.
  if (target.mode === "daily") boundaries.push(countdownEnd(target, end - 26 * 3_600_000));
  let from = target.mode === "daily" ? 0 : Number.NEGATIVE_INFINITY;
  let until = end;
  for (const boundary of boundaries) {
    if (boundary <= nowMs) from = Math.max(from, boundary);
    else until = Math.min(until, boundary);
  }
  return { from: Math.max(0, from), until };
}

const deadlineFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The countdown's end as a shopper reads it without the browser's clock:
 * the time (a daily target, always within a day) or the date and time (a
 * date), in the target's time zone or the shop's, with the zone named.
 */
export function deadlineText(target: CountdownTarget, endMs: number, language: string, shopTimeZone: string): string {
  const timeZone = target.mode === "daily" ? target.timeZone : shopTimeZone;
  const key = `${language}\n${timeZone}\n${target.mode}`;
  let format = deadlineFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { timeZone, hour: "numeric", minute: "2-digit", timeZoneName: "short", ...(target.mode === "epoch" ? { day: "numeric", month: "short" } : {}) });
    deadlineFormats.set(key, format);
  }
  return format.format(endMs);
}
