/**
 * Loading a script chunk (a dynamic `import()`): a chunk that fails, or has
 * not arrived after 120 s, is a ChunkLoadError.
 */

export const CHUNK_TIMEOUT_MS = 120_000;

/** A script chunk that failed to load or took too long; `chunk` names what it holds ("side cart"). */
export class ChunkLoadError extends Error {
  readonly chunk: string;

  constructor(chunk: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "ChunkLoadError";
    this.chunk = chunk;
  }
}

// What browsers throw when a dynamic import's fetch fails: Chromium, Firefox, Safari.
const IMPORT_FAILURE = /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

/** A ChunkLoadError, or the browser's own error for a module that did not load (React Router's route modules, for one). */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && (error.name === "ChunkLoadError" || IMPORT_FAILURE.test(error.message));
}

export interface LoadChunkOptions {
  timeoutMs?: number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * Runs `load` (an `import()`), answering its module, or a ChunkLoadError when
 * it fails or has not settled within the timeout. A chunk arriving after
 * the timeout is not waited for; the browser keeps it, so a retry finds it.
 */
export function loadChunk<T>(chunk: string, load: () => Promise<T>, options: LoadChunkOptions = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? CHUNK_TIMEOUT_MS;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  return new Promise<T>((resolve, reject) => {
    const timer = setTimer(() => reject(new ChunkLoadError(chunk, `Loading the ${chunk} chunk timed out after ${timeoutMs} ms`)), timeoutMs);
    let loading: Promise<T>;
    try {
      loading = load();
    } catch (error) {
      loading = Promise.reject(error);
    }
    loading.then(
      (module) => {
        clearTimer(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimer(timer);
        reject(error instanceof ChunkLoadError ? error : new ChunkLoadError(chunk, `Loading the ${chunk} chunk failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error }));
      },
    );
  });
}

/**
 * The address to import again after a chunk failed: browsers keep a failed
 * module in their module map, so importing the same address again fails
 * without a request. The failed address (named in Chromium's and Firefox's
 * messages) with a retry mark is a new module to the browser, fetched
 * afresh; its own imports resolve as before. Null when the message names no
 * script of this origin (Safari's does not), and the plain import is used.
 */
export function retryAddress(error: unknown, attempt: number, origin: string): string | null {
  const message = error instanceof Error ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ""}` : String(error);
  const named = /(https?:\/\/[^\s"']+?\.js)(?:\?[^\s"']*)?(?=[\s"']|$)/.exec(message)?.[1];
  if (!named) return null;
  let url: URL;
  try {
    url = new URL(named);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  url.searchParams.set("retry", String(attempt));
  return url.href;
}
