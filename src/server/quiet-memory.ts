/**
 * Memory goes back to the system when the shop is quiet. Opening the shop
 * (migrations, seeding, loading the catalog) and every busy spell leave V8
 * with a grown young generation and old-space slack it keeps committed.
 * Once no request has arrived for a whole `quietMs`, V8 is asked for one
 * full collection that also shrinks the young generation; then nothing more
 * until requests come again. V8's own memory reducer does this only about
 * 100 s after its last collection, and not at all while it judges the
 * allocation rate high, which a server's timers keep it judging.
 */
import { collectGarbage } from "../platform/catalog/garbage.ts";

/** A whole interval without a request makes a quiet spell. */
export const QUIET_MS = 10_000;

/** The requests the server answers; only their arrival is counted. */
interface RequestSource {
  on(event: "request", listener: () => void): unknown;
  off(event: "request", listener: () => void): unknown;
}

export function releaseMemoryWhenQuiet(server: RequestSource, options: { quietMs?: number; collect?: () => void } = {}): () => void {
  const collect = options.collect ?? fullCollection;
  let requests = 0;
  let seen = 0;
  // Opening the shop counts as a busy spell.
  let owed = true;
  const count = () => {
    requests++;
  };
  server.on("request", count);
  const timer = setInterval(() => {
    if (requests !== seen) {
      seen = requests;
      owed = true;
    } else if (owed) {
      owed = false;
      collect();
    }
  }, options.quietMs ?? QUIET_MS);
  // It never keeps the process alive on its own.
  timer.unref();
  return () => {
    clearInterval(timer);
    server.off("request", count);
  };
}

/**
 * V8's last-resort collection: full, synchronous, repeated while it frees
 * anything, and it shrinks the young generation.
 */
export function fullCollection(): void {
  collectGarbage("sync", "last-resort");
}
