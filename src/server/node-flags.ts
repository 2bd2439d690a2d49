/**
 * The V8 flags the shop's server runs with, wherever it is started: `npm start` and `npm run dev` (package.json
 * repeats them, checked by node-flags.test.ts), the benchmarks and the tests that start `serve.ts`.
 *
 * V8 lets the young generation grow to 2 × 32 MiB under load and keeps it. 2 × 16 MiB holds what the pages
 * being rendered at once have allocated (about 0.9 MB each), so a collection finds little still in use: a
 * rendered page costs about a fifth less CPU than with 2 × 8 MiB, for at most 30 MiB more under load and
 * nothing at rest (the server shrinks the young generation when quiet, quiet-memory.ts). V8 reads these
 * sizes only when the process starts, so they must be on the command line.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=16"];

/**
 * glibc's malloc settings the server runs with, set in its environment wherever it is started (`npm start` and
 * `npm run dev` write them before `node` in package.json, checked by node-flags.test.ts; the benchmarks and the
 * tests that start `serve.ts` pass them). glibc reads them only when the process starts.
 *
 * - Two arenas: by default each thread that allocates (libuv's pool compressing pages, Brotli copies) gets an
 *   arena of its own, up to 8 per core, each keeping what it once held (17 MiB once open, 54 MiB under load at
 *   50,000 products).
 * - Blocks of 68 KiB and more mapped on their own and unmapped when freed, that bound fixed: glibc otherwise
 *   raises it (up to 32 MiB) as large blocks are freed, until a kept page's pieces come from the main heap,
 *   whose freed middle it never returns (it held 166 MiB after a load, against 34 once open). Just above
 *   64 KiB, so each socket read's 64 KiB buffer and zlib's 64 KiB windows, made and freed on every request,
 *   stay in the heap (at 64 KiB each was a mapping of its own, which cost CPU on every request; at 128 KiB
 *   the kept pages' pieces under it stayed in the heap: 40 MiB more after a load).
 * - The heap's free top given back once it is 1 MiB, not each time it reaches 128 KiB (fixing the bound
 *   above fixes this one at glibc's starting value otherwise).
 *
 * Other C libraries (musl) ignore them.
 */
export const SERVER_MALLOC_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_MMAP_THRESHOLD_: "69632",
  MALLOC_TRIM_THRESHOLD_: "1048576",
};
