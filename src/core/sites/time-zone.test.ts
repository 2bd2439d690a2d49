import { describe, expect, it } from "vitest";
import { nextDailyTime, zoneOffsetMs, zonedDateTime, zonedTimeToEpoch } from "./time-zone.ts";

const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

describe("zonedDateTime", () => {
  it("reads the wall clock and weekday in a zone", () => {
    // Saturday 21 November 2026, 19:42:44 UTC.
    expect(zonedDateTime(at("2026-11-21T19:42:44Z"), "Europe/London")).toEqual({ year: 2026, month: 11, day: 21, hour: 19, minute: 42, second: 44, weekday: 6 });
    expect(zonedDateTime(at("2026-11-21T19:42:44Z"), "Asia/Kolkata")).toEqual({ year: 2026, month: 11, day: 22, hour: 1, minute: 12, second: 44, weekday: 0 });
    expect(zonedDateTime(at("2026-11-21T00:30:00Z"), "America/New_York")).toMatchObject({ day: 20, hour: 19, weekday: 5 });
  });

  it("shows midnight as hour 0", () => {
    expect(zonedDateTime(at("2026-06-30T23:00:00Z"), "Europe/London")).toMatchObject({ month: 7, day: 1, hour: 0, minute: 0 });
  });
});

describe("zoneOffsetMs", () => {
  it("follows summer time", () => {
    expect(zoneOffsetMs(at("2026-01-15T12:00:00Z"), "Europe/London")).toBe(0);
    expect(zoneOffsetMs(at("2026-07-15T12:00:00Z"), "Europe/London")).toBe(HOUR);
    expect(zoneOffsetMs(at("2026-07-15T12:00:00Z"), "America/New_York")).toBe(-4 * HOUR);
    expect(zoneOffsetMs(at("2026-07-15T12:00:00Z"), "Australia/Sydney")).toBe(10 * HOUR);
    expect(zoneOffsetMs(at("2026-01-15T12:00:00Z"), "Australia/Sydney")).toBe(11 * HOUR);
    expect(zoneOffsetMs(at("2026-01-15T12:00:00Z"), "Asia/Kolkata")).toBe(5.5 * HOUR);
  });
});

describe("zonedTimeToEpoch", () => {
  it("turns a wall time into an instant", () => {
    expect(zonedTimeToEpoch({ year: 2026, month: 7, day: 1, hour: 14, minute: 0 }, "Europe/London")).toBe(at("2026-07-01T13:00:00Z"));
    expect(zonedTimeToEpoch({ year: 2026, month: 12, day: 24, hour: 23, minute: 59 }, "Asia/Kolkata")).toBe(at("2026-12-24T18:29:00Z"));
  });

  it("moves a time the clocks skip forward by the jump (London, 29 March 2026)", () => {
    // 01:00 GMT becomes 02:00 BST: 01:30 never happens and is read as 02:30 BST.
    expect(zonedTimeToEpoch({ year: 2026, month: 3, day: 29, hour: 1, minute: 30 }, "Europe/London")).toBe(at("2026-03-29T01:30:00Z"));
    expect(zonedDateTime(at("2026-03-29T01:30:00Z"), "Europe/London")).toMatchObject({ hour: 2, minute: 30 });
  });

  it("takes the earlier of a time that happens twice (London, 25 October 2026)", () => {
    // 02:00 BST becomes 01:00 GMT: 01:30 happens at 00:30 UTC and again at 01:30 UTC.
    expect(zonedTimeToEpoch({ year: 2026, month: 10, day: 25, hour: 1, minute: 30 }, "Europe/London")).toBe(at("2026-10-25T00:30:00Z"));
  });
});

describe("nextDailyTime", () => {
  it("is later today while today's time is still ahead", () => {
    expect(nextDailyTime(at("2026-11-21T19:00:00Z"), "23:59", "Europe/London")).toBe(at("2026-11-21T23:59:00Z"));
  });

  it("is tomorrow once today's time has come", () => {
    expect(nextDailyTime(at("2026-06-01T13:00:00Z"), "14:00", "Europe/London")).toBe(at("2026-06-02T13:00:00Z"));
    expect(nextDailyTime(at("2026-06-01T13:30:00Z"), "14:00", "Europe/London")).toBe(at("2026-06-02T13:00:00Z"));
  });

  it("counts the real hours across the day the clocks go forward", () => {
    // Midnight GMT on Sunday 29 March 2026 to 23:59 BST the same day: 22 h 59 m, the day being 23 hours long.
    const now = at("2026-03-29T00:00:00Z");
    expect(nextDailyTime(now, "23:59", "Europe/London") - now).toBe(22 * HOUR + 59 * 60_000);
  });

  it("counts the real hours across the day the clocks go back", () => {
    // Midnight BST on Sunday 25 October 2026 to 23:59 GMT: 24 h 59 m, the day being 25 hours long.
    const now = at("2026-10-24T23:00:00Z");
    expect(nextDailyTime(now, "23:59", "Europe/London") - now).toBe(24 * HOUR + 59 * 60_000);
  });

  it("uses the zone's own date, not the server's", () => {
    // 20:00 in New York on Saturday is already Sunday in Kolkata.
    const now = at("2026-11-22T01:00:00Z");
    expect(nextDailyTime(now, "14:00", "America/New_York")).toBe(at("2026-11-22T19:00:00Z"));
    expect(nextDailyTime(now, "14:00", "Asia/Kolkata")).toBe(at("2026-11-22T08:30:00Z"));
  });

  it("handles the southern hemisphere's change (Sydney, 5 April 2026)", () => {
    // 23:00 AEDT on Saturday; clocks go back at 03:00 on Sunday, so 09:00 AEST is 11 hours away.
    const now = at("2026-04-04T12:00:00Z");
    expect(nextDailyTime(now, "09:00", "Australia/Sydney")).toBe(at("2026-04-04T23:00:00Z"));
  });

  it("finds a skipped time the next day as the time past the jump (New York, 8 March 2026)", () => {
    // 02:30 does not happen on 8 March in New York; the countdown ends at 03:30 EDT.
    expect(nextDailyTime(at("2026-03-08T05:00:00Z"), "02:30", "America/New_York")).toBe(at("2026-03-08T07:30:00Z"));
  });
});
