import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import { type CountdownParts, countdownEnd, countdownParts, countdownSpan, countdownWords, formatCountdown, msToNextTick, startCountdown, visibleUnits, widestParts } from "./countdown.ts";

const at = (iso: string) => Date.parse(iso);
const parts = (days: number, hours: number, minutes: number, seconds: number): CountdownParts => ({
  days,
  hours,
  minutes,
  seconds,
  totalSeconds: ((days * 24 + hours) * 60 + minutes) * 60 + seconds,
});

describe("countdownParts", () => {
  it("splits what is left into days, hours, minutes and seconds", () => {
    const now = at("2026-11-21T10:00:00Z");
    expect(countdownParts(now, now + (((2 * 24 + 3) * 60 + 4) * 60 + 5) * 1000)).toEqual(parts(2, 3, 4, 5));
  });

  it("rounds a part second up, so zero comes exactly at the end", () => {
    const end = at("2026-11-21T10:00:00Z");
    expect(countdownParts(end - 1, end).totalSeconds).toBe(1);
    expect(countdownParts(end - 1000, end).totalSeconds).toBe(1);
    expect(countdownParts(end - 1001, end).totalSeconds).toBe(2);
    expect(countdownParts(end, end).totalSeconds).toBe(0);
    expect(countdownParts(end + 5000, end)).toEqual(parts(0, 0, 0, 0));
  });
});

describe("countdownEnd", () => {
  it("reads an epoch in seconds", () => {
    expect(countdownEnd({ mode: "epoch", endsAt: 1798135200 }, 0)).toBe(at("2026-12-24T18:00:00Z"));
  });

  it("counts to the next occurrence of a daily time in its zone", () => {
    expect(countdownEnd({ mode: "daily", time: "14:00", timeZone: "Europe/London" }, at("2026-07-01T12:30:00Z"))).toBe(at("2026-07-01T13:00:00Z"));
    expect(countdownEnd({ mode: "daily", time: "14:00", timeZone: "America/Los_Angeles" }, at("2026-07-01T12:30:00Z"))).toBe(at("2026-07-01T21:00:00Z"));
  });
});

describe("visibleUnits", () => {
  it("hides leading zero units and keeps inner zeros", () => {
    expect(visibleUnits(parts(0, 1, 5, 3))).toEqual([
      ["hour", 1],
      ["minute", 5],
      ["second", 3],
    ]);
    expect(visibleUnits(parts(1, 0, 5, 0))).toEqual([
      ["day", 1],
      ["hour", 0],
      ["minute", 5],
      ["second", 0],
    ]);
    expect(visibleUnits(parts(0, 0, 0, 9))).toEqual([["second", 9]]);
    expect(visibleUnits(parts(0, 0, 0, 0))).toEqual([["second", 0]]);
  });
});

describe("formatCountdown", () => {
  it("reads as a compact clock, two digits after the first unit", () => {
    expect(formatCountdown(parts(0, 3, 12, 9), countdownWords("en"), "narrow")).toBe("3h 12m 09s");
    expect(formatCountdown(parts(12, 3, 5, 0), countdownWords("en"), "narrow")).toBe("12d 03h 05m 00s");
    expect(formatCountdown(parts(0, 0, 0, 7), countdownWords("en"), "narrow")).toBe("7s");
  });

  it("reads in words for screen readers", () => {
    expect(formatCountdown(parts(0, 3, 12, 9), countdownWords("en"), "long")).toBe("3 hours, 12 minutes, 9 seconds");
    expect(formatCountdown(parts(1, 0, 1, 1), countdownWords("en"), "long")).toBe("1 day, 0 hours, 1 minute, 1 second");
  });
});

describe("countdownWords", () => {
  /** The countdown as Intl's unit and list formats write it, every unit after the first two digits wide in the clock. */
  const byIntl = (value: CountdownParts, language: string, display: "narrow" | "long") => {
    const texts = visibleUnits(value).map(([unit, amount], index) =>
      new Intl.NumberFormat(language, { style: "unit", unit, unitDisplay: display, minimumIntegerDigits: display === "narrow" && index > 0 ? 2 : 1 }).format(amount),
    );
    return display === "narrow" ? texts.join(" ") : new Intl.ListFormat(language, { style: "long", type: "unit" }).format(texts);
  };

  it("writes every countdown as Intl does, in each language and plural form", () => {
    const times = [parts(0, 0, 0, 1), parts(0, 0, 0, 2), parts(0, 0, 1, 0), parts(0, 1, 1, 1), parts(1, 0, 0, 0), parts(2, 3, 21, 5), parts(5, 23, 59, 59), parts(21, 11, 2, 22), parts(101, 0, 0, 0)];
    for (const language of ["en", "en-GB", "fr", "de", "es", "pl", "ru", "cy", "ga"]) {
      const words = countdownWords(language);
      for (const value of times) {
        for (const display of ["narrow", "long"] as const) expect(formatCountdown(value, words, display), `${language} ${display}`).toBe(byIntl(value, language, display));
      }
    }
  });

  it("fits in a page's data: plain strings, worked out once per language", () => {
    const words = countdownWords("fr");
    expect(countdownWords("fr")).toBe(words);
    expect(JSON.parse(JSON.stringify(words))).toEqual(words);
    expect(words.long.hour.one).toMatch(/^\{n\}\s+heure$/u);
    expect(words.long.hour.other).toMatch(/^\{n\}\s+heures$/u);
  });
});

