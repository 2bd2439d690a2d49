import { EventEmitter } from "node:events";
import v8 from "node:v8";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fullCollection, releaseMemoryWhenQuiet } from "./quiet-memory.ts";

describe("memory released when the shop is quiet", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function shop(quietMs = 1000) {
    const server = new EventEmitter();
    const collect = vi.fn();
    const stop = releaseMemoryWhenQuiet(server, { quietMs, collect });
    return { server, collect, stop };
  }

  it("collects once after opening, then not again while nothing happens", () => {
    const { collect, stop } = shop();
    vi.advanceTimersByTime(999);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(collect).toHaveBeenCalledTimes(1);
    stop();
  });

  it("waits for a whole interval without requests after a busy spell", () => {
    const { server, collect, stop } = shop();
    vi.advanceTimersByTime(1000);
    collect.mockClear();
    for (let interval = 0; interval < 5; interval++) {
      server.emit("request");
      vi.advanceTimersByTime(1000);
    }
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(collect).toHaveBeenCalledTimes(1);
    stop();
  });

  it("stops counting and collecting when stopped", () => {
    const { server, collect, stop } = shop();
    stop();
    expect(server.listenerCount("request")).toBe(0);
    vi.advanceTimersByTime(5000);
    expect(collect).not.toHaveBeenCalled();
  });
});

describe("the full collection", () => {
  it("shrinks the young generation and leaves gc unexposed", () => {
    const newSpace = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === "new_space")!.space_size;
    // Survivors grow the young generation past its smallest size.
    let kept: object[] = [];
    for (let round = 0; round < 20; round++) kept = kept.concat(Array.from({ length: 20_000 }, (_, i) => ({ i, text: `x${i}` })));
    const grown = newSpace();
    kept = [];
    const exposedBefore = typeof (globalThis as { gc?: unknown }).gc;
    fullCollection();
    expect(kept).toHaveLength(0);
    expect(newSpace()).toBeLessThan(grown);
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe(exposedBefore);
  });
});
