/**
 * One memory budget for the whole server (`MEMORY_BUDGET_MB`). The shop
 * opens first, catalogue and all, and what it then holds at rest is measured;
 * the memory pages take while they are rendered under load is set aside; the
 * kept pages and the pictures' served sizes share what is left, three parts
 * to one, each at most what it was given before the budget (64 MiB), each at
 * least a few pages' or pictures' worth. A catalogue too large to leave that
 * much is said at start, not found out under load.
 */

const MIB = 1024 * 1024;

/** The budget when `MEMORY_BUDGET_MB` is not set: 350 MB, what one server may hold at 50,000 products. */
export const DEFAULT_MEMORY_BUDGET_MIB = 334;
/** What the embedded database (PGlite) holds in the server's own process: its WebAssembly memory and buffers, about 165 MiB at rest and 110 more after the first start, which creates the database. */
export const EMBEDDED_DATABASE_MIB = 256;

/** The budget in bytes: the one set, else the default, with the embedded database's own memory on top when the shop runs on it. */
export function memoryBudgetBytes(setMiB: number | undefined, database: "pglite" | "postgres"): number {
  return (setMiB ?? DEFAULT_MEMORY_BUDGET_MIB + (database === "pglite" ? EMBEDDED_DATABASE_MIB : 0)) * MIB;
}

/**
 * What rendering pages under load takes on top of the shop at rest, measured at 50,000 products
 * (bench/page-spread.ts, 2026-11-29): the young generation (2 × 16 MiB), the old generation's room to grow
 * between two collections (about 25 MiB), Buffers of answers not yet collected (about 20 MiB) and what
 * malloc holds after the pages' work (about 55 MiB).
 */
export const WORKING_MEMORY_BYTES = 128 * MIB;
/** The most either cache is given, however large the budget: the sizes they had before the budget, which the benches found enough. */
export const MOST_PAGE_CACHE_BYTES = 64 * MIB;
export const MOST_RENDITION_BYTES = 64 * MIB;
/** The least: a few dozen product pages, a few dozen pictures' served sizes. */
export const LEAST_PAGE_CACHE_BYTES = 8 * MIB;
export const LEAST_RENDITION_BYTES = 4 * MIB;
/** The kept pages' share of what is left; the pictures' sizes have the rest. */
const PAGE_CACHE_SHARE = 3 / 4;

export interface MemorySplit {
  budgetBytes: number;
  /** The server's resident memory once open, at rest (the catalogue, its indexes, the code). */
  openBytes: number;
  workingBytes: number;
  /** Kept pages; 0 when the page cache is off (`PAGE_CACHE_MB=0`). */
  pageCacheBytes: number;
  renditionBytes: number;
  /** Whether the shop at rest, the working memory and both caches fit in the budget. */
  fits: boolean;
}

/**
 * The caches' shares of the budget once the shop is open. `pageCacheBytes`
 * given (`PAGE_CACHE_MB` set) is the page cache's size as it is, and the
 * pictures' sizes get what is left after it.
 */
export function splitMemoryBudget(options: { budgetBytes: number; openBytes: number; workingBytes?: number; pageCacheBytes?: number }): MemorySplit {
  const { budgetBytes, openBytes } = options;
  const workingBytes = options.workingBytes ?? WORKING_MEMORY_BYTES;
  const left = Math.max(0, budgetBytes - openBytes - workingBytes);
  const clamp = (bytes: number, least: number, most: number) => Math.round(Math.min(most, Math.max(least, bytes)));
  const pageCacheBytes = options.pageCacheBytes ?? clamp(left * PAGE_CACHE_SHARE, LEAST_PAGE_CACHE_BYTES, MOST_PAGE_CACHE_BYTES);
  const renditionBytes = clamp(left - pageCacheBytes, LEAST_RENDITION_BYTES, MOST_RENDITION_BYTES);
  return { budgetBytes, openBytes, workingBytes, pageCacheBytes, renditionBytes, fits: openBytes + workingBytes + pageCacheBytes + renditionBytes <= budgetBytes };
}

/** The split in words for the start log, MiB. */
export function describeSplit(split: MemorySplit): Record<string, number | boolean> {
  const mib = (bytes: number) => Math.round(bytes / MIB);
  return { budgetMiB: mib(split.budgetBytes), openMiB: mib(split.openBytes), workingMiB: mib(split.workingBytes), pageCacheMiB: mib(split.pageCacheBytes), renditionsMiB: mib(split.renditionBytes), fits: split.fits };
}
