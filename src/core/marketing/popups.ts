/**
 * When each popup may appear, as pure functions of the clock, the browser's
 * memory and the visit: the theme's scheduler asks them and shows one popup
 * at a time. Memory records keep the spec's shapes:
 *
 *   geo:          { time }
 *   newsletter:   { epoch, pages, submitted }
 *   countdown:    { epoch, submitted }
 *   announcement: { epoch }
 *
 * Times are epoch milliseconds.
 */
import { type SiteCountries, siteForCountry } from "../sites/geo.ts";
import type { Settings } from "../settings/settings.ts";
import type { NewsletterMemory, PopupName } from "./popup-visit.ts";

export * from "./popup-visit.ts";

/** How long a seen or closed popup stays away: 7 days. */
export const REMEMBER_MS = 604_800_000;
/** The consent banner's hold: the stored choice is checked every 300 ms, 20 times; after that only the banner's answer wakes the popups. */
export const CONSENT_POLL_MS = 300;
export const CONSENT_POLL_TRIES = 20;

export interface GeoMemory {
  time: number;
}
export interface CountdownMemory {
  epoch: number | null;
  submitted: boolean;
}
export interface AnnouncementMemory {
  epoch: number | null;
}

export type Audience = "new" | "returning" | "all";

/** Whether a record's time is within the remember period (seen or closed too recently to show again). */
export function remembered(epoch: number | null | undefined, now: number, rememberMs = REMEMBER_MS): boolean {
  return epoch !== null && epoch !== undefined && now - epoch < rememberMs;
}

/**
 * The geo popup: the site it offers, or null when it is not due. Due when
 * the visitor's country belongs (JE, GG and IM as GB; unlisted countries to
 * the default site) to another site than this one, and the popup was not
 * closed within the remember period. No country known, no popup.
 */
export function geoSiteOffered<S extends SiteCountries>(input: {
  country: string | null;
  currentCode: string;
  sites: readonly S[];
  defaultSiteCode: string;
  memory: GeoMemory | null;
  now: number;
  rememberMs?: number;
}): S | null {
  if (!input.country || remembered(input.memory?.time, input.now, input.rememberMs)) return null;
  const site = siteForCountry(input.country, input.sites, input.defaultSiteCode);
  return site && site.code !== input.currentCode ? site : null;
}

/** The geo popup's texts with their places filled: {country} the visitor's, {site} this site's name, {target} the offered site's, {currency} its currency. */
export function geoPopupTexts<T extends Record<string, string>>(texts: T, values: { country: string; site: string; target: string; currency: string }): T {
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (placeholder, name: string) => (name in values ? values[name as keyof typeof values] : placeholder));
  return Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, fill(text)])) as T;
}

/**
 * The newsletter popup: `delayMs` after the page loaded, unless seen within
 * the remember period, already submitted, or fewer than `pagesBeforeShow`
 * distinct pages have been visited.
 */
export function newsletterDue(input: { now: number; loadedAt: number; delayMs: number; pagesBeforeShow: number; memory: NewsletterMemory; rememberMs?: number }): boolean {
  const { memory } = input;
  if (memory.submitted || remembered(memory.epoch, input.now, input.rememberMs)) return false;
  if (memory.pages.length < input.pagesBeforeShow) return false;
  return input.now - input.loadedAt >= input.delayMs;
}

/** After the newsletter popup is closed without signing up, its reminder tab shows (unless the merchant hides it). */
export function newsletterReminderShown(memory: NewsletterMemory, showReminder: boolean): boolean {
  return showReminder && memory.epoch !== null && !memory.submitted;
}

/**
 * The countdown popup: `delayMs` after load; always when set so, else unless
 * seen within the remember period or signed up in; never once its countdown
 * has reached zero (`endMs`, epoch milliseconds).
 */
export function countdownDue(input: { now: number; loadedAt: number; delayMs: number; endMs: number; alwaysShow: boolean; memory: CountdownMemory; rememberMs?: number }): boolean {
  if (input.now >= input.endMs || input.now - input.loadedAt < input.delayMs) return false;
  if (input.alwaysShow) return true;
  return !input.memory.submitted && !remembered(input.memory.epoch, input.now, input.rememberMs);
}

/**
 * The countdown popup's title for the time left: the merchant's closing
 * words ("almost gone") only within the last `closingHours`, so the popup
 * never claims an urgency the clock does not show; the plain title before.
 */
export function countdownPopupTitle(input: { title: string; closingTitle: string; closingHours: number; msLeft: number }): string {
  return input.closingTitle !== "" && input.msLeft <= input.closingHours * 3_600_000 ? input.closingTitle : input.title;
}

/** The announcement popup: `delayMs` after load, unless closed within the remember period. */
export function announcementDue(input: { now: number; loadedAt: number; delayMs: number; memory: AnnouncementMemory; rememberMs?: number }): boolean {
  return !remembered(input.memory.epoch, input.now, input.rememberMs) && input.now - input.loadedAt >= input.delayMs;
}

