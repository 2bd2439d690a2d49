import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CHUNK_TIMEOUT_MS, ChunkLoadError, isChunkLoadError, loadChunk, retryAddress } from "./chunk-load.ts";

describe("loadChunk", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers the module and leaves no timer behind", async () => {
    await expect(loadChunk("side cart", () => Promise.resolve({ ok: true }))).resolves.toEqual({ ok: true });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("reports a chunk that has not arrived after 120 s as a ChunkLoadError", async () => {
    const loading = loadChunk("side cart", () => new Promise(() => undefined));
    const outcome = vi.fn();
    loading.then(outcome, outcome);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = outcome.mock.calls[0]?.[0];
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ name: "ChunkLoadError", chunk: "side cart", message: "Loading the side cart chunk timed out after 120000 ms" });
  });

  it("waits the whole timeout for a slow chunk", async () => {
    const loading = loadChunk("bundle chooser", () => new Promise((resolve) => setTimeout(() => resolve("chooser"), CHUNK_TIMEOUT_MS - 1000)));
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1000);
    await expect(loading).resolves.toBe("chooser");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("ignores a chunk arriving after the timeout", async () => {
    const loading = loadChunk("side cart", () => new Promise((resolve) => setTimeout(() => resolve("late"), CHUNK_TIMEOUT_MS + 5000)));
    const rejected = expect(loading).rejects.toThrow("timed out");
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS + 5000);
    await rejected;
  });

  it("turns a failed import into a ChunkLoadError that keeps the cause", async () => {
    const cause = new TypeError("Failed to fetch dynamically imported module: /assets/SideCart-abc.js");
    const error = await loadChunk("side cart", () => Promise.reject(cause)).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ name: "ChunkLoadError", chunk: "side cart", cause });
    expect((error as Error).message).toContain("Failed to fetch dynamically imported module");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("treats an importer that throws like a failed import", async () => {
    const error = await loadChunk("x", () => {
      throw new Error("boom");
    }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ChunkLoadError);
  });

  it("takes a shorter timeout and the caller's timers", async () => {
    const timers: { run: () => void; ms: number }[] = [];
    const loading = loadChunk("x", () => new Promise(() => undefined), { timeoutMs: 50, setTimer: (run, ms) => timers.push({ run, ms }), clearTimer: () => undefined });
    expect(timers.map((timer) => timer.ms)).toEqual([50]);
    timers[0]?.run();
    await expect(loading).rejects.toBeInstanceOf(ChunkLoadError);
  });
});

describe("retryAddress", () => {
  const origin = "https://shop.example";
  it("names the failed script again with a retry mark, so the browser fetches it afresh", () => {
    const chromium = new TypeError("Failed to fetch dynamically imported module: https://shop.example/assets/SideCart-abc.js");
    expect(retryAddress(chromium, 1, origin)).toBe("https://shop.example/assets/SideCart-abc.js?retry=1");
    const wrapped = new ChunkLoadError("side cart", "Loading the side cart chunk failed: x", { cause: new TypeError("error loading dynamically imported module: https://shop.example/assets/SideCart-abc.js?retry=1") });
    expect(retryAddress(wrapped, 2, origin)).toBe("https://shop.example/assets/SideCart-abc.js?retry=2");
  });

  it("answers null for a message without an address, or one of another origin", () => {
    expect(retryAddress(new TypeError("Importing a module script failed."), 1, origin)).toBeNull();
    expect(retryAddress(new TypeError("Failed to fetch dynamically imported module: https://evil.example/x.js"), 1, origin)).toBeNull();
  });
});

describe("isChunkLoadError", () => {
  it("knows ChunkLoadErrors and the browsers' failed-import errors", () => {
    expect(isChunkLoadError(new ChunkLoadError("x", "failed"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: https://shop/assets/product-1.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module: https://shop/assets/product-1.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Something else"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
  });
});
