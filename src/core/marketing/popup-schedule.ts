/**
 * The popups' schedule on one page, as pure functions: which popups are due
 * at a moment, and when to look again. The theme's scheduler supplies the
 * clock, the memory records and what the shopper did; these decide.
 */
import type { Settings } from "../settings/settings.ts";
import { countdownEnd } from "./countdown.ts";
import {
  type AnnouncementMemory,
  type CountdownMemory,
  type NewsletterMemory,
  type PopupName,
  abandonmentDue,
  announcementDue,
  announcementHiddenByScroll,
  countdownDue,
  newsletterDue,
  nextDueAt,
  type timedPopupsEnabled,
  trafficShapingDue,
} from "./popups.ts";

type PopupSettings = Settings["popups"];
type Enabled = ReturnType<typeof timedPopupsEnabled>;

/** The page's moment and what the visitor did, as the schedule reads them. */
export interface ScheduleMoment {
  now: number;
  /** When the page was shown: the popups' delays count from it. */
  loadedAt: number;
  settings: PopupSettings;
  enabled: Enabled;
  rememberMs: number;
  /** Each popup's memory record, read only when that popup is on. */
  memory: { newsletter: () => NewsletterMemory; countdown: () => CountdownMemory; announcement: () => AnnouncementMemory };
  /** Whether the geo popup has a site to offer (the visitor's country known and another site's). */
  geoOffered: boolean;
  /** The announcement was scrolled away on this page: it comes back on a later page only. */
  announcementGone: boolean;
  scrollY: number;
  returning: boolean;
  /** The once-per-session popups already shown this session. */
  shownThisSession: readonly PopupName[];
  /** A leaving gesture was just made (for the abandonment popup). */
  leaving: boolean;
}

/** Every popup due at this moment, before the merchant's order and the pause between popups choose one. */
export function duePopups(at: ScheduleMoment): Set<PopupName> {
  const { now, loadedAt, settings, enabled, rememberMs } = at;
  const names = new Set<PopupName>();
  if (at.geoOffered) names.add("geo");
  if (enabled.newsletter && newsletterDue({ now, loadedAt, delayMs: settings.newsletter.delayMs, pagesBeforeShow: settings.newsletter.pagesBeforeShow, memory: at.memory.newsletter(), rememberMs })) names.add("newsletter");
  const target = settings.countdown.target;
  if (enabled.countdown && target && countdownDue({ now, loadedAt, delayMs: settings.countdown.delayMs, endMs: countdownEnd(target, now), alwaysShow: settings.countdown.alwaysShow, memory: at.memory.countdown(), rememberMs }))
    names.add("countdown");
  if (
    enabled.announcement &&
    !at.announcementGone &&
    !announcementHiddenByScroll(at.scrollY, settings.announcement.hideAfterScrollPx) &&
    announcementDue({ now, loadedAt, delayMs: settings.announcement.delayMs, memory: at.memory.announcement(), rememberMs })
  )
    names.add("announcement");
  const shown = at.shownThisSession;
  if (enabled.trafficShaping && trafficShapingDue({ now, loadedAt, delayMs: settings.trafficShaping.delayMs, shownThisSession: shown.includes("trafficShaping"), audience: settings.trafficShaping.audience, returning: at.returning }))
    names.add("trafficShaping");
  if (enabled.abandonment && abandonmentDue({ leaving: at.leaving, shownThisSession: shown.includes("abandonment"), audience: settings.abandonment.audience, returning: at.returning })) names.add("abandonment");
  return names;
}

/**
 * When nothing opened, the moment to look again: the next timed popup's
 * delay from the page's load, or the end of the pause after the last popup
 * closed while another is due; null when neither is ahead.
 */
export function nextLookAt(input: { now: number; loadedAt: number; settings: PopupSettings; enabled: Enabled; dueCount: number; lastClosedAt: number | null }): number | null {
  const { now, settings, enabled, lastClosedAt } = input;
  const delays = [
    enabled.newsletter ? settings.newsletter.delayMs : null,
    enabled.countdown ? settings.countdown.delayMs : null,
    enabled.announcement ? settings.announcement.delayMs : null,
    enabled.trafficShaping ? settings.trafficShaping.delayMs : null,
  ].filter((delay): delay is number => delay !== null);
  const pauseEnds = input.dueCount > 0 && lastClosedAt !== null ? lastClosedAt + settings.gapSeconds * 1000 : null;
  const waits = [nextDueAt(now, input.loadedAt, delays), pauseEnds].filter((at): at is number => at !== null && at > now);
  return waits.length > 0 ? Math.min(...waits) : null;
}