describe("msToNextTick", () => {
  it("aims at the next second boundary before the end", () => {
    const end = at("2026-11-21T10:00:00Z");
    expect(msToNextTick(end - 2500, end)).toBe(500);
    expect(msToNextTick(end - 2000, end)).toBe(1000);
    expect(msToNextTick(end, end)).toBe(0);
  });
});

describe("startCountdown", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("ticks once a second and runs the action at zero", () => {
    vi.setSystemTime(at("2026-11-21T13:59:57.400Z"));
    const ticks: number[] = [];
    const onZero = vi.fn();
    startCountdown(at("2026-11-21T14:00:00Z"), { onTick: (left) => ticks.push(left.totalSeconds), onZero });
    expect(ticks).toEqual([3]);
    vi.advanceTimersByTime(599);
    expect(ticks).toEqual([3]);
    vi.advanceTimersByTime(1);
    expect(ticks).toEqual([3, 2]);
    vi.advanceTimersByTime(1000);
    expect(ticks).toEqual([3, 2, 1]);
    expect(onZero).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(ticks).toEqual([3, 2, 1]);
    expect(onZero).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(10_000);
    expect(onZero).toHaveBeenCalledOnce();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("runs the action at once when the end has passed", () => {
    vi.setSystemTime(at("2026-11-21T15:00:00Z"));
    const onTick = vi.fn();
    const onZero = vi.fn();
    startCountdown(at("2026-11-21T14:00:00Z"), { onTick, onZero });
    expect(onTick).not.toHaveBeenCalled();
    expect(onZero).toHaveBeenCalledOnce();
  });

  it("stops when asked", () => {
    vi.setSystemTime(at("2026-11-21T13:59:50Z"));
    const onTick = vi.fn();
    const onZero = vi.fn();
    const stop = startCountdown(at("2026-11-21T14:00:00Z"), { onTick, onZero });
    vi.advanceTimersByTime(2000);
    stop();
    vi.advanceTimersByTime(60_000);
    expect(onTick).toHaveBeenCalledTimes(3);
    expect(onZero).not.toHaveBeenCalled();
  });

  it("takes its clock and timers from the caller", () => {
    let clock = at("2026-11-21T13:59:59Z");
    const timers: (() => void)[] = [];
    const onZero = vi.fn();
    startCountdown(at("2026-11-21T14:00:00Z"), { onTick: () => undefined, onZero, now: () => clock, setTimer: (run) => timers.push(run), clearTimer: () => undefined });
    clock += 1000;
    timers.shift()?.();
    expect(onZero).toHaveBeenCalledOnce();
  });
});

describe("the widest clock and the stretch it holds over", () => {
  const words = countdownWords("en");
  const widest = (seconds: number) => formatCountdown(widestParts(countdownParts(0, seconds * 1000)), words, "narrow");

  it("is the clock with its first unit's digits all nines and the others at their most", () => {
    expect(widest(5)).toBe("9s");
    expect(widest(42)).toBe("59s");
    expect(widest(3 * 60 + 7)).toBe("9m 59s");
    expect(widest(3 * 3600 + 12 * 60 + 9)).toBe("9h 59m 59s");
    expect(widest(13 * 3600)).toBe("23h 59m 59s");
    expect(widest(26 * 86_400)).toBe("99d 23h 59m 59s");
  });

  it("is never narrower than the clock at any second it covers", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 * 86_400 }), fc.integer({ min: 0, max: 400 * 86_400 }), (left, later) => {
        const end = Date.parse("2030-01-01T00:00:00Z");
        const now = end - left * 1000;
        const span = countdownSpan({ mode: "epoch", endsAt: end / 1000 }, now);
        const shown = widest(left);
        const other = Math.min(span.until! - 1, now + later * 1000);
        expect(other).toBeGreaterThanOrEqual(span.from);
        // Within the stretch the widest clock is the same, and as long as the clock there (digits are the same width).
        expect(formatCountdown(widestParts(countdownParts(other, end)), words, "narrow")).toBe(shown);
        expect(formatCountdown(countdownParts(other, end), words, "narrow").length).toBeLessThanOrEqual(shown.length);
      }),
      { numRuns: 300 },
    );
  });

  it("for a daily time starts no earlier than its previous occurrence", () => {
    const daily = { mode: "daily" as const, time: "14:00", timeZone: "Europe/London" };
    // Saturday 15:00 London: the next is Sunday 14:00. At 14:00 a whole day was left ("1d 00h 00m 00s"); a second later the clock fits 23h 59m 59s.
    expect(countdownSpan(daily, Date.parse("2026-11-28T15:00:00Z"))).toEqual({ from: Date.parse("2026-11-28T14:00:01Z"), until: Date.parse("2026-11-29T04:00:01Z") });
  });
});
