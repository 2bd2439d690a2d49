import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseSettings } from "../settings/settings.ts";
import { type ScheduleMoment, duePopups, nextLookAt } from "./popup-schedule.ts";
import { timedPopupsEnabled } from "./popups.ts";

const { popups: settings } = parseSettings(JSON.parse(readFileSync(new URL("../../../config/settings.json", import.meta.url), "utf8")));
const enabled = timedPopupsEnabled(settings, true);
const loadedAt = Date.UTC(2026, 10, 29, 10, 0, 0);
const rememberMs = settings.rememberDays * 86_400_000;

/** A third page of a first visit, nothing remembered, nothing done yet. */
const moment = (change: Partial<ScheduleMoment> = {}): ScheduleMoment => ({
  now: loadedAt,
  loadedAt,
  settings,
  enabled,
  rememberMs,
  memory: { newsletter: () => ({ epoch: null, pages: ["/", "/collections/all", "/products/solstice-face-oil"], submitted: false }), countdown: () => ({ epoch: null, submitted: false }), announcement: () => ({ epoch: null }) },
  geoOffered: false,
  announcementGone: false,
  scrollY: 0,
  returning: false,
  shownThisSession: [],
  leaving: false,
  ...change,
});

describe("the popups due on a page", () => {
  it("shows none before the first delay, then each once its own delay from the page's load has passed", () => {
    expect([...duePopups(moment())]).toEqual([]);
    expect([...duePopups(moment({ now: loadedAt + settings.newsletter.delayMs }))]).toEqual(["newsletter"]);
    expect([...duePopups(moment({ now: loadedAt + settings.trafficShaping.delayMs }))].sort()).toEqual(["newsletter", "trafficShaping"]);
    expect([...duePopups(moment({ now: loadedAt + settings.announcement.delayMs }))].sort()).toEqual(["announcement", "countdown", "newsletter", "trafficShaping"]);
  });

  it("offers the geo popup as soon as there is a site to offer", () => {
    expect([...duePopups(moment({ geoOffered: true }))]).toEqual(["geo"]);
  });

  it("keeps the announcement away once scrolled away or scrolled past the merchant's distance", () => {
    const late = loadedAt + settings.announcement.delayMs;
    expect(duePopups(moment({ now: late, announcementGone: true })).has("announcement")).toBe(false);
    expect(duePopups(moment({ now: late, scrollY: settings.announcement.hideAfterScrollPx + 1 })).has("announcement")).toBe(false);
    expect(duePopups(moment({ now: late, scrollY: settings.announcement.hideAfterScrollPx })).has("announcement")).toBe(true);
  });

  it("shows the once-per-session popups once, to their audience", () => {
    const late = loadedAt + settings.trafficShaping.delayMs;
    expect(duePopups(moment({ now: late, shownThisSession: ["trafficShaping"] })).has("trafficShaping")).toBe(false);
    expect(duePopups(moment({ now: late, returning: true })).has("trafficShaping")).toBe(false);
    expect(duePopups(moment({ leaving: true })).has("abandonment")).toBe(false);
    expect(duePopups(moment({ leaving: true, returning: true })).has("abandonment")).toBe(true);
    expect(duePopups(moment({ leaving: true, returning: true, shownThisSession: ["abandonment"] })).has("abandonment")).toBe(false);
  });

  it("reads no memory of a popup the merchant turned off", () => {
    const off = { ...enabled, newsletter: false, countdown: false, announcement: false };
    const unreadable = () => {
      throw new Error("read");
    };
    const due = duePopups(moment({ now: loadedAt + 60_000, enabled: off, memory: { newsletter: unreadable, countdown: unreadable, announcement: unreadable } }));
    expect([...due]).toEqual(["trafficShaping"]);
  });
});

describe("when the schedule looks again", () => {
  it("at the next timed popup's delay from the page's load", () => {
    expect(nextLookAt({ now: loadedAt, loadedAt, settings, enabled, dueCount: 0, lastClosedAt: null })).toBe(loadedAt + settings.newsletter.delayMs);
    expect(nextLookAt({ now: loadedAt + 6000, loadedAt, settings, enabled, dueCount: 0, lastClosedAt: null })).toBe(loadedAt + settings.countdown.delayMs);
    expect(nextLookAt({ now: loadedAt, loadedAt, settings, enabled: { ...enabled, newsletter: false }, dueCount: 0, lastClosedAt: null })).toBe(loadedAt + settings.trafficShaping.delayMs);
  });

  it("at the end of the pause after a popup closed, while another is due", () => {
    const closed = loadedAt + 20_000;
    const now = closed + 1000;
    expect(nextLookAt({ now, loadedAt, settings, enabled, dueCount: 1, lastClosedAt: closed })).toBe(closed + settings.gapSeconds * 1000);
    expect(nextLookAt({ now, loadedAt, settings, enabled, dueCount: 0, lastClosedAt: closed })).toBeNull();
  });
});
