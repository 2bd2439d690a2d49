import { describe, expect, it } from "vitest";
import {
  CONSENT_POLL_MS,
  CONSENT_POLL_TRIES,
  REMEMBER_MS,
  abandonmentDue,
  announcementDue,
  announcementHiddenByScroll,
  backAfterAWhile,
  consentHolds,
  consentRecheckIn,
  countdownDue,
  countdownPopupTitle,
  newsletterDue,
  newsletterReminderShown,
  nextPopup,
  pointerLeftThroughTop,
  quickScrollUp,
  readNewsletterMemory,
  trafficShapingDue,
  withPage,
  beginPopupSession,
  formatPopupSession,
  geoPopupTexts,
  geoSiteOffered,
  readGeoMemory,
  nextDueAt,
  parsePopupSession,
  popupOrder,
  type NewsletterMemory,
  type PopupName,
} from "./popups.ts";

const LOADED = 1_000_000;
const fresh: NewsletterMemory = { epoch: null, pages: ["/", "/collections/face"], submitted: false };

describe("the newsletter popup", () => {
  const due = (now: number, memory = fresh, pagesBeforeShow = 2) => newsletterDue({ now, loadedAt: LOADED, delayMs: 2000, pagesBeforeShow, memory });

  it("appears 2 s after load, not a millisecond sooner", () => {
    expect(due(LOADED + 1999)).toBe(false);
    expect(due(LOADED + 2000)).toBe(true);
  });

  it("stays away for 7 days after it was seen, and comes back a second later", () => {
    const now = LOADED + 5000;
    expect(due(now, { ...fresh, epoch: now - REMEMBER_MS + 1000 })).toBe(false);
    expect(due(now, { ...fresh, epoch: now - REMEMBER_MS - 1000 })).toBe(true);
    expect(due(now, { ...fresh, epoch: now - REMEMBER_MS })).toBe(true);
  });

  it("waits for enough distinct pages, and never returns once submitted", () => {
    expect(due(LOADED + 5000, { ...fresh, pages: ["/"] })).toBe(false);
    expect(due(LOADED + 5000, { ...fresh, pages: ["/"] }, 1)).toBe(true);
    expect(due(LOADED + 5000, { ...fresh, submitted: true })).toBe(false);
  });

  it("counts each page once and remembers a bounded list", () => {
    expect(withPage(withPage(fresh, "/"), "/cart").pages).toEqual(["/", "/collections/face", "/cart"]);
    let memory: NewsletterMemory = { ...fresh, pages: [] };
    for (let index = 0; index < 30; index += 1) memory = withPage(memory, `/p/${index}`);
    expect(memory.pages).toHaveLength(20);
    expect(memory.pages.at(-1)).toBe("/p/29");
  });

  it("shows its reminder after a close without a sign-up, unless hidden", () => {
    expect(newsletterReminderShown({ ...fresh, epoch: LOADED }, true)).toBe(true);
    expect(newsletterReminderShown({ ...fresh, epoch: LOADED }, false)).toBe(false);
    expect(newsletterReminderShown({ ...fresh, epoch: LOADED, submitted: true }, true)).toBe(false);
    expect(newsletterReminderShown(fresh, true)).toBe(false);
  });

  it("reads a stored record defensively", () => {
    expect(readNewsletterMemory('{"nonsense"')).toEqual({ epoch: null, pages: [], submitted: false });
    expect(readNewsletterMemory({ epoch: 5, pages: ["/", 3], submitted: "yes" })).toEqual({ epoch: 5, pages: ["/"], submitted: false });
  });
});

describe("the countdown and announcement popups", () => {
  it("shows the countdown after its delay unless seen within 7 days or submitted, always when set, never at or after zero", () => {
    const endMs = LOADED + 60_000;
    const due = (now: number, memory: { epoch: number | null; submitted: boolean }, alwaysShow = false, delayMs = 0) => countdownDue({ now, loadedAt: LOADED, delayMs, endMs, alwaysShow, memory });
    expect(due(LOADED, { epoch: null, submitted: false })).toBe(true);
    expect(due(LOADED + 999, { epoch: null, submitted: false }, false, 1000)).toBe(false);
    expect(due(LOADED + 1000, { epoch: null, submitted: false }, false, 1000)).toBe(true);
    expect(due(LOADED, { epoch: LOADED - REMEMBER_MS + 1000, submitted: false })).toBe(false);
    expect(due(LOADED, { epoch: LOADED - REMEMBER_MS - 1000, submitted: false })).toBe(true);
    expect(due(LOADED, { epoch: null, submitted: true })).toBe(false);
    expect(due(LOADED, { epoch: LOADED - 1000, submitted: true }, true)).toBe(true);
    expect(due(endMs - 1, { epoch: null, submitted: false }, true)).toBe(true);
    expect(due(endMs, { epoch: null, submitted: false }, true)).toBe(false);
  });

  it("shows the announcement 10 s after load unless closed within 7 days, and hides it past 150 px of scroll", () => {
    const memory = { epoch: null };
    expect(announcementDue({ now: LOADED + 9999, loadedAt: LOADED, delayMs: 10_000, memory })).toBe(false);
    expect(announcementDue({ now: LOADED + 10_000, loadedAt: LOADED, delayMs: 10_000, memory })).toBe(true);
    expect(announcementDue({ now: LOADED + 10_000, loadedAt: LOADED, delayMs: 10_000, memory: { epoch: LOADED + 10_000 - REMEMBER_MS + 1000 } })).toBe(false);
    expect(announcementHiddenByScroll(150, 150)).toBe(false);
    expect(announcementHiddenByScroll(151, 150)).toBe(true);
  });
});

