import { useEffect, useMemo, useState } from "react";
import { type DayTimeWindow, type ScheduleReading, type ScheduleState, scheduleState, stillHolds } from "../../../core/common/day-time-rule.ts";

/** However far the next change is, look again within a minute, so a changed clock or a sleeping laptop is caught up. */
const LONGEST_WAIT_MS = 60_000;

interface ScheduledSlide {
  schedule: readonly DayTimeWindow[] | null;
  /** The schedule as the server read it for this page, if it did. */
  scheduleState?: ScheduleState | null;
}

/**
 * The slides whose day-and-time rule is on. The first render uses the
 * instant the server's states held from (`statesSince`), so hydration agrees
 * with the server's HTML; then the browser's clock takes over, waking exactly when a rule next
 * changes (as current as checking every second, without the polling), and again whenever the
 * page comes back into view. Each rule starts from the server's reading and
 * is read from the time zone only once that reading has changed.
 */
export function useScheduledSlides<T extends ScheduledSlide>(slides: readonly T[], timeZone: string, statesSince: number): T[] {
  const [now, setNow] = useState(statesSince);

  useEffect(() => {
    if (!slides.some((slide) => slide.schedule)) return;
    let timer: number | undefined;
    const check = () => {
      window.clearTimeout(timer);
      const at = Date.now();
      setNow(at);
      const changes = slides.map((_, index) => stateAt(slides, index, at, timeZone, statesSince)?.nextChange ?? Infinity);
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
  }, [slides, timeZone, statesSince]);

  // A new list only when the set of slides shown changes, not on every check.
  const shown = slides.map((slide, index) => (!slide.schedule || stateAt(slides, index, now, timeZone, statesSince)?.active ? "1" : "0")).join("");
  return useMemo(() => slides.filter((_, index) => shown[index] === "1"), [slides, shown]);
}

/** The latest reading of each slide's rule, per list of slides: the server's at first, each kept until it changes. */
const readingsOf = new WeakMap<readonly ScheduledSlide[], ScheduleReading[]>();

function stateAt(slides: readonly ScheduledSlide[], index: number, at: number, timeZone: string, statesSince: number): ScheduleState | null {
  const schedule = slides[index]?.schedule;
  if (!schedule) return null;
  let readings = readingsOf.get(slides);
  if (!readings) {
    readings = slides.map((slide) => ({ state: slide.scheduleState ?? null, since: statesSince }));
    readingsOf.set(slides, readings);
  }
  const known = readings[index];
  if (known && stillHolds(known.state, at, known.since)) return known.state;
  const state = scheduleState(schedule, at, timeZone);
  readings[index] = { state, since: at };
  return state;
}
