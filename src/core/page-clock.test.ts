import { describe, expect, it } from "vitest";
import { MINUTE_MS, SECOND_MS, clockSpan, pageClockStep } from "./page-clock.ts";

const countdown = { mode: "epoch" as const, endsAt: 1_800_000_000 };
const schedule = { days: [1], from: "09:00", to: "17:00", timeZone: "Europe/London" };
const message = (over: { countdown?: typeof countdown | null; schedule?: typeof schedule | null }) => ({ text: "Hello", url: null, sites: [], countdown: null, schedule: null, ...over });
const shop = (enabled: boolean, messages: ReturnType<typeof message>[], slideSchedules: (object | null)[] = [null]) => ({
  announcementBar: { enabled, messages },
  home: { hero: { slides: slideSchedules.map((slideSchedule) => ({ schedule: slideSchedule })) } },
});

describe("how finely pages read the clock", () => {
  it("is a second while the announcement bar shows a countdown", () => {
    expect(pageClockStep(shop(true, [message({}), message({ countdown })]))).toBe(SECOND_MS);
  });

  it("is a minute when only schedules switch messages or slides", () => {
    expect(pageClockStep(shop(true, [message({ schedule })]))).toBe(MINUTE_MS);
    expect(pageClockStep(shop(true, [message({})], [null, [{ days: [1], from: "09:00", to: "10:00" }]]))).toBe(MINUTE_MS);
  });

  it("is nothing when no countdown or schedule is shown: a hidden bar's countdown does not count", () => {
    expect(pageClockStep(shop(false, [message({ countdown, schedule })]))).toBeNull();
    expect(pageClockStep(shop(true, [message({})]))).toBeNull();
  });

  it("puts instants in the same span only within one step", () => {
    expect(clockSpan(SECOND_MS, 5_000)).toBe(clockSpan(SECOND_MS, 5_999));
    expect(clockSpan(SECOND_MS, 5_999)).not.toBe(clockSpan(SECOND_MS, 6_000));
    expect(clockSpan(null, 5_000)).toBe(clockSpan(null, 9_999_999));
  });
});
