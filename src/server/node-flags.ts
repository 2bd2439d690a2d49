/**
 * The V8 flags the shop's server runs with, wherever it is started: `npm start` and `npm run dev` (package.json
 * repeats them, checked by node-flags.test.ts), the benchmarks and the tests that start `serve.ts`.
 *
 * V8 lets the young generation grow to 2 × 32 MiB under load and keeps it; a shop's requests leave little
 * garbage each, so 2 × 8 MiB holds it and the server stays about 48 MiB smaller. V8 reads these sizes only
 * when the process starts, so they must be on the command line.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=8"];
