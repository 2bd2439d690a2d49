import { describe, expect, it } from "vitest";
import { LEAST_PAGE_CACHE_BYTES, LEAST_RENDITION_BYTES, MOST_PAGE_CACHE_BYTES, MOST_RENDITION_BYTES, describeSplit, memoryBudgetBytes, splitMemoryBudget } from "./memory-budget.ts";

const MIB = 1024 * 1024;

describe("splitMemoryBudget", () => {
  it("gives the caches what the open shop and rendering leave, three parts kept pages to one part pictures", () => {
    const split = splitMemoryBudget({ budgetBytes: 334 * MIB, openBytes: 230 * MIB, workingBytes: 64 * MIB });
    expect(split.pageCacheBytes).toBe(30 * MIB);
    expect(split.renditionBytes).toBe(10 * MIB);
    expect(split.fits).toBe(true);
    expect(split.openBytes + split.workingBytes + split.pageCacheBytes + split.renditionBytes).toBe(334 * MIB);
  });

  it("gives neither cache more than its most, however large the budget", () => {
    const split = splitMemoryBudget({ budgetBytes: 4096 * MIB, openBytes: 150 * MIB });
    expect([split.pageCacheBytes, split.renditionBytes]).toEqual([MOST_PAGE_CACHE_BYTES, MOST_RENDITION_BYTES]);
    expect(split.fits).toBe(true);
  });

  it("keeps each cache's least when the catalogue leaves too little, and says the budget is not met", () => {
    const split = splitMemoryBudget({ budgetBytes: 334 * MIB, openBytes: 300 * MIB, workingBytes: 64 * MIB });
    expect([split.pageCacheBytes, split.renditionBytes]).toEqual([LEAST_PAGE_CACHE_BYTES, LEAST_RENDITION_BYTES]);
    expect(split.fits).toBe(false);
    expect(describeSplit(split)).toEqual({ budgetMiB: 334, openMiB: 300, workingMiB: 64, pageCacheMiB: 8, renditionsMiB: 4, fits: false });
  });

  it("takes a page cache size given as it is (0 turns it off), the pictures getting what is left after it", () => {
    const given = splitMemoryBudget({ budgetBytes: 334 * MIB, openBytes: 200 * MIB, workingBytes: 64 * MIB, pageCacheBytes: 50 * MIB });
    expect([given.pageCacheBytes, given.renditionBytes, given.fits]).toEqual([50 * MIB, 20 * MIB, true]);
    const off = splitMemoryBudget({ budgetBytes: 334 * MIB, openBytes: 200 * MIB, workingBytes: 64 * MIB, pageCacheBytes: 0 });
    expect([off.pageCacheBytes, off.renditionBytes]).toEqual([0, 64 * MIB]);
    const tooLarge = splitMemoryBudget({ budgetBytes: 334 * MIB, openBytes: 200 * MIB, workingBytes: 64 * MIB, pageCacheBytes: 100 * MIB });
    expect([tooLarge.renditionBytes, tooLarge.fits]).toEqual([LEAST_RENDITION_BYTES, false]);
  });
});

describe("memoryBudgetBytes", () => {
  it("is 334 MiB (350 MB) unless set, with the embedded database's own memory on top when the shop runs on it", () => {
    expect(memoryBudgetBytes(undefined, "postgres")).toBe(334 * MIB);
    expect(memoryBudgetBytes(undefined, "pglite")).toBe((334 + 256) * MIB);
    expect(memoryBudgetBytes(600, "pglite")).toBe(600 * MIB);
    expect(memoryBudgetBytes(256, "postgres")).toBe(256 * MIB);
  });
});
