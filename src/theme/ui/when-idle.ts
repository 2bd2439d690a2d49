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
