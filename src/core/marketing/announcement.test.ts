import { describe, expect, it } from "vitest";
import { countdownWords, countdownSpan } from "./countdown.ts";
import { type AnnouncementMessage, activeAnnouncement, announcementClockSpan, announcementClockStart, announcementPage, clockEnds, countdownEnds, isScheduled } from "./announcement.ts";

const at = (iso: string) => Date.parse(iso);

const weekdayMornings = { days: [1, 2, 3, 4, 5], from: "00:00", to: "13:59", timeZone: "Europe/London" };

const messages: AnnouncementMessage[] = [
  { text: "Order within {countdown} for same-day dispatch", url: null, countdown: { mode: "daily", time: "14:00", timeZone: "Europe/London" }, schedule: weekdayMornings, sites: [] },
  { text: "Advent calendar: {countdown} left", url: "/products/advent-calendar", countdown: { mode: "epoch", endsAt: 1798135200 }, schedule: null, sites: [] },
  { text: "Free UK shipping over £40", url: null, countdown: null, schedule: null, sites: [] },
];

describe("isScheduled", () => {
  it("allows any time without a rule", () => {
    expect(isScheduled(null, at("2026-11-22T03:00:00Z"))).toBe(true);
  });

  it("checks the day and the minutes in the rule's zone", () => {
    // Monday 23 November 2026, London is on GMT.
    expect(isScheduled(weekdayMornings, at("2026-11-23T13:59:59Z"))).toBe(true);
    expect(isScheduled(weekdayMornings, at("2026-11-23T14:00:00Z"))).toBe(false);
    // Saturday.
    expect(isScheduled(weekdayMornings, at("2026-11-21T09:00:00Z"))).toBe(false);
    // Monday 1 June at 13:30 BST is 12:30 UTC; 13:30 UTC is 14:30 BST.
    expect(isScheduled(weekdayMornings, at("2026-06-01T12:30:00Z"))).toBe(true);
    expect(isScheduled(weekdayMornings, at("2026-06-01T13:30:00Z"))).toBe(false);
  });

  it("runs past midnight when `to` comes before `from`", () => {
    const nights = { days: [0, 1, 2, 3, 4, 5, 6], from: "22:00", to: "02:00", timeZone: "America/New_York" };
    expect(isScheduled(nights, at("2026-11-23T03:30:00Z"))).toBe(true); // 22:30 in New York
    expect(isScheduled(nights, at("2026-11-23T07:00:00Z"))).toBe(true); // 02:00
    expect(isScheduled(nights, at("2026-11-23T08:00:00Z"))).toBe(false); // 03:00
  });
});

describe("activeAnnouncement", () => {
  it("shows the first message whose schedule and countdown allow it", () => {
    const monday = at("2026-11-23T10:00:00Z");
    const ends = countdownEnds(messages, monday);
    expect(ends).toEqual([at("2026-11-23T14:00:00Z"), at("2026-12-24T18:00:00Z"), null]);
    expect(activeAnnouncement(messages, monday, ends)).toBe(0);
    // The dispatch countdown reaches zero: the advent calendar's turn.
    expect(activeAnnouncement(messages, at("2026-11-23T14:00:00Z"), ends)).toBe(1);
    // The advent calendar's ends too: the plain message.
    expect(activeAnnouncement(messages, at("2026-12-24T18:00:00Z"), ends)).toBe(2);
  });

  it("keeps a daily countdown at zero once reached, even when its next day starts", () => {
    const monday = at("2026-11-23T10:00:00Z");
    const ends = countdownEnds(messages, monday);
    expect(activeAnnouncement(messages, at("2026-11-24T10:00:00Z"), ends)).toBe(1);
  });

  it("finds nothing when no message applies", () => {
    expect(activeAnnouncement([messages[0]!], at("2026-11-21T10:00:00Z"), countdownEnds([messages[0]!], at("2026-11-21T10:00:00Z")))).toBe(-1);
    expect(activeAnnouncement([], 0, [])).toBe(-1);
  });
});

