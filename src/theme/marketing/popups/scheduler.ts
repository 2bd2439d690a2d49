/**
 * One page's popup schedule: from the page's load, after the consent hold,
 * it asks the core rules which popup is due, claims room on the overlay
 * stage, opens it, steps it aside for the shopper, and watches for leaving
 * gestures. The Popups component owns the state it draws and hands it here.
 */
import { CONSENT_CHANGED_EVENT, currentConsent } from "../consent/ConsentBanner.tsx";
import { popupMustStepAside } from "../../../core/marketing/overlays.ts";
import { duePopups, nextLookAt } from "../../../core/marketing/popup-schedule.ts";
import { countdownEnd } from "../../../core/marketing/countdown.ts";
import {
  CONSENT_POLL_MS,
  DEFAULT_POPUP_PRIORITY,
  type NewsletterMemory,
  type PopupName,
  announcementHiddenByScroll,
  consentHolds,
  consentRecheckIn,
  countdownPopupTitle,
  nextPopup,
  pointerLeftThroughTop,
  popupOrder,
  quickScrollUp,
  readAnnouncementMemory,
  readCountdownMemory,
  readNewsletterMemory,
  type timedPopupsEnabled,
} from "../../../core/marketing/popups.ts";
import type { Settings } from "../../../core/settings/settings.ts";
import type { SiteInfo } from "../../../core/sites/sites.ts";
import { claimPopup, currentStage, subscribeStage } from "../overlays/stage.ts";
import { currentSession, markShownThisSession, readMemory, writeMemory } from "./popup-storage.ts";

/** A popup's place on the overlay stage; the announcement alone is not modal. */
export const stageId = (name: PopupName) => `popup:${name}`;
const isModal = (name: PopupName) => name !== "announcement";

const consentUndecided = () => currentConsent() === null;

/** What the component hands the schedule: the settings, its refs and the state setters of what it draws. */
export interface ScheduleWiring {
  settings: Settings["popups"];
  enabled: ReturnType<typeof timedPopupsEnabled>;
  rememberMs: number;
  loadedAt: number;
  /** The shopper came back to this page after a while on the last one: a leaving gesture. */
  cameBack: boolean;
  /** The site the geo popup offers now, if any. */
  geoSite: (now: number) => SiteInfo | null;
  country: { current: string | null | undefined };
  openRef: { current: PopupName | null };
  lastClosedAt: { current: number | null };
  evaluateRef: { current: () => void };
  releaseRef: { current: (() => void) | null };
  shopperOpened: { current: boolean };
  /** Takes the open popup off the overlay stage. */
  release: () => void;
  setOpen: (name: PopupName | null) => void;
  setGeoOffer: (offer: { country: string; site: SiteInfo }) => void;
  setNewsletterMemory: (memory: NewsletterMemory) => void;
  setCountdownTitle: (title: string) => void;
}

/** Starts the page's schedule; the answer stops it. */
export function startSchedule(w: ScheduleWiring): () => void {
  const { settings, enabled, openRef, loadedAt } = w;
  const session = currentSession();
  let leaving = w.cameBack;
  let announcementGone = false;
  let released = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A popup that stepped aside for the shopper: it comes back first, already counted as seen.
  let deferred: PopupName | null = null;
  const wake = (at: number) => {
    clearTimeout(timer);
    timer = setTimeout(evaluate, Math.max(0, at - Date.now()));
  };

  const due = (now: number): Set<PopupName> =>
    duePopups({
      now,
      loadedAt,
      settings,
      enabled,
      rememberMs: w.rememberMs,
      memory: { newsletter: () => readMemory("newsletter", readNewsletterMemory), countdown: () => readMemory("countdown", readCountdownMemory), announcement: () => readMemory("announcement", readAnnouncementMemory) },
      geoOffered: w.geoSite(now) !== null,
      announcementGone,
      scrollY: window.scrollY,
      returning: session.returning,
      shownThisSession: currentSession().shown,
      leaving,
    });

  function evaluate() {
    if (!released) return;
    const now = Date.now();
    const gapMs = settings.gapSeconds * 1000;
    const dueNow = due(now);
    if (deferred && !openRef.current) {
      if (claim(deferred)) {
        openRef.current = deferred;
        w.setOpen(deferred);
        deferred = null;
      }
      return;
    }
    const pick = nextPopup(popupOrder(settings.priority, DEFAULT_POPUP_PRIORITY), dueNow, openRef.current, { now, lastClosedAt: w.lastClosedAt.current, gapMs });
    // A leaving gesture is answered at once or not at all.
    leaving = false;
    if (pick) {
      // Held by the stage: a change on it, or the moment it names, asks again.
      if (claim(pick)) showPopup(w, pick, now);
      return;
    }
    if (openRef.current) return;
    const lookAt = nextLookAt({ now, loadedAt, settings, enabled, dueCount: dueNow.size, lastClosedAt: w.lastClosedAt.current });
    if (lookAt !== null) wake(lookAt);
  }
  w.evaluateRef.current = evaluate;

  /** Asks the stage for room; on yes the popup is on it, on no a wake is set for the moment it names, if any. */
  function claim(name: PopupName): boolean {
    const answer = claimPopup({ id: stageId(name), modal: isModal(name) });
    if (!answer.open) {
      if (answer.until !== null) wake(answer.until);
      return false;
    }
    w.release();
    w.releaseRef.current = answer.release;
    w.shopperOpened.current = false;
    return true;
  }

  const stopWatchingStage = watchStage(w, evaluate, (name) => {
    deferred = name;
  });
  const stopHolding = holdForConsent(settings.waitForConsentBanner, () => {
    released = true;
    // A mark for tests and tools: the schedule of this page runs, counting from this time.
    document.documentElement.dataset.popupsSince = String(loadedAt);
    evaluate();
  });
  const stopWatchingLeaving = watchLeaving(w, {
    leaving: () => {
      leaving = true;
      evaluate();
    },
    announcementScrolledAway: () => {
      announcementGone = true;
    },
  });
  return () => {
    clearTimeout(timer);
    stopWatchingStage();
    stopHolding();
    stopWatchingLeaving();
    w.evaluateRef.current = () => undefined;
  };
}

