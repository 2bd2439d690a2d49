/**
 * How finely the storefront's server-rendered pages read the clock, so a
 * page kept for reuse is reused only while rendering it again would give the
 * same page: a countdown in the announcement bar shows seconds; a schedule
 * (an announcement's, a hero slide's) switches on whole minutes; without
 * either, a page does not change with the time.
 */
import type { Settings } from "./settings.ts";

export const SECOND_MS = 1000;
export const MINUTE_MS = 60_000;

type ClockSettings = { announcementBar: Pick<Settings["announcementBar"], "enabled" | "messages">; home: { hero: { slides: readonly { schedule: unknown }[] } } };

/** The span within which a page stays the same (ms), or null when pages do not depend on the time. */
export function pageClockStep(settings: ClockSettings): number | null {
  const bar = settings.announcementBar;
  const messages = bar.enabled ? bar.messages : [];
  if (messages.some((message) => message.countdown !== null)) return SECOND_MS;
  if (messages.some((message) => message.schedule !== null)) return MINUTE_MS;
  if (settings.home.hero.slides.some((slide) => slide.schedule !== null)) return MINUTE_MS;
  return null;
}

/** Which span of `step` the instant `nowMs` falls in: pages rendered in the same span are the same. */
export function clockSpan(step: number | null, nowMs: number): number {
  return step === null ? 0 : Math.floor(nowMs / step);
}