describe("the bar as the server draws it", () => {
  it("writes the countdown's end as a time, with the widest clock until the page next changes", () => {
    const now = at("2026-11-23T10:47:51Z");
    expect(announcementPage(messages, now, announcementClockStart(messages, now), countdownWords("en"), "Europe/London")).toEqual({
      index: 0,
      deadline: { end: at("2026-11-23T14:00:00Z"), text: "2:00 PM GMT", widest: "9h 59m 59s" },
    });
    // A date is written with its day, in the shop's time zone.
    const saturday = at("2026-11-28T10:00:00Z");
    expect(announcementPage(messages, saturday, announcementClockStart(messages, saturday), countdownWords("en"), "Europe/London").deadline).toEqual({ end: at("2026-12-24T18:00:00Z"), text: "Dec 24, 6:00 PM GMT", widest: "99d 23h 59m 59s" });
  });

  it("is the same for every second between two of the rules' boundaries", () => {
    const words = countdownWords("en");
    const draw = (instant: number) => announcementPage([...messages], instant, announcementClockStart([...messages], instant), words, "Europe/London");
    const first = draw(at("2026-11-23T04:00:01Z"));
    for (const iso of ["2026-11-23T04:00:02Z", "2026-11-23T07:31:17Z", "2026-11-23T12:59:59Z"]) expect(draw(at(iso)), iso).toEqual(first);
    // An hour before the end the clock loses a unit: the widest clock changes there.
    expect(draw(at("2026-11-23T13:00:00Z")).deadline?.widest).toBe("9h 59m 59s");
    expect(draw(at("2026-11-23T13:00:01Z")).deadline?.widest).toBe("59m 59s");
  });

  it("has no deadline for a plain message", () => {
    const now = at("2026-12-26T10:00:00Z"); // a Saturday, after the advent calendar's end
    expect(announcementPage(messages, now, announcementClockStart(messages, now), countdownWords("en"), "Europe/London")).toEqual({ index: 2, deadline: null });
  });
});

describe("the clock's start, read by the server", () => {
  const monday = at("2026-11-23T10:00:00Z");

  it("carries each countdown's end and each schedule's state until its next change, from the last change", () => {
    const start = announcementClockStart(messages, monday);
    // The dispatch countdown's widest clock last changed at 04:00:01 (under 10 hours left, to the second rounded up).
    expect(start.since).toBe(at("2026-11-23T04:00:01Z"));
    expect(start.ends).toEqual(countdownEnds(messages, monday));
    // On until 14:00 London time (GMT in November); the others have no schedule.
    expect(start.schedules).toEqual([{ active: true, nextChange: at("2026-11-23T14:00:00Z") }, null, null]);
  });

  it("holds from its start until the next boundary, where it is read afresh", () => {
    const fresh = (instant: number) => announcementClockSpan([...messages], instant);
    const { start, until } = announcementClockSpan(messages, monday);
    expect(until).toBe(countdownSpan(messages[0]!.countdown!, monday).until);
    expect(until).toBe(at("2026-11-23T13:00:01Z"));
    for (const instant of [start.since, monday, until! - 1]) {
      expect(announcementClockStart(messages, instant)).toBe(start);
      expect(fresh(instant).start, new Date(instant).toISOString()).toEqual(start);
    }
    expect(announcementClockStart(messages, until!).since).toBe(until);
    // After 14:00 on a Monday: off until midnight, and the dispatch countdown counts to Tuesday.
    expect(announcementClockStart(messages, at("2026-11-23T14:00:00Z")).schedules).toEqual([{ active: false, nextChange: at("2026-11-24T00:00:00Z") }, null, null]);
  });

  it("answers as the time zone does, before and after a schedule's change", () => {
    const start = announcementClockStart(messages, monday);
    const noCountdowns = messages.map(() => null);
    for (const instant of [monday, at("2026-11-23T13:59:59Z"), at("2026-11-23T14:00:00Z"), at("2026-11-24T09:00:00Z"), at("2026-11-28T09:00:00Z")]) {
      const ends = clockEnds(messages, start, instant);
      expect(activeAnnouncement(messages, instant, ends, start), new Date(instant).toISOString()).toBe(activeAnnouncement(messages, instant, countdownEnds(messages, instant)));
      expect(activeAnnouncement(messages, instant, noCountdowns, start), new Date(instant).toISOString()).toBe(activeAnnouncement(messages, instant, noCountdowns));
    }
  });

  it("works out for itself a clock behind the instant its readings hold from, or past a daily countdown's end", () => {
    const start = announcementClockStart(messages, monday);
    // A browser clock set to the Friday before: the server's readings do not answer for it.
    const friday = at("2026-11-20T16:00:00Z");
    expect(clockEnds(messages, start, friday)).toEqual(countdownEnds(messages, friday));
    expect(activeAnnouncement(messages, friday, clockEnds(messages, start, friday), start)).toBe(activeAnnouncement(messages, friday, countdownEnds(messages, friday)));
    // Behind the server's instant but after the readings' start: they stand.
    expect(clockEnds(messages, start, at("2026-11-23T09:00:00Z"))).toEqual(start.ends);
    // Past the dispatch time: the next day's.
    expect(clockEnds(messages, start, at("2026-11-23T14:00:01Z"))[0]).toBe(at("2026-11-24T14:00:00Z"));
  });

  it("takes a known state until its change, and reads the zone after it", () => {
    // Monday 10:00 in London is within the rule; a state saying "off until 12:00" is taken until then.
    const reading = { state: { active: false, nextChange: at("2026-11-23T12:00:00Z") }, since: monday };
    expect(isScheduled(weekdayMornings, at("2026-11-23T10:00:00Z"), reading)).toBe(false);
    expect(isScheduled(weekdayMornings, at("2026-11-23T12:00:00Z"), reading)).toBe(true);
    expect(isScheduled(weekdayMornings, at("2026-11-23T09:00:00Z"), reading)).toBe(true);
  });
});
