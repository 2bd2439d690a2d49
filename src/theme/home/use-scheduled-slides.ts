import { useEffect, useMemo, useState } from "react";
import { type DayTimeWindow, scheduleActive, scheduleState } from "../../core/day-time-rule.ts";

/** However far the next change is, look again within a minute, so a changed clock or a sleeping laptop is caught up. */
const LONGEST_WAIT_MS = 60_000;

/**
 * The slides whose day-and-time rule is on. The first render uses the time
 * the server rendered the page at, so hydration agrees with the server's
 * HTML; then the browser's clock takes over, waking exactly when a rule next
 * changes (as current as checking every second, without the polling), and again whenever the
 * page comes back into view.
 */
export function useScheduledSlides<T extends { schedule: readonly DayTimeWindow[] | null }>(slides: readonly T[], timeZone: string, renderedAt: number): T[] {
  const [now, setNow] = useState(renderedAt);

  useEffect(() => {
    if (!slides.some((slide) => slide.schedule)) return;
    let timer: number | undefined;
    const check = () => {
      window.clearTimeout(timer);
      const at = Date.now();
      setNow(at);
      const changes = slides.flatMap((slide) => (slide.schedule ? [scheduleState(slide.schedule, at, timeZone).nextChange ?? Infinity] : []));
      const next = Math.min(at + LONGEST_WAIT_MS, ...changes);
      timer = window.setTimeout(check, next - at);
    };
    check();
    const onVisibility = () => {
      if (!document.hidden) check();
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [slides, timeZone]);

  // A new list only when the set of slides shown changes, not on every check.
  const shown = slides.map((slide) => (!slide.schedule || scheduleActive(slide.schedule, now, timeZone) ? "1" : "0")).join("");
  return useMemo(() => slides.filter((_, index) => shown[index] === "1"), [slides, shown]);
}
