/**
 * The countdown helper: days, hours, minutes and seconds left to a
 * target, ticking once a second, with an action at zero. Targets are an
 * epoch or the next occurrence of a daily time in a time zone.
 */
import { nextDailyTime } from "./time-zone.ts";

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

const numberFormats = new Map<string, Intl.NumberFormat>();

function unitFormat(locale: string, unit: CountdownUnit, display: "narrow" | "long", padded: boolean): Intl.NumberFormat {
  const key = `${locale}|${unit}|${display}|${padded}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: display, minimumIntegerDigits: padded ? 2 : 1 });
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * What the countdown reads. "narrow" is the compact clock, "3h 12m 09s", every
 * unit after the first two digits wide so the width holds still; "long" is
 * the same time in words, "3 hours, 12 minutes, 9 seconds", for screen readers.
 */
export function formatCountdown(parts: CountdownParts, locale: string, display: "narrow" | "long"): string {
  const units = visibleUnits(parts);
  const words = units.map(([unit, value], index) => unitFormat(locale, unit, display, display === "narrow" && index > 0).format(value));
  return display === "narrow" ? words.join(" ") : listFormat(locale).format(words);
}

const listFormats = new Map<string, Intl.ListFormat>();

function listFormat(locale: string): Intl.ListFormat {
  let format = listFormats.get(locale);
  if (!format) {
    format = new Intl.ListFormat(locale, { style: "long", type: "unit" });
    listFormats.set(locale, format);
  }
  return format;
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