/** Opens a popup the stage gave room to, recording it as seen where its memory says so. */
function showPopup(w: ScheduleWiring, name: PopupName, now: number) {
  const { settings } = w;
  if (name === "geo") {
    const site = w.geoSite(now);
    if (!site || !w.country.current) {
      w.release();
      return;
    }
    w.setGeoOffer({ country: w.country.current, site });
  }
  if (name === "newsletter") {
    const seen = { ...readMemory("newsletter", readNewsletterMemory), epoch: now };
    writeMemory("newsletter", seen);
    w.setNewsletterMemory(seen);
  }
  if (name === "countdown") {
    writeMemory("countdown", { ...readMemory("countdown", readCountdownMemory), epoch: now });
    const target = settings.countdown.target;
    if (target) w.setCountdownTitle(countdownPopupTitle({ ...settings.countdown, msLeft: countdownEnd(target, now) - now }));
  }
  if (name === "trafficShaping" || name === "abandonment") markShownThisSession(name);
  w.openRef.current = name;
  w.setOpen(name);
}

/** What is on screen changed: a popup steps aside for the shopper at once (`deferTo`), and the rule is asked again, at most every 300 ms. */
function watchStage(w: ScheduleWiring, evaluate: () => void, deferTo: (name: PopupName) => void): () => void {
  let asking: ReturnType<typeof setTimeout> | undefined;
  const onStage = () => {
    const name = w.openRef.current;
    if (name && !w.shopperOpened.current && popupMustStepAside(currentStage(), stageId(name))) {
      deferTo(name);
      w.release();
      w.openRef.current = null;
      w.setOpen(null);
    }
    if (asking === undefined)
      asking = setTimeout(() => {
        asking = undefined;
        evaluate();
      }, CONSENT_POLL_MS);
  };
  const stop = subscribeStage(onStage);
  return () => {
    clearTimeout(asking);
    stop();
  };
}

/** Waits for the cookie choice, however long: the stored choice is checked on the core's rhythm, after which the banner's answer calls again. */
function holdForConsent(waitForBanner: boolean, release: () => void): () => void {
  let released = false;
  let checks = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hold = () => {
    if (released) return;
    if (consentHolds({ waitForBanner, bannerUndecided: consentUndecided() })) {
      const again = consentRecheckIn(checks);
      checks += 1;
      if (again !== null) timer = setTimeout(hold, again);
      return;
    }
    released = true;
    release();
  };
  timer = setTimeout(hold, 0);
  const onConsent = () => {
    clearTimeout(timer);
    hold();
  };
  window.addEventListener(CONSENT_CHANGED_EVENT, onConsent);
  return () => {
    clearTimeout(timer);
    window.removeEventListener(CONSENT_CHANGED_EVENT, onConsent);
  };
}

/** Leaving: on a desktop the pointer out through the top; on a phone a quick scroll up. Scrolling down past the merchant's distance takes the announcement away. */
function watchLeaving(w: ScheduleWiring, on: { leaving: () => void; announcementScrolledAway: () => void }): () => void {
  const onPointerOut = (event: MouseEvent) => {
    if (pointerLeftThroughTop({ clientY: event.clientY, toElementIsNull: event.relatedTarget === null })) on.leaving();
  };
  const coarse = window.matchMedia("(pointer: coarse)").matches;
  let samples: { y: number; at: number }[] = [];
  const onScroll = () => {
    const sample = { y: window.scrollY, at: Date.now() };
    samples = [...samples.filter((earlier) => sample.at - earlier.at <= 300), sample];
    if (w.openRef.current === "announcement" && announcementHiddenByScroll(sample.y, w.settings.announcement.hideAfterScrollPx)) {
      on.announcementScrolledAway();
      w.release();
      w.setOpen(null);
      w.openRef.current = null;
    }
    if (coarse && samples.some((earlier) => quickScrollUp(earlier, sample))) {
      samples = [];
      on.leaving();
    }
  };
  if (w.enabled.abandonment && !coarse) document.addEventListener("mouseout", onPointerOut);
  window.addEventListener("scroll", onScroll, { passive: true });
  return () => {
    document.removeEventListener("mouseout", onPointerOut);
    window.removeEventListener("scroll", onScroll);
  };
}
