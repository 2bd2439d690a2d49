import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type DayTimeWindow, scheduleActive, scheduleState } from "./day-time-rule.ts";

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
const LONDON = "Europe/London";

/** Friday 18:00 to Sunday 23:59, as a merchant would write a weekend sale. */
const WEEKEND: DayTimeWindow[] = [
  { days: [5], from: "18:00", to: "23:59" },
  { days: [6, 0], from: "00:00", to: "23:59" },
];

const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());
const state = (windows: DayTimeWindow[], at: string, timeZone = LONDON) => {
  const { active, nextChange } = scheduleState(windows, Date.parse(at), timeZone);
  return { active, nextChange: iso(nextChange) };
};

describe("scheduleActive", () => {
  it("shows a window from its first minute through its last", () => {
    const evenings = [{ days: [1, 2, 3, 4, 5], from: "18:00", to: "21:59" }];
    // 24 Nov 2026 is a Tuesday; London is on GMT.
    expect(scheduleActive(evenings, Date.parse("2026-11-24T17:59:59Z"), LONDON)).toBe(false);
    expect(scheduleActive(evenings, Date.parse("2026-11-24T18:00:00Z"), LONDON)).toBe(true);
    expect(scheduleActive(evenings, Date.parse("2026-11-24T21:59:59Z"), LONDON)).toBe(true);
    expect(scheduleActive(evenings, Date.parse("2026-11-24T22:00:00Z"), LONDON)).toBe(false);
    // Saturday is not listed.
    expect(scheduleActive(evenings, Date.parse("2026-11-28T19:00:00Z"), LONDON)).toBe(false);
  });

  it("reads the day and time in the shop's time zone", () => {
    const mondayMorning = [{ days: [1], from: "09:00", to: "09:59" }];
    // Monday 09:30 in Tokyo is Monday 00:30 UTC; Monday 09:30 in New York (EST) is 14:30 UTC.
    expect(scheduleActive(mondayMorning, Date.parse("2026-11-23T00:30:00Z"), "Asia/Tokyo")).toBe(true);
    expect(scheduleActive(mondayMorning, Date.parse("2026-11-23T00:30:00Z"), "America/New_York")).toBe(false);
    expect(scheduleActive(mondayMorning, Date.parse("2026-11-23T14:30:00Z"), "America/New_York")).toBe(true);
    // In July London is on BST: 09:30 local is 08:30 UTC.
    expect(scheduleActive(mondayMorning, Date.parse("2026-07-13T08:30:00Z"), LONDON)).toBe(true);
    expect(scheduleActive(mondayMorning, Date.parse("2026-07-13T09:30:00Z"), LONDON)).toBe(false);
  });

  it("runs a window that crosses midnight from its listed day into the next", () => {
    const fridayNight = [{ days: [5], from: "22:00", to: "01:59" }];
    expect(scheduleActive(fridayNight, Date.parse("2026-11-27T21:59:00Z"), LONDON)).toBe(false);
    expect(scheduleActive(fridayNight, Date.parse("2026-11-27T23:30:00Z"), LONDON)).toBe(true);
    expect(scheduleActive(fridayNight, Date.parse("2026-11-28T01:59:59Z"), LONDON)).toBe(true);
    expect(scheduleActive(fridayNight, Date.parse("2026-11-28T02:00:00Z"), LONDON)).toBe(false);
    // Friday early morning belongs to Thursday's night, which is not listed.
    expect(scheduleActive(fridayNight, Date.parse("2026-11-27T01:00:00Z"), LONDON)).toBe(false);
  });

  it("crosses from Saturday night into Sunday morning across the week's end", () => {
    const saturdayNight = [{ days: [6], from: "20:00", to: "03:59" }];
    expect(scheduleActive(saturdayNight, Date.parse("2026-11-29T03:00:00Z"), LONDON)).toBe(true);
    expect(scheduleActive(saturdayNight, Date.parse("2026-11-29T04:00:00Z"), LONDON)).toBe(false);
  });

  it("takes a window whose from equals its to as that one minute", () => {
    const noon = [{ days: [0, 1, 2, 3, 4, 5, 6], from: "12:00", to: "12:00" }];
    expect(scheduleActive(noon, Date.parse("2026-11-24T12:00:30Z"), LONDON)).toBe(true);
    expect(scheduleActive(noon, Date.parse("2026-11-24T12:01:00Z"), LONDON)).toBe(false);
  });

  it("refuses malformed times, days and zones", () => {
    const at = Date.parse("2026-11-24T12:00:00Z");
    expect(() => scheduleActive([{ days: [1], from: "24:00", to: "23:59" }], at, LONDON)).toThrow(RangeError);
    expect(() => scheduleActive([{ days: [7], from: "00:00", to: "23:59" }], at, LONDON)).toThrow(RangeError);
    expect(() => scheduleActive([{ days: [1], from: "00:00", to: "23:59" }], at, "Mars/Olympus_Mons")).toThrow(RangeError);
  });
});