/** The announcement hides once the page is scrolled down beyond `hideAfterPx`. */
export function announcementHiddenByScroll(scrollY: number, hideAfterPx: number): boolean {
  return scrollY > hideAfterPx;
}

export function audienceMatches(audience: Audience, returning: boolean): boolean {
  return audience === "all" || (audience === "returning") === returning;
}

/** The traffic-shaping popup: `delayMs` after load, once per session, for its audience. */
export function trafficShapingDue(input: { now: number; loadedAt: number; delayMs: number; shownThisSession: boolean; audience: Audience; returning: boolean }): boolean {
  return !input.shownThisSession && audienceMatches(input.audience, input.returning) && input.now - input.loadedAt >= input.delayMs;
}

/** The abandonment popup: once per session, for its audience, when the shopper shows they are leaving. */
export function abandonmentDue(input: { leaving: boolean; shownThisSession: boolean; audience: Audience; returning: boolean }): boolean {
  return input.leaving && !input.shownThisSession && audienceMatches(input.audience, input.returning);
}

/** Leaving, on a desktop: the pointer goes out through the top of the window (towards the tabs and the address bar). */
export function pointerLeftThroughTop(event: { clientY: number; toElementIsNull: boolean }): boolean {
  return event.toElementIsNull && event.clientY <= 0;
}

/** How fast, and how far, a scroll up must be to read as reaching for the address bar on a phone. */
export const QUICK_SCROLL_UP_PX = 120;
export const QUICK_SCROLL_UP_MS = 300;

/** Leaving, on a phone: a quick scroll up of at least 120 px within 300 ms. */
export function quickScrollUp(from: { y: number; at: number }, to: { y: number; at: number }): boolean {
  return from.y - to.y >= QUICK_SCROLL_UP_PX && to.at - from.at <= QUICK_SCROLL_UP_MS;
}

/**
 * The consent banner's hold: while the shop waits for the banner and no
 * choice is stored, popups wait, however long that takes; an unanswered
 * banner is never covered.
 */
export function consentHolds(input: { waitForBanner: boolean; bannerUndecided: boolean }): boolean {
  return input.waitForBanner && input.bannerUndecided;
}

/**
 * When to look at the stored choice again while popups are held: every
 * 300 ms for the spec's 20 checks, then no more polling (null): the banner's
 * answer wakes the popups itself. The limit bounds how often the rule is
 * asked, never how long the banner is respected.
 */
export function consentRecheckIn(checks: number): number | null {
  return checks < CONSENT_POLL_TRIES ? CONSENT_POLL_MS : null;
}

/**
 * The one popup to show: the first due in the merchant's order; none while
 * another is open, nor within `gapMs` of the last one closing.
 */
export function nextPopup(priority: readonly PopupName[], due: ReadonlySet<PopupName>, open: PopupName | null, pause: { now: number; lastClosedAt: number | null; gapMs: number } | null = null): PopupName | null {
  if (open !== null) return null;
  if (pause && pause.lastClosedAt !== null && pause.now - pause.lastClosedAt < pause.gapMs) return null;
  return priority.find((name) => due.has(name)) ?? null;
}

/** The merchant's order, completed by the popups it leaves out in their default order. */
export function popupOrder(chosen: readonly PopupName[], defaults: readonly PopupName[]): PopupName[] {
  return [...chosen, ...defaults.filter((name) => !chosen.includes(name))];
}

/** The next moment a timed popup becomes due: the earliest load-plus-delay still ahead, or null when none is. */
export function nextDueAt(now: number, loadedAt: number, delays: readonly number[]): number | null {
  const ahead = delays.map((delay) => loadedAt + delay).filter((at) => at > now);
  return ahead.length === 0 ? null : Math.min(...ahead);
}

export function readCountdownMemory(raw: unknown): CountdownMemory {
  const record = (raw ?? {}) as Partial<Record<keyof CountdownMemory, unknown>>;
  return { epoch: typeof record.epoch === "number" ? record.epoch : null, submitted: record.submitted === true };
}

export function readAnnouncementMemory(raw: unknown): AnnouncementMemory {
  const record = (raw ?? {}) as Partial<Record<keyof AnnouncementMemory, unknown>>;
  return { epoch: typeof record.epoch === "number" ? record.epoch : null };
}

export function readGeoMemory(raw: unknown): GeoMemory | null {
  const record = (raw ?? {}) as Partial<Record<keyof GeoMemory, unknown>>;
  return typeof record.time === "number" ? { time: record.time } : null;
}

/** The popups that use the timed scheduler (the geo popup is due as soon as the visitor's country is known), each on or off. */
export function timedPopupsEnabled(settings: Settings["popups"], newsletter: boolean): Record<Exclude<PopupName, "geo">, boolean> {
  return {
    newsletter: settings.newsletter.enabled && newsletter,
    countdown: settings.countdown.enabled && settings.countdown.target !== null,
    announcement: settings.announcement.enabled && settings.announcement.text !== "",
    abandonment: settings.abandonment.enabled,
    trafficShaping: settings.trafficShaping.enabled,
  };
}
