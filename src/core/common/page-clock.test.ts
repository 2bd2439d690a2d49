import { describe, expect, it } from "vitest";
import { pageClockSpan } from "./page-clock.ts";

const at = (iso: string) => Date.parse(iso);
const dispatch = { mode: "daily" as const, time: "14:00", timeZone: "Europe/London" };
const advent = { mode: "epoch" as const, endsAt: 1798135200 }; // 24 December 2026, 18:00 UTC
const weekdayMornings = { days: [1, 2, 3, 4, 5], from: "00:00", to: "13:59", timeZone: "Europe/London" };
type Countdown = typeof dispatch | typeof advent;
const message = (over: { countdown?: Countdown | null; schedule?: typeof weekdayMornings | null }) => ({ text: "Hello {countdown}", url: null, sites: [], countdown: null, schedule: null, ...over });
const shop = (enabled: boolean, messages: ReturnType<typeof message>[], slideSchedules: ({ days: number[]; from: string; to: string }[] | null)[] = [null]) => ({
  shop: { timeZone: "Europe/London" },
  announcementBar: { enabled, messages },
  home: { hero: { slides: slideSchedules.map((schedule) => ({ schedule })) } },
});

describe("when pages change with the time", () => {
  it("never, when no countdown or schedule is shown: a hidden bar's countdown does not count", () => {
    expect(pageClockSpan(shop(false, [message({ countdown: advent, schedule: weekdayMornings })]), at("2026-11-23T10:00:00Z"))).toEqual({ from: 0, until: null });
    expect(pageClockSpan(shop(true, [message({})]), at("2026-11-23T10:00:00Z"))).toEqual({ from: 0, until: null });
  });

  it("at a countdown's end and where its widest clock changes, not every second", () => {
    const settings = shop(true, [message({ countdown: advent })]);
    // 26 days left: the clock has read up to 99d since 100 days were left, and will until 10 are.
    const span = pageClockSpan(settings, at("2026-11-28T10:00:00Z"));
    expect(span).toEqual({ from: at("2026-09-15T18:00:01Z"), until: at("2026-12-14T18:00:01Z") });
    for (const iso of ["2026-11-28T10:00:01Z", "2026-11-28T11:00:00Z", "2026-12-14T18:00:00Z"]) expect(pageClockSpan(settings, at(iso)), iso).toEqual(span);
    // In the last second the clock reads "1s": after it, the countdown is over for good.
    expect(pageClockSpan(settings, at("2026-12-24T17:59:59.500Z"))).toEqual({ from: at("2026-12-24T17:59:51Z"), until: at("2026-12-24T18:00:00Z") });
    expect(pageClockSpan(settings, at("2026-12-24T18:00:00Z"))).toEqual({ from: at("2026-12-24T18:00:00Z"), until: null });
  });

  it("at a schedule's start and end, the bar's and the hero slides'", () => {
    expect(pageClockSpan(shop(true, [message({ schedule: weekdayMornings })]), at("2026-11-23T10:00:00Z"))).toEqual({ from: at("2026-11-23T00:00:00Z"), until: at("2026-11-23T14:00:00Z") });
    // A slide shown weekdays 09:00 to 09:59 London time.
    const slides = [null, [{ days: [1, 2, 3, 4, 5], from: "09:00", to: "09:59" }]];
    expect(pageClockSpan(shop(true, [message({})], slides), at("2026-11-23T09:30:00Z"))).toEqual({ from: at("2026-11-23T09:00:00Z"), until: at("2026-11-23T10:00:00Z") });
  });

  it("at the first boundary of any part of the page: the demo's dispatch countdown and advent calendar together", () => {
    const settings = shop(true, [message({ countdown: dispatch, schedule: weekdayMornings }), message({ countdown: advent })]);
    // Monday 10:00: the dispatch clock last changed shape under 10 hours left (04:00:01), next under one hour (13:00:01).
    expect(pageClockSpan(settings, at("2026-11-23T10:00:00Z"))).toEqual({ from: at("2026-11-23T04:00:01Z"), until: at("2026-11-23T13:00:01Z") });
    // Saturday: the schedule is off since Friday 14:00, the dispatch countdown's day began at 14:00 too; the advent calendar's
    // clock changes shape when 10 days are left, and the dispatch countdown's next at 04:00:01.
    expect(pageClockSpan(settings, at("2026-11-28T10:00:00Z"))).toEqual({ from: at("2026-11-28T04:00:01Z"), until: at("2026-11-28T13:00:01Z") });
  });

  it("is answered the same for every instant of a stretch, and anew past its end", () => {
    const settings = shop(true, [message({ countdown: dispatch, schedule: weekdayMornings }), message({ countdown: advent })]);
    const first = pageClockSpan(settings, at("2026-11-23T10:00:00Z"));
    expect(pageClockSpan(settings, at("2026-11-23T13:00:00Z"))).toBe(first);
    expect(pageClockSpan(settings, first.until!)).toEqual({ from: first.until, until: at("2026-11-23T13:50:01Z") });
  });
});