describe("scheduleState", () => {
  it("walks a weekend sale through its week", () => {
    expect(state(WEEKEND, "2026-11-20T17:59:30Z")).toEqual({ active: false, nextChange: "2026-11-20T18:00:00.000Z" });
    // Friday evening, Saturday and Sunday touch: one span until Monday 00:00.
    expect(state(WEEKEND, "2026-11-20T18:00:00Z")).toEqual({ active: true, nextChange: "2026-11-23T00:00:00.000Z" });
    expect(state(WEEKEND, "2026-11-21T12:00:00Z")).toEqual({ active: true, nextChange: "2026-11-23T00:00:00.000Z" });
    expect(state(WEEKEND, "2026-11-23T00:00:00Z")).toEqual({ active: false, nextChange: "2026-11-27T18:00:00.000Z" });
  });

  it("says nothing changes for a schedule that is always or never on", () => {
    const always = [{ days: [0, 1, 2, 3, 4, 5, 6], from: "00:00", to: "23:59" }];
    expect(state(always, "2026-11-24T12:00:00Z")).toEqual({ active: true, nextChange: null });
    expect(state([], "2026-11-24T12:00:00Z")).toEqual({ active: false, nextChange: null });
    // Crossing midnight every day covers the whole week too.
    expect(state([{ days: [0, 1, 2, 3, 4, 5, 6], from: "06:00", to: "05:59" }], "2026-11-24T12:00:00Z")).toEqual({ active: true, nextChange: null });
  });

  it("follows the clocks going forward: a window in the skipped hour starts when the clocks jump", () => {
    // Sunday 29 March 2026: London goes from 01:00 GMT straight to 02:00 BST.
    const earlySunday = [{ days: [0], from: "01:30", to: "02:29" }];
    expect(state(earlySunday, "2026-03-29T00:30:00Z")).toEqual({ active: false, nextChange: "2026-03-29T01:00:00.000Z" });
    expect(state(earlySunday, "2026-03-29T01:00:00Z")).toEqual({ active: true, nextChange: "2026-03-29T01:30:00.000Z" });
    // A window wholly inside the skipped hour does not happen that Sunday; next week it does.
    expect(state([{ days: [0], from: "01:15", to: "01:44" }], "2026-03-28T12:00:00Z")).toEqual({ active: false, nextChange: "2026-04-05T00:15:00.000Z" });
  });

  it("follows the clocks going back: a window in the repeated hour happens twice", () => {
    // Sunday 25 October 2026: London goes from 02:00 BST back to 01:00 GMT.
    const repeated = [{ days: [0], from: "01:30", to: "01:44" }];
    expect(state(repeated, "2026-10-25T00:00:00Z")).toEqual({ active: false, nextChange: "2026-10-25T00:30:00.000Z" });
    expect(state(repeated, "2026-10-25T00:30:00Z")).toEqual({ active: true, nextChange: "2026-10-25T00:45:00.000Z" });
    expect(state(repeated, "2026-10-25T00:45:00Z")).toEqual({ active: false, nextChange: "2026-10-25T01:30:00.000Z" });
    expect(state(repeated, "2026-10-25T01:30:00Z")).toEqual({ active: true, nextChange: "2026-10-25T01:45:00.000Z" });
  });

  it("handles zones with half-hour offsets and half-hour daylight saving", () => {
    // Lord Howe Island: +10:30 in winter, +11:00 in summer; on Sunday 4 Oct 2026 its clocks go from 02:00 to 02:30.
    const lateNight = [{ days: [0], from: "02:00", to: "02:59" }];
    expect(state(lateNight, "2026-10-03T12:00:00Z", "Australia/Lord_Howe")).toEqual({ active: false, nextChange: "2026-10-03T15:30:00.000Z" });
    expect(state(lateNight, "2026-10-03T15:30:00Z", "Australia/Lord_Howe")).toEqual({ active: true, nextChange: "2026-10-03T16:00:00.000Z" });
    const skipped = [{ days: [0], from: "02:00", to: "02:29" }];
    expect(state(skipped, "2026-10-03T12:00:00Z", "Australia/Lord_Howe")).toEqual({ active: false, nextChange: "2026-10-10T15:00:00.000Z" });
    // Kolkata is +05:30 all year: Monday 09:00 there is 03:30 UTC.
    expect(scheduleActive([{ days: [1], from: "09:00", to: "09:00" }], Date.parse("2026-11-23T03:30:00Z"), "Asia/Kolkata")).toBe(true);
  });
});

// --- Properties -------------------------------------------------------------------