describe("the session popups", () => {
  it("shows traffic shaping 5 s after load, once per session, to its audience", () => {
    const base = { loadedAt: LOADED, delayMs: 5000, shownThisSession: false, audience: "new" as const, returning: false };
    expect(trafficShapingDue({ ...base, now: LOADED + 4999 })).toBe(false);
    expect(trafficShapingDue({ ...base, now: LOADED + 5000 })).toBe(true);
    expect(trafficShapingDue({ ...base, now: LOADED + 5000, shownThisSession: true })).toBe(false);
    expect(trafficShapingDue({ ...base, now: LOADED + 5000, returning: true })).toBe(false);
    expect(trafficShapingDue({ ...base, now: LOADED + 5000, returning: true, audience: "all" })).toBe(true);
  });

  it("shows abandonment once per session to its audience, on a leaving gesture", () => {
    expect(abandonmentDue({ leaving: true, shownThisSession: false, audience: "returning", returning: true })).toBe(true);
    expect(abandonmentDue({ leaving: true, shownThisSession: false, audience: "returning", returning: false })).toBe(false);
    expect(abandonmentDue({ leaving: true, shownThisSession: true, audience: "returning", returning: true })).toBe(false);
    expect(abandonmentDue({ leaving: false, shownThisSession: false, audience: "all", returning: true })).toBe(false);
  });

  it("reads leaving: the pointer out through the top, a quick scroll up, or back after a while", () => {
    expect(pointerLeftThroughTop({ clientY: 0, toElementIsNull: true })).toBe(true);
    expect(pointerLeftThroughTop({ clientY: 40, toElementIsNull: true })).toBe(false);
    expect(pointerLeftThroughTop({ clientY: -5, toElementIsNull: false })).toBe(false);
    expect(quickScrollUp({ y: 900, at: 0 }, { y: 780, at: 300 })).toBe(true);
    expect(quickScrollUp({ y: 900, at: 0 }, { y: 781, at: 300 })).toBe(false);
    expect(quickScrollUp({ y: 900, at: 0 }, { y: 700, at: 301 })).toBe(false);
    expect(backAfterAWhile(LOADED + 14_999, LOADED)).toBe(false);
    expect(backAfterAWhile(LOADED + 15_000, LOADED)).toBe(true);
  });
});

describe("one popup at a time, after the consent banner", () => {
  it("holds popups while the banner is undecided, however many checks have been made", () => {
    expect(consentHolds({ waitForBanner: true, bannerUndecided: true })).toBe(true);
    expect(consentHolds({ waitForBanner: true, bannerUndecided: false })).toBe(false);
    expect(consentHolds({ waitForBanner: false, bannerUndecided: true })).toBe(false);
  });

  it("checks the stored choice every 300 ms for 20 checks, then leaves it to the banner's answer", () => {
    expect(consentRecheckIn(0)).toBe(CONSENT_POLL_MS);
    expect(consentRecheckIn(CONSENT_POLL_TRIES - 1)).toBe(CONSENT_POLL_MS);
    expect(consentRecheckIn(CONSENT_POLL_TRIES)).toBeNull();
  });

  it("picks the first due popup in the merchant's order, and none while one is open", () => {
    const priority = ["geo", "countdown", "newsletter", "announcement"] as const;
    expect(nextPopup(priority, new Set(["newsletter", "announcement"]), null)).toBe("newsletter");
    expect(nextPopup(priority, new Set(["newsletter"]), "geo")).toBeNull();
    expect(nextPopup(priority, new Set(), null)).toBeNull();
  });

  it("waits the pause after a popup closes before the next", () => {
    const priority = ["newsletter", "announcement"] as const;
    const due = new Set(["announcement"] as const);
    expect(nextPopup(priority, due, null, { now: LOADED + 19_999, lastClosedAt: LOADED, gapMs: 20_000 })).toBeNull();
    expect(nextPopup(priority, due, null, { now: LOADED + 20_000, lastClosedAt: LOADED, gapMs: 20_000 })).toBe("announcement");
    expect(nextPopup(priority, due, null, { now: LOADED, lastClosedAt: null, gapMs: 20_000 })).toBe("announcement");
  });

  it("completes the merchant's order with the popups it leaves out", () => {
    expect(popupOrder(["announcement"], ["geo", "newsletter", "announcement"])).toEqual(["announcement", "geo", "newsletter"]);
  });

  it("wakes at the next load-plus-delay still ahead", () => {
    expect(nextDueAt(LOADED + 3000, LOADED, [2000, 5000, 10_000])).toBe(LOADED + 5000);
    expect(nextDueAt(LOADED + 10_000, LOADED, [2000, 10_000])).toBeNull();
  });
});

