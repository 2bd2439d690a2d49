/**
 * The theme's own script chunks (dynamic `import()`s) all load through
 * `defineChunk`: once, with the 120 s rule (a failure or a timeout is a
 * ChunkLoadError, logged), and again on the next `load()` after a failure.
 * Failures a shopper should know about are reported with
 * `reportChunkFailure`; the notice every page carries (ChunkErrorNotice)
 * then offers to try again, which runs each reporter's retry.
 */
import { useEffect, useState, useSyncExternalStore } from "react";
import { type ChunkLoadError, loadChunk, retryAddress } from "./chunk-load.ts";

export interface Chunk<T extends object> {
  readonly name: string;
  /** The module once it has loaded. */
  loaded(): T | undefined;
  /** The module, loading it on first use; rejects with a ChunkLoadError. */
  load(): Promise<T>;
}

export function defineChunk<T extends object>(name: string, importer: () => Promise<T>): Chunk<T> {
  let module: T | undefined;
  let loading: Promise<T> | null = null;
  let failure: unknown = null;
  let attempts = 0;
  return {
    name,
    loaded: () => module,
    load() {
      // After a failure the browser would answer the same address from its failed module map: import it afresh.
      const again = failure === null ? null : retryAddress(failure, attempts, window.location.origin);
      const load = again === null ? importer : () => import(/* @vite-ignore */ again) as Promise<T>;
      loading ??= loadChunk(name, load).then(
        (loaded) => (module = loaded),
        (error: unknown) => {
          // The next load() imports again.
          loading = null;
          failure = error;
          attempts += 1;
          console.error(error);
          throw error;
        },
      );
      return loading;
    },
  };
}

// --- Failures the shopper is told about -----------------------------------------------

interface FailureState {
  /** Chunks that failed and wait for a retry. */
  failed: readonly string[];
  /** Whether every one of them already failed after a retry (the notice then offers a reload). */
  retriedAll: boolean;
}

const retries = new Map<string, (() => void)[]>();
const retried = new Set<string>();
const listeners = new Set<() => void>();
let state: FailureState = { failed: [], retriedAll: false };

function publish() {
  const failed = [...retries.keys()];
  state = { failed, retriedAll: failed.length > 0 && failed.every((chunk) => retried.has(chunk)) };
  for (const listener of listeners) listener();
}

/** Tells the shopper a chunk they need did not load; `retry` runs when they ask to try again. */
export function reportChunkFailure(error: ChunkLoadError, retry: () => void): void {
  retries.set(error.chunk, [...(retries.get(error.chunk) ?? []), retry]);
  publish();
}

/** Runs every waiting retry once. */
export function retryFailedChunks(): void {
  const waiting = [...retries.entries()];
  retries.clear();
  for (const [chunk] of waiting) retried.add(chunk);
  publish();
  for (const [, runs] of waiting) for (const run of runs) run();
}

/** Forgets the failures without retrying (the shopper carries on without those parts). */
export function dismissChunkFailures(): void {
  retries.clear();
  publish();
}

export function useChunkFailures(): FailureState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}

/**
 * A chunk's module for rendering, loaded after mount when `wanted`; until
 * then (and on the server) undefined. A failure is reported to the shopper,
 * whose "Try again" loads it again.
 */
export function useChunk<T extends object>(chunk: Chunk<T>, wanted = true): T | undefined {
  const [module, setModule] = useState<T | undefined>(chunk.loaded);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted || module) return;
    let live = true;
    chunk.load().then(
      (loaded) => {
        if (live) setModule(loaded);
      },
      (error: ChunkLoadError) => {
        if (live) reportChunkFailure(error, () => setAttempt((count) => count + 1));
      },
    );
    return () => {
      live = false;
    };
  }, [chunk, wanted, module, attempt]);
  return module;
}