const ZONES = ["UTC", "Europe/London", "America/New_York", "America/Sao_Paulo", "Asia/Kolkata", "Asia/Kathmandu", "Australia/Lord_Howe", "Pacific/Chatham", "Europe/Moscow"];

const clock = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);
const windowArb = fc.record({ days: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }), from: clock, to: clock });
const windowsArb = fc.array(windowArb, { minLength: 0, maxLength: 3 });
/** 2000 to 2040, on any second. */
const instantArb = fc.integer({ min: Date.UTC(2000, 0, 1) / 1000, max: Date.UTC(2040, 0, 1) / 1000 }).map((seconds) => seconds * 1000);

describe("scheduleState properties", () => {
  it("agrees with scheduleActive at the instant asked", () => {
    fc.assert(
      fc.property(windowsArb, instantArb, fc.constantFrom(...ZONES), (windows, at, zone) => {
        expect(scheduleState(windows, at, zone).active).toBe(scheduleActive(windows, at, zone));
      }),
    );
  });

  it("names the first minute the answer flips: the same until then, different from then", () => {
    fc.assert(
      fc.property(windowsArb, instantArb, fc.constantFrom(...ZONES), (windows, at, zone) => {
        const { active, nextChange } = scheduleState(windows, at, zone);
        // Every change happens on a whole minute; walk them one by one up to the change (or eight days).
        const end = nextChange ?? at + 8 * DAY;
        for (let minute = Math.floor(at / MINUTE) * MINUTE + MINUTE; minute < end; minute += MINUTE) {
          if (scheduleActive(windows, minute, zone) !== active) throw new Error(`flipped at ${iso(minute)}, before the ${iso(nextChange)} reported`);
        }
        if (nextChange !== null) {
          expect(nextChange % MINUTE).toBe(0);
          expect(nextChange).toBeGreaterThan(at);
          expect(scheduleActive(windows, nextChange, zone)).toBe(!active);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("names the first flip across daylight-saving changes too", () => {
    // The week before a change in London, New York, Lord Howe (half an hour) or Chatham.
    const nearChange = fc
      .record({ year: fc.integer({ min: 2000, max: 2039 }), month: fc.constantFrom(2, 3, 9, 10), day: fc.integer({ min: 0, max: 30 }), second: fc.integer({ min: 0, max: 86_399 }) })
      .map(({ year, month, day, second }) => Date.UTC(year, month, 1) + day * DAY + second * 1000 - 10 * DAY);
    fc.assert(
      fc.property(windowsArb, nearChange, fc.constantFrom("Europe/London", "America/New_York", "Australia/Lord_Howe", "Pacific/Chatham"), (windows, at, zone) => {
        const { active, nextChange } = scheduleState(windows, at, zone);
        const end = nextChange ?? at + 8 * DAY;
        for (let minute = Math.floor(at / MINUTE) * MINUTE + MINUTE; minute < end; minute += MINUTE) {
          if (scheduleActive(windows, minute, zone) !== active) throw new Error(`flipped at ${iso(minute)}, before the ${iso(nextChange)} reported`);
        }
        if (nextChange !== null) expect(scheduleActive(windows, nextChange, zone)).toBe(!active);
      }),
      { numRuns: 40 },
    );
  });

  it("reads UTC the way Date's UTC fields do", () => {
    fc.assert(
      fc.property(windowArb, instantArb, (window, at) => {
        const date = new Date(at);
        const minute = date.getUTCHours() * 60 + date.getUTCMinutes();
        const [fromH, fromM] = window.from.split(":").map(Number);
        const [toH, toM] = window.to.split(":").map(Number);
        const from = (fromH ?? 0) * 60 + (fromM ?? 0);
        const to = (toH ?? 0) * 60 + (toM ?? 0);
        const today = date.getUTCDay();
        const yesterday = (today + 6) % 7;
        const expected =
          from <= to
            ? window.days.includes(today) && minute >= from && minute <= to
            : (window.days.includes(today) && minute >= from) || (window.days.includes(yesterday) && minute <= to);
        expect(scheduleActive([window], at, "UTC")).toBe(expected);
      }),
    );
  });

  it("is the union of its windows", () => {
    fc.assert(
      fc.property(windowsArb, instantArb, fc.constantFrom(...ZONES), (windows, at, zone) => {
        expect(scheduleActive(windows, at, zone)).toBe(windows.some((window) => scheduleActive([window], at, zone)));
      }),
    );
  });

  it("repeats every week where the zone's offset does not change", () => {
    fc.assert(
      fc.property(windowsArb, instantArb, (windows, at) => {
        expect(scheduleActive(windows, at + 7 * DAY, "Asia/Kolkata")).toBe(scheduleActive(windows, at, "Asia/Kolkata"));
      }),
    );
  });
});
