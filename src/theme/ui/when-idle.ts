/**
 * Runs `run` when the browser is idle, at the latest after `timeoutMs`; where
 * there is no idle callback (Safari), after `fallbackMs`. Answers a function
 * that cancels it.
 */
export function whenIdle(run: () => void, timeoutMs: number, fallbackMs = timeoutMs): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(() => run(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, fallbackMs);
  return () => window.clearTimeout(id);
}

/** An idle moment is used while at least this much of it is left. */
const SLICE_RESERVE_MS = 2;
/** Where there is no idle callback, or it came at its timeout, this many items go in one task. */
const FALLBACK_SLICE = 20;

/**
 * Runs `each` over `items` in idle moments, as many per moment as it has
 * time for (at least one), so a long list never makes one long task: the
 * shopper's taps and scrolls get the main thread between slices. `done`
 * runs after the last item. Answers a function that cancels the rest.
 */
export function inIdleSlices<T>(items: readonly T[], each: (item: T) => void, timeoutMs: number, fallbackMs = timeoutMs, done?: () => void): () => void {
  let next = 0;
  let cancelled = false;
  let cancel: () => void = () => undefined;
  const slice = (hasTime: () => boolean) => {
    if (cancelled) return;
    do each(items[next++] as T);
    while (next < items.length && hasTime());
    if (next < items.length) schedule();
    else done?.();
  };
  const schedule = () => {
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(
        (deadline) => {
          // Called at its timeout, the moment has no idle time to measure: a fixed slice goes.
          const end = next + FALLBACK_SLICE;
          slice(deadline.didTimeout ? () => next < end : () => deadline.timeRemaining() > SLICE_RESERVE_MS);
        },
        { timeout: timeoutMs },
      );
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(() => {
        const end = next + FALLBACK_SLICE;
        slice(() => next < end);
      }, fallbackMs);
      cancel = () => window.clearTimeout(id);
    }
  };
  if (items.length === 0) done?.();
  else schedule();
  return () => {
    cancelled = true;
    cancel();
  };
}
