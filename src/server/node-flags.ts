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
