/**
 * Runs `run` when the browser is idle, at the latest after `timeoutMs`; where
 * there is no idle callback (Safari), after `fallbackMs`. `run` is handed the
 * idle moment's deadline where there is one. Answers a function that cancels it.
 */
export function whenIdle(run: (deadline?: IdleDeadline) => void, timeoutMs: number, fallbackMs = timeoutMs): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback((deadline) => run(deadline), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(() => run(), fallbackMs);
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
  let cancel: () => void = () => undefined;
  const slice = (deadline?: IdleDeadline) => {
    // A moment called at its timeout, or a browser without idle callbacks, has no idle time to measure: a fixed slice goes.
    const end = next + FALLBACK_SLICE;
    const hasTime = deadline && !deadline.didTimeout ? () => deadline.timeRemaining() > SLICE_RESERVE_MS : () => next < end;
    do each(items[next++] as T);
    while (next < items.length && hasTime());
    if (next < items.length) cancel = whenIdle(slice, timeoutMs, fallbackMs);
    else done?.();
  };
  if (items.length === 0) done?.();
  else cancel = whenIdle(slice, timeoutMs, fallbackMs);
  return () => cancel();
}
