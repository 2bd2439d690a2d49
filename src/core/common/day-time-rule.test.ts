import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type DayTimeWindow, scheduleActive, scheduleSpan, scheduleState, stillHolds } from "./day-time-rule.ts";
import { zonedDateTime, zoneOffsetMs } from "../sites/time-zone.ts";

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
const WEEK_MINUTES = 7 * 1440;
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

  it("ends a Saturday window that runs to 23:59 at Sunday 00:00, across the week's end", () => {
    const saturday = [{ days: [6], from: "10:00", to: "23:59" }];
    // Saturday 28 November 2026.
    expect(state(saturday, "2026-11-28T12:00:00Z")).toEqual({ active: true, nextChange: "2026-11-29T00:00:00.000Z" });
    expect(state(saturday, "2026-11-29T00:00:00Z")).toEqual({ active: false, nextChange: "2026-12-05T10:00:00.000Z" });
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

/** Any clock time, and often midnight or the minute before it, where a day ends and the week wraps. */
const clock = fc.oneof(
  { arbitrary: fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`), weight: 4 },
  { arbitrary: fc.constantFrom("00:00", "23:59"), weight: 1 },
);
const windowArb = fc.record({ days: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }), from: clock, to: clock });
const windowsArb = fc.array(windowArb, { minLength: 0, maxLength: 3 });
/** One or two windows on one or two days, often running until midnight: changes up to a week apart, and at the week's end. */
const sparseWindowsArb = fc.array(
  fc.record({ days: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 2 }), from: clock, to: fc.oneof(clock, fc.constant("23:59")) }),
  { minLength: 1, maxLength: 2 },
);
/** 2000 to 2040, on any second. */
const instantArb = fc.integer({ min: Date.UTC(2000, 0, 1) / 1000, max: Date.UTC(2040, 0, 1) / 1000 }).map((seconds) => seconds * 1000);

/**
 * The brute force the search is checked against: every whole minute after
 * `at`, in order, for at most `minutes` minutes. Gives the first minute whose
 * answer differs from the answer at `at` (null if none does) and the last
 * minute it looked at. Kept short: each minute costs a time-zone lookup.
 */
function walkToFirstFlip(windows: readonly DayTimeWindow[], at: number, zone: string, minutes: number) {
  const active = scheduleActive(windows, at, zone);
  const first = Math.floor(at / MINUTE) * MINUTE + MINUTE;
  const last = first + (minutes - 1) * MINUTE;
  for (let minute = first; minute <= last; minute += MINUTE) {
    if (scheduleActive(windows, minute, zone) !== active) return { flip: minute, last };
  }
  return { flip: null, last };
}

/**
 * Checks the search against the walk over the walk's range: a change the
 * search names inside the range is the first flip the walk finds, and the
 * walk finds none when the search names a later change or none. Says whether
 * the two could be compared on an actual change.
 */
function expectSameAsWalking(windows: readonly DayTimeWindow[], at: number, zone: string, minutes: number): boolean {
  const { active, nextChange } = scheduleState(windows, at, zone);
  expect(active).toBe(scheduleActive(windows, at, zone));
  if (nextChange !== null) {
    expect(nextChange % MINUTE).toBe(0);
    expect(nextChange).toBeGreaterThan(at);
    expect(scheduleActive(windows, nextChange, zone)).toBe(!active);
  }
  const { flip, last } = walkToFirstFlip(windows, at, zone, minutes);
  const expected = nextChange !== null && nextChange <= last ? nextChange : null;
  if (flip !== expected) throw new Error(`walking found the first flip at ${iso(flip)}, the search said ${iso(nextChange)} (${JSON.stringify(windows)} in ${zone} from ${iso(at)})`);
  return flip !== null;
}

/** The local minute of the week (0 = Sunday 00:00) a clock in `zone` shows at `at`. */
function localMinuteOfWeek(at: number, zone: string): number {
  const wall = zonedDateTime(at, zone);
  return wall.weekday * 1440 + wall.hour * 60 + wall.minute;
}

const pad = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** A window described from a local minute of the week: where it starts from there, how many minutes past its first it lasts, and other days it also runs. */
const nearbyWindowArb = fc.record({
  shift: fc.integer({ min: -120, max: 120 }),
  length: fc.integer({ min: 0, max: 120 }),
  otherDays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 2 }),
});

/** Places a nearby window at a local minute of the week; one that runs past midnight gets a `to` before its `from`. */
function windowNear(anchor: number, { shift, length, otherDays }: { shift: number; length: number; otherDays: number[] }): DayTimeWindow {
  const start = (((anchor + shift) % WEEK_MINUTES) + WEEK_MINUTES) % WEEK_MINUTES;
  const from = start % 1440;
  return { days: [...new Set([Math.floor(start / 1440), ...otherDays])], from: pad(from), to: pad((from + length) % 1440) };
}

/** The minute the zone's offset changes between two instants with different offsets (one change between them). */
function offsetChangeBetween(from: number, to: number, zone: string): number {
  const before = zoneOffsetMs(from, zone);
  let low = Math.floor(from / MINUTE);
  let high = Math.ceil(to / MINUTE);
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (zoneOffsetMs(middle * MINUTE, zone) === before) low = middle;
    else high = middle;
  }
  return high * MINUTE;
}

/** Zones whose offset stayed put from 2000 to 2040, where a local minute is plain arithmetic. */
const FIXED_ZONES = ["UTC", "Asia/Kolkata", "Asia/Kathmandu", "Asia/Tokyo", "Pacific/Kiritimati", "Etc/GMT+12"];

/**
 * Whether windows cover a local minute counted from 1970-01-01 00:00 (a
 * Thursday), worked out from the rule's wording alone: `from` to `to` on a
 * listed day, or, when `from` is after `to`, from `from` on a listed day and
 * until `to` on the day after.
 */
function coverage(windows: readonly DayTimeWindow[]): (localMinute: number) => boolean {
  const spans = windows.map((window) => {
    const [fromH = 0, fromM = 0] = window.from.split(":").map(Number);
    const [toH = 0, toM = 0] = window.to.split(":").map(Number);
    return { days: window.days, from: fromH * 60 + fromM, to: toH * 60 + toM };
  });
  return (localMinute) => {
    const minute = ((localMinute % 1440) + 1440) % 1440;
    const today = (((Math.floor(localMinute / 1440) + 4) % 7) + 7) % 7;
    const yesterday = (today + 6) % 7;
    return spans.some(({ days, from, to }) =>
      from <= to ? days.includes(today) && minute >= from && minute <= to : (days.includes(today) && minute >= from) || (days.includes(yesterday) && minute <= to),
    );
  };
}

/** The week before a change in London, New York, Lord Howe (half an hour) or Chatham, on any second, 2000 to 2039. */
const beforeChangeArb = fc
  .record({ year: fc.integer({ min: 2000, max: 2039 }), month: fc.constantFrom(2, 3, 9, 10), day: fc.integer({ min: 0, max: 30 }), second: fc.integer({ min: 0, max: 86_399 }) })
  .map(({ year, month, day, second }) => Date.UTC(year, month, 1) + day * DAY + second * 1000 - 10 * DAY);
const DST_ZONES = ["Europe/London", "America/New_York", "Australia/Lord_Howe", "Pacific/Chatham"];

describe("scheduleState properties", () => {
  it("agrees with scheduleActive at the instant asked", () => {
    fc.assert(
      fc.property(windowsArb, instantArb, fc.constantFrom(...ZONES), (windows, at, zone) => {
        expect(scheduleState(windows, at, zone).active).toBe(scheduleActive(windows, at, zone));
      }),
    );
  });

  it("names the first minute the answer flips: the same until then, different from then", () => {
    // Windows starting and ending within a few hours of the local time asked, so the change is
    // usually within the walk, plus at most one anywhere in the week.
    let compared = 0;
    const runs = 60;
    fc.assert(
      fc.property(fc.array(nearbyWindowArb, { minLength: 1, maxLength: 3 }), fc.array(windowArb, { maxLength: 1 }), instantArb, fc.constantFrom(...ZONES), (nearby, anywhere, at, zone) => {
        const anchor = localMinuteOfWeek(at, zone);
        const windows = [...nearby.map((window) => windowNear(anchor, window)), ...anywhere];
        if (expectSameAsWalking(windows, at, zone, 5 * 60)) compared++;
      }),
      { numRuns: runs },
    );
    // The samples must mostly reach a change, or the walk proves little.
    expect(compared).toBeGreaterThan(runs / 2);
  });

  it("names the first flip across daylight-saving changes too", () => {
    // Shortly before (or just after) a change of offset, with windows around the local time the
    // clocks jump from: some in the hour skipped or repeated, some across it, some across midnight.
    let compared = 0;
    const runs = 40;
    const changeArb = fc.record({
      zone: fc.constantFrom(...DST_ZONES),
      year: fc.integer({ min: 2000, max: 2039 }),
      // Each of these zones changes exactly once from March to May and once from August to mid-November
      // (in 2000 Australia's summer time started in August).
      autumn: fc.boolean(),
      before: fc.integer({ min: -30 * 60, max: 2 * 60 * 60 }),
    });
    fc.assert(
      fc.property(changeArb, fc.array(nearbyWindowArb, { minLength: 1, maxLength: 3 }), ({ zone, year, autumn, before }, nearby) => {
        const change = autumn ? offsetChangeBetween(Date.UTC(year, 7, 1), Date.UTC(year, 10, 15), zone) : offsetChangeBetween(Date.UTC(year, 2, 1), Date.UTC(year, 4, 1), zone);
        expect(zoneOffsetMs(change, zone)).not.toBe(zoneOffsetMs(change - MINUTE, zone));
        // The local minute the clocks jump from: the one after the last shown on the old offset.
        const anchor = localMinuteOfWeek(change - MINUTE, zone) + 1;
        const windows = nearby.map((window) => windowNear(anchor, window));
        if (expectSameAsWalking(windows, change - before * 1000, zone, 7 * 60)) compared++;
      }),
      { numRuns: runs },
    );
    expect(compared).toBeGreaterThan(runs / 2);
  });

  it("names each of the next changes up to eight days ahead, walking every minute where the zone's offset is fixed", () => {
    // Local time is plain arithmetic here, so the walk can cover the whole search without time-zone lookups.
    fc.assert(
      fc.property(fc.oneof(windowsArb, sparseWindowsArb), instantArb, fc.constantFrom(...FIXED_ZONES), (windows, at, zone) => {
        const offset = zoneOffsetMs(at, zone);
        expect(zoneOffsetMs(at + 40 * DAY, zone)).toBe(offset);
        const covers = coverage(windows);
        const activeAt = (instant: number) => covers(Math.floor((instant + offset) / MINUTE));
        /** The first whole minute after `from`, up to eight days on, whose answer differs from the answer at `from`. */
        const walk = (from: number) => {
          const active = activeAt(from);
          for (let minute = Math.floor(from / MINUTE) * MINUTE + MINUTE; minute <= from + 8 * DAY; minute += MINUTE) {
            if (activeAt(minute) !== active) return minute;
          }
          return null;
        };
        // Follow the schedule from change to change, asking again at each.
        let from = at;
        for (let step = 0; step < 4; step++) {
          const expected = walk(from);
          const { active, nextChange } = scheduleState(windows, from, zone);
          expect(active).toBe(activeAt(from));
          expect(iso(nextChange)).toBe(iso(expected));
          if (expected === null) break;
          from = expected;
        }
      }),
      { numRuns: 50 },
    );
  });

  it("keeps the same answer and the same next change at any instant before that change", () => {
    // Asked again later, before the change it named, the search must name the same one; this
    // reaches changes days away in zones with daylight saving, beyond the walks above.
    fc.assert(
      fc.property(
        fc.oneof(windowsArb, sparseWindowsArb),
        fc.oneof(fc.tuple(instantArb, fc.constantFrom(...ZONES)), fc.tuple(beforeChangeArb, fc.constantFrom(...DST_ZONES))),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (windows, [at, zone], fraction) => {
          const { active, nextChange } = scheduleState(windows, at, zone);
          const later = at + Math.floor(fraction * ((nextChange ?? at + 8 * DAY) - at));
          if (nextChange === null) {
            // Nothing changes for eight days, so anything asked in between is the same.
            expect(scheduleActive(windows, later, zone)).toBe(active);
            return;
          }
          expect(scheduleState(windows, later, zone)).toEqual({ active, nextChange });
          expect(scheduleState(windows, nextChange - 1, zone)).toEqual({ active, nextChange });
          expect(scheduleActive(windows, nextChange, zone)).toBe(!active);
        },
      ),
      { numRuns: 60 },
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

describe("stillHolds", () => {
  it("takes a reading from the instant it holds since until its next change, and for good when there is none", () => {
    const since = Date.parse("2026-11-23T00:00:00Z");
    const reading = { active: true, nextChange: Date.parse("2026-11-23T14:00:00Z") };
    expect(stillHolds(reading, since, since)).toBe(true);
    expect(stillHolds(reading, since - 1, since)).toBe(false);
    expect(stillHolds(reading, Date.parse("2026-11-23T13:59:59Z"), since)).toBe(true);
    expect(stillHolds(reading, Date.parse("2026-11-23T14:00:00Z"), since)).toBe(false);
    expect(stillHolds({ active: false, nextChange: null }, 9e15, since)).toBe(true);
    expect(stillHolds(null, since, since)).toBe(false);
    expect(stillHolds(undefined, since, since)).toBe(false);
  });
});

describe("scheduleSpan", () => {
  const weekdayMornings = [{ days: [1, 2, 3, 4, 5], from: "00:00", to: "13:59" }];

  it("holds from the rule's last change to its next", () => {
    // Monday 10:00 in London (GMT): on since midnight, off at 14:00.
    expect(scheduleSpan(weekdayMornings, Date.parse("2026-11-23T10:00:00Z"), "Europe/London")).toEqual({ active: true, since: Date.parse("2026-11-23T00:00:00Z"), nextChange: Date.parse("2026-11-23T14:00:00Z") });
    // Saturday: off since Friday 14:00, on again on Monday.
    expect(scheduleSpan(weekdayMornings, Date.parse("2026-11-28T10:00:00Z"), "Europe/London")).toEqual({ active: false, since: Date.parse("2026-11-27T14:00:00Z"), nextChange: Date.parse("2026-11-30T00:00:00Z") });
    // A rule that never changes holds for ever.
    expect(scheduleSpan([{ days: [0, 1, 2, 3, 4, 5, 6], from: "00:00", to: "23:59" }], Date.parse("2026-11-28T10:00:00Z"), "Europe/London")).toEqual({ active: true, since: 0, nextChange: null });
  });

  it("is the same answer at every instant of the stretch, and the state there is the rule's", () => {
    fc.assert(
      fc.property(windowsArb, instantArb, fc.double({ min: 0, max: 1, noNaN: true }), (windows, at, fraction) => {
        const span = scheduleSpan(windows, at, "Europe/London");
        expect(span.since).toBeLessThanOrEqual(at);
        const end = span.nextChange ?? at + DAY;
        const other = span.since === 0 ? at : Math.min(end - 1, Math.floor(span.since + fraction * (end - span.since)));
        expect(scheduleSpan(windows, other, "Europe/London")).toEqual(span);
        expect(scheduleActive(windows, other, "Europe/London")).toBe(span.active);
      }),
      { numRuns: 40 },
    );
  });
});
