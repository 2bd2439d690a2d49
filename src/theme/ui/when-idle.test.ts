import { afterEach, describe, expect, it, vi } from "vitest";
import { inIdleSlices } from "./when-idle.ts";

/** A browser whose idle moments the test hands out: each with so many milliseconds, or at its timeout. */
function idleBrowser() {
  const pending = new Map<number, IdleRequestCallback>();
  let nextId = 1;
  vi.stubGlobal("window", {
    requestIdleCallback: (run: IdleRequestCallback) => {
      pending.set(nextId, run);
      return nextId++;
    },
    cancelIdleCallback: (id: number) => pending.delete(id),
  });
  return {
    get waiting() {
      return pending.size;
    },
    /** One idle moment of `ms` (counted down by one per item looked at), or one at the callback's timeout. */
    idle(ms: number | "timeout", spent: () => number) {
      const [id, run] = [...pending][0] ?? [];
      if (id === undefined || !run) throw new Error("nothing waits for an idle moment");
      pending.delete(id);
      const start = spent();
      run({ didTimeout: ms === "timeout", timeRemaining: () => (ms === "timeout" ? 0 : Math.max(0, ms - (spent() - start))) });
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("inIdleSlices", () => {
  const items = Array.from({ length: 50 }, (_, index) => index);

  it("looks at as many items as an idle moment has time for, at least one, then finishes in later moments", () => {
    const browser = idleBrowser();
    const seen: number[] = [];
    let finished = false;
    inIdleSlices(items, (item) => seen.push(item), 1000, 200, () => (finished = true));
    expect(seen).toEqual([]);
    // Each item takes a millisecond; 2 ms of every moment are kept free.
    browser.idle(12, () => seen.length);
    expect(seen).toEqual(items.slice(0, 10));
    browser.idle(0, () => seen.length);
    expect(seen).toHaveLength(11);
    expect(finished).toBe(false);
    while (browser.waiting) browser.idle(40, () => seen.length);
    expect(seen).toEqual(items);
    expect(finished).toBe(true);
  });

  it("takes a fixed slice from a moment called at its timeout, which has no idle time to measure", () => {
    const browser = idleBrowser();
    const seen: number[] = [];
    inIdleSlices(items, (item) => seen.push(item), 1000);
    browser.idle("timeout", () => seen.length);
    expect(seen).toHaveLength(20);
  });

  it("stops when cancelled, and finishes at once with nothing to do", () => {
    const browser = idleBrowser();
    const seen: number[] = [];
    const cancel = inIdleSlices(items, (item) => seen.push(item), 1000);
    browser.idle(5, () => seen.length);
    cancel();
    expect(browser.waiting).toBe(0);
    expect(seen).toHaveLength(3);
    let finished = false;
    inIdleSlices([], () => undefined, 1000, 1000, () => (finished = true));
    expect(finished).toBe(true);
    expect(browser.waiting).toBe(0);
  });

  it("goes twenty items a task where the browser has no idle callback", () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal("window", { setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout });
      const seen: number[] = [];
      inIdleSlices(items, (item) => seen.push(item), 1000, 200);
      vi.advanceTimersByTime(199);
      expect(seen).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(seen).toHaveLength(20);
      vi.advanceTimersByTime(400);
      expect(seen).toEqual(items);
    } finally {
      vi.useRealTimers();
    }
  });
});
