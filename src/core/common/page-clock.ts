/**
 * When the storefront's server-rendered pages change with the time, so a
 * page kept for reuse is reused until rendering it again would give another
 * page. Pages never show the passing seconds (the browser counts down from
 * the end the page carries), so they change only at the rules' own
 * boundaries: a countdown's end and the few instants its widest clock
 * changes (core/marketing/countdown.ts), and a schedule's start or end (the
 * announcement bar's messages, the hero's slides). Between two boundaries
 * every render of a page is the same, on any server.
 */
import { announcementClockSpan } from "../marketing/announcement.ts";
import { type ClockSpan, commonSpan } from "../marketing/countdown.ts";
import { type DayTimeWindow, scheduleSpan } from "./day-time-rule.ts";
import type { Settings } from "../settings/settings.ts";

type ClockSettings = {
  shop: { timeZone: string };
  announcementBar: Pick<Settings["announcementBar"], "enabled" | "messages">;
  home: { hero: { slides: readonly { schedule: readonly DayTimeWindow[] | null }[] } };
};

/**
 * The stretch of time around `nowMs` over which every page stays the same:
 * from the last boundary (0: none) to the next (null: none, pages do not
 * change with the time). Worked out once per stretch for a settings version.
 */
export function pageClockSpan(settings: ClockSettings, nowMs: number): ClockSpan {
  const known = spansOf.get(settings);
  if (known && nowMs >= known.from && (known.until === null || nowMs < known.until)) return known;
  const bar = settings.announcementBar;
  const span = commonSpan([
    ...(bar.enabled ? [announcementClockSpan(bar.messages, nowMs)].map(({ start, until }) => ({ from: start.since, until })) : []),
    heroSlidesSpan(settings.home.hero.slides, nowMs, settings.shop.timeZone),
  ]);
  spansOf.set(settings, span);
  return span;
}

const spansOf = new WeakMap<object, ClockSpan>();

/** The stretch over which every scheduled slide stays on or off, with each slide's state (null: no schedule). */
export function heroSlidesSpan(slides: readonly { schedule: readonly DayTimeWindow[] | null }[], nowMs: number, timeZone: string): ClockSpan {
  return commonSpan(slides.flatMap((slide) => (slide.schedule ? [scheduleSpan(slide.schedule, nowMs, timeZone)].map((state) => ({ from: state.since, until: state.nextChange })) : [])));
}
