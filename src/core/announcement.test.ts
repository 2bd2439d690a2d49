import { describe, expect, it } from "vitest";
import { countdownWords } from "./countdown.ts";
import { type AnnouncementMessage, activeAnnouncement, announcementClockStart, clockEnds, announcementView, countdownEnds, isScheduled } from "./announcement.ts";

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

describe("announcementView", () => {
  it("gives the countdown as a clock and in words", () => {
    const now = at("2026-11-23T10:47:51Z");
    expect(announcementView(messages, now, countdownEnds(messages, now), countdownWords("en"))).toEqual({ index: 0, countdown: { clock: "3h 12m 09s", words: "3 hours, 12 minutes, 9 seconds" } });
  });

  it("has no countdown for a plain message", () => {
    const now = at("2026-12-26T10:00:00Z"); // a Saturday, after the advent calendar's end
    expect(announcementView(messages, now, countdownEnds(messages, now), countdownWords("en"))).toEqual({ index: 2, countdown: null });
  });
});

describe("the clock's start, read by the server", () => {
  const monday = at("2026-11-23T10:00:00Z");

  it("carries each countdown's end and each schedule's state until its next change", () => {
    const start = announcementClockStart(messages, monday);
    expect(start.readAt).toBe(monday);
    expect(start.ends).toEqual(countdownEnds(messages, monday));
    // On until 14:00 London time (GMT in November); the others have no schedule.
    expect(start.schedules).toEqual([{ active: true, nextChange: at("2026-11-23T14:00:00Z") }, null, null]);
  });

  it("is worked out once a minute, and answers every instant of that minute as a fresh reading would", () => {
    const fresh = (instant: number) => announcementClockStart([...messages], instant);
    // A minute ending on the dispatch time and the schedule's end, and one starting on them.
    for (const minute of [at("2026-11-23T13:59:00Z"), at("2026-11-23T14:00:00Z"), at("2026-11-23T10:07:00Z")]) {
      const first = announcementClockStart(messages, minute);
      for (const offset of [0, 1, 29_999, 59_999]) {
        const later = announcementClockStart(messages, minute + offset);
        expect(later.readAt).toBe(minute + offset);
        expect(later.ends).toBe(first.ends);
        expect(later.schedules).toBe(first.schedules);
        expect({ ends: later.ends, schedules: later.schedules }, new Date(minute + offset).toISOString()).toEqual({ ends: fresh(minute + offset).ends, schedules: fresh(minute + offset).schedules });
      }
    }
    // The next minute is read afresh.
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

  it("works out for itself a clock behind the server's minute, or past a daily countdown's end", () => {
    const start = announcementClockStart(messages, monday);
    // A browser clock set to the Friday before: the server's readings do not answer for it.
    const friday = at("2026-11-20T16:00:00Z");
    expect(clockEnds(messages, start, friday)).toEqual(countdownEnds(messages, friday));
    expect(activeAnnouncement(messages, friday, clockEnds(messages, start, friday), start)).toBe(activeAnnouncement(messages, friday, countdownEnds(messages, friday)));
    // Seconds behind, within the minute the server read in: its readings stand.
    expect(clockEnds(messages, start, at("2026-11-23T10:00:00Z"))).toEqual(start.ends);
    // Past the dispatch time: the next day's.
    expect(clockEnds(messages, start, at("2026-11-23T14:00:01Z"))[0]).toBe(at("2026-11-24T14:00:00Z"));
  });

  it("takes a known state until its change, and reads the zone after it", () => {
    // Monday 10:00 in London is within the rule; a state saying "off until 12:00" is taken until then.
    const reading = { state: { active: false, nextChange: at("2026-11-23T12:00:00Z") }, readAt: monday };
    expect(isScheduled(weekdayMornings, at("2026-11-23T10:00:00Z"), reading)).toBe(false);
    expect(isScheduled(weekdayMornings, at("2026-11-23T12:00:00Z"), reading)).toBe(true);
    expect(isScheduled(weekdayMornings, at("2026-11-23T09:00:00Z"), reading)).toBe(true);
  });
});