describe("the browsing session", () => {
  it("starts returning only for a browser that visited before", () => {
    expect(beginPopupSession(true)).toEqual({ returning: true, shown: [] });
    expect(beginPopupSession(false)).toEqual({ returning: false, shown: [] });
  });

  it("round-trips through its cookie and refuses anything else", () => {
    const session = { returning: true, shown: ["abandonment", "trafficShaping"] as PopupName[] };
    expect(formatPopupSession(session)).toBe("r.abandonment.trafficShaping");
    expect(parsePopupSession("r.abandonment.trafficShaping")).toEqual(session);
    expect(parsePopupSession("n")).toEqual({ returning: false, shown: [] });
    expect(parsePopupSession("n.bogus.newsletter")).toEqual({ returning: false, shown: ["newsletter"] });
    expect(parsePopupSession("x.newsletter")).toBeNull();
    expect(parsePopupSession("r;evil")).toBeNull();
    expect(parsePopupSession(undefined)).toBeNull();
  });
});

describe("the geo popup", () => {
  const sites = [
    { code: "UK", countries: ["GB", "JE", "GG", "IM"] },
    { code: "US", countries: ["US"] },
    { code: "FR", countries: ["FR", "MC"] },
  ];
  const NOW = 1_800_000_000_000;
  const offered = (country: string | null, currentCode = "UK", memory: { time: number } | null = null) =>
    geoSiteOffered({ country, currentCode, sites, defaultSiteCode: "UK", memory, now: NOW })?.code ?? null;

  it("offers the visitor's own site when it is another than this one", () => {
    expect(offered("FR")).toBe("FR");
    expect(offered("MC")).toBe("FR");
    expect(offered("us")).toBe("US");
    expect(offered("GB", "FR")).toBe("UK");
  });

  it("offers nothing on the visitor's own site: Jersey and Guernsey are the UK's", () => {
    expect(offered("GB")).toBeNull();
    expect(offered("JE")).toBeNull();
    expect(offered("GG")).toBeNull();
    expect(offered("FR", "FR")).toBeNull();
  });

  it("sends a country no site lists to the default site, and offers nothing without a country", () => {
    expect(offered("DE")).toBeNull();
    expect(offered("DE", "FR")).toBe("UK");
    expect(offered(null)).toBeNull();
    expect(offered("")).toBeNull();
  });

  it("stays away for 7 days after it was closed, and comes back at exactly 7 days", () => {
    expect(offered("FR", "UK", { time: NOW })).toBeNull();
    expect(offered("FR", "UK", { time: NOW - REMEMBER_MS + 1 })).toBeNull();
    expect(offered("FR", "UK", { time: NOW - REMEMBER_MS })).toBe("FR");
    expect(offered("FR", "UK", { time: NOW - REMEMBER_MS - 1 })).toBe("FR");
  });

  it("reads a malformed record as none, so the popup is due", () => {
    for (const raw of ["{not json", { time: "yesterday" }, { epoch: NOW }, null, 42, []]) {
      expect(readGeoMemory(raw)).toBeNull();
      expect(offered("FR", "UK", readGeoMemory(raw))).toBe("FR");
    }
    expect(readGeoMemory({ time: NOW })).toEqual({ time: NOW });
  });

  it("fills its texts' places and leaves unknown ones", () => {
    expect(
      geoPopupTexts(
        { title: "Shopping from {country}?", text: "You're on our {site} site. Prices in {currency} on our {target} site. {other}" },
        { country: "Monaco", site: "United Kingdom", target: "France", currency: "EUR" },
      ),
    ).toEqual({ title: "Shopping from Monaco?", text: "You're on our United Kingdom site. Prices in EUR on our France site. {other}" });
  });
});

describe("the countdown popup's title", () => {
  const words = { title: "Order the Advent Calendar in time for Christmas", closingTitle: "Last hours to order the Advent Calendar", closingHours: 48 };
  it("says 'last hours' only within the closing hours, never with weeks left", () => {
    expect(countdownPopupTitle({ ...words, msLeft: 26 * 86_400_000 })).toBe(words.title);
    expect(countdownPopupTitle({ ...words, msLeft: 48 * 3_600_000 + 1 })).toBe(words.title);
    expect(countdownPopupTitle({ ...words, msLeft: 48 * 3_600_000 })).toBe(words.closingTitle);
    expect(countdownPopupTitle({ ...words, closingTitle: "", msLeft: 1000 })).toBe(words.title);
  });
});
