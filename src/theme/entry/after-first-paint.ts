import { Buffer } from "node:buffer";
import { RecentMap } from "../../core/common/recent-map.ts";

/**
 * Holds the page's scripts back until the server's HTML is on screen.
 *
 * React Router's inline module script imports every route module and the
 * client entry as soon as the browser has them. On a fast connection that
 * happens before the first frame, and evaluating the framework (and then
 * hydrating) delays the first paint; on a slow phone the paint waits on the
 * whole script download. The rewritten script first waits for the first
 * paint, then preloads the whole module graph (a few files per task), evaluates the
 * modules every page shares one per task (all evaluated together were one
 * long task on a phone), and imports the
 * routes, so downloading, evaluating and hydrating start once the shopper
 * sees the page, and until then the HTML and the pictures above the fold
 * have the connection to themselves.
 *
 * The wait ends at whichever comes first: the paint timing entry (buffered,
 * so one that happened already counts), a frame plus a task where paint
 * timing is missing, or the tab being hidden (a hidden tab does not paint).
 */

/** Script text that resolves the top-level `await` once the first frame is painted. */
export const WAIT_FOR_FIRST_PAINT = `await new Promise((go) => {
  let done = false;
  const start = () => { if (!done) { done = true; go(); } };
  if (document.visibilityState === "hidden") return start();
  document.addEventListener("visibilitychange", start, { once: true });
  try {
    if (PerformanceObserver.supportedEntryTypes.includes("paint")) {
      const observer = new PerformanceObserver(() => { observer.disconnect(); start(); });
      observer.observe({ type: "paint", buffered: true });
      return;
    }
  } catch {}
  requestAnimationFrame(() => setTimeout(start, 0));
});`;

/**
 * Script text that waits for the next task. The next task is a message to the page itself, as React's
 * scheduler yields: a timer would wait on a paused clock.
 */
const NEXT_TASK = "await new Promise((go) => { const channel = new MessageChannel(); channel.port1.onmessage = () => go(); channel.port2.postMessage(0); });";

/** Script text that imports `stages` one after the other, each evaluated in a task of its own. */
const evaluateInTurn = (stages: readonly string[]) => (stages.length ? `for (const href of ${JSON.stringify(stages)}) { await import(href); ${NEXT_TASK} }\n` : "");

/**
 * Module preloads added in one task. Each asks the browser for a file, a few milliseconds of a phone's
 * main thread: a page's twenty at once made one task of 80 ms at a phone's speed.
 */
export const PRELOADS_PER_TASK = 4;

/** Script text that adds a module preload for each of `preloads`, PRELOADS_PER_TASK of them per task, in order. */
const preloadInTurn = (preloads: readonly string[]) =>
  preloads.length
    ? `for (const [index, href] of ${JSON.stringify(preloads)}.entries()) { if (index > 0 && index % ${PRELOADS_PER_TASK} === 0) ${NEXT_TASK} const link = document.createElement("link"); link.rel = "modulepreload"; link.href = href; document.head.append(link); }\n`
    : "";

const STATIC_IMPORT = /^\s*import \* as (route\d+) from ("[^"\n]+");\s*$/gm;

/**
 * The inline module's text with its static route imports turned into
 * dynamic ones after the paint wait, or null when the text is not the shape
 * React Router writes (then it is left alone).
 */
export function deferModuleScript(text: string, preloads: readonly string[] = [], stages: readonly string[] = []): string | null {
  // Pages of one route write the same script and preloads: its rewrite is worked out once.
  const key = `${preloads.join("\n")}\n\n${stages.join("\n")}\n\n${text}`;
  const known = deferredScripts.get(key);
  if (known !== undefined) return known;
  const deferred = deferScript(text, preloads, stages);
  deferredScripts.set(key, deferred);
  return deferred;
}

/** Rewritten scripts kept, by their preloads and text: a few per route and site. */
const KEPT_SCRIPTS = 128;
const deferredScripts = new RecentMap<string, string | null>(KEPT_SCRIPTS);

function deferScript(text: string, preloads: readonly string[], stages: readonly string[]): string | null {
  const imports = [...text.matchAll(STATIC_IMPORT)];
  if (imports.length === 0 || !text.includes("window.__reactRouterRouteModules")) return null;
  const names = imports.map((match) => match[1]).join(", ");
  const specifiers = imports.map((match) => `import(${match[2]})`).join(", ");
  const rest = text.replace(STATIC_IMPORT, "");
  // The whole module graph is asked for before any of it runs, so its imports do not arrive one level at a time.
  return `${WAIT_FOR_FIRST_PAINT}\n${preloadInTurn(preloads)}${evaluateInTurn(stages)}const [${names}] = await Promise.all([${specifiers}]);\n${rest}`;
}

/** React Router's inline module script, as it opens (with the page's nonce when it has one). */
const openTag = (nonce?: string) => (nonce ? `<script nonce="${nonce}" type="module" async="">` : '<script type="module" async="">');
const CLOSE = Buffer.from("</script>");
const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const PRELOAD_TAG = /^<link rel="modulepreload" href="(\/[^"<>]+)"[^<>]*\/?>$/;
const LT = 0x3c;
const GT = 0x3e;

/** Whether `bytes` from `at` to its end could be the start of `tag`. */
function mayBegin(bytes: Buffer, at: number, tag: Buffer): boolean {
  const length = bytes.length - at;
  return length <= tag.length && tag.compare(bytes, at, bytes.length, 0, length) === 0;
}

/** Where to cut so that no tag we rewrite is split: before a trailing "<…" that may begin one. */
function safeCut(bytes: Buffer, open: Buffer): number {
  const lt = bytes.lastIndexOf(LT);
  if (lt === -1) return bytes.length;
  return mayBegin(bytes, lt, open) || mayBegin(bytes, lt, MODULE_PRELOAD) ? lt : bytes.length;
}

/** What the page's bytes pass through on their way out: each call gives back the pieces to send, in order. */
export interface PageRewriter {
  /**
   * `text` says the chunk is one text React handed over whole (a stylesheet,
   * an element's inner HTML): content, never a tag React wrote itself.
   */
  push(chunk: Buffer, text?: boolean): Buffer[];
  end(): Buffer[];
}

/**
 * Rewrites a streamed HTML document: the module preloads React Router
 * writes into the head are taken out, and the one inline module script
 * first waits for the first paint, then asks for those modules and imports
 * the routes. With `shared`, the script asks first for the modules it names
 * (those every page needs, the framework's above all, so that the largest
 * download does not wait on a small module that imports it), then for the
 * route's own. Every preload goes back into the head this way: React
 * Router's scripts render the same links when the page hydrates, and React
 * adds each one it does not find, inside hydration's one long commit. Until
 * the page is on screen the HTML, its styles and its pictures have the
 * connection to themselves.
 *
 * It works on the encoded bytes, which it searches natively and decodes only
 * where it rewrites (a preload tag, the script): the rest of the page, styles
 * and data included, leaves as React encoded it. Bytes pass through without
 * delay, except from the script's opening tag to its closing tag and a
 * trailing fragment that may begin a tag to rewrite. `end` gives back
 * whatever is still held when the document ends.
 */
export function createModuleScriptDeferrer(nonce?: string, shared?: (href: string) => boolean, stages: readonly string[] = []): PageRewriter {
  const OPEN = Buffer.from(openTag(nonce));
  let held: Buffer | null = null;
  let scriptDone = false;
  const preloads: string[] = [];

  /**
   * Adds `bytes` up to `to` to `out` without their module preload tags (whose
   * addresses it keeps); returns where it stopped: `to`, or the start of a
   * preload tag not closed before `to`.
   */
  const stripPreloads = (bytes: Buffer, to: number, out: Buffer[]): number => {
    let from = 0;
    for (let at = bytes.indexOf(MODULE_PRELOAD); at !== -1 && at < to; at = bytes.indexOf(MODULE_PRELOAD, from)) {
      const gt = bytes.indexOf(GT, at);
      if (gt === -1 || gt >= to) {
        if (at > from) out.push(bytes.subarray(from, at));
        return at;
      }
      const href = PRELOAD_TAG.exec(bytes.toString("utf8", at, gt + 1))?.[1];
      if (href === undefined) {
        out.push(bytes.subarray(from, gt + 1));
      } else {
        if (at > from) out.push(bytes.subarray(from, at));
        if (!preloads.includes(href)) preloads.push(href);
      }
      from = gt + 1;
    }
    if (to > from) out.push(bytes.subarray(from, to));
    return to;
  };

  return {
    push(chunk, text = false) {
      // A whole text between tags holds neither tag looked for: only what React wrote itself is searched.
      if (scriptDone || (text && held === null)) return [chunk];
      const bytes = held ? Buffer.concat([held, chunk]) : chunk;
      held = null;
      const out: Buffer[] = [];
      const open = bytes.indexOf(OPEN);
      const close = open === -1 ? -1 : bytes.indexOf(CLOSE, open + OPEN.length);
      if (close === -1) {
        // Held back: an unfinished script, or a tail that may begin a tag.
        const stopped = stripPreloads(bytes, open === -1 ? safeCut(bytes, OPEN) : open, out);
        if (stopped < bytes.length) held = bytes.subarray(stopped);
        return out;
      }
      const stopped = stripPreloads(bytes, open, out);
      if (stopped < open) out.push(bytes.subarray(stopped, open));
      const deferred = deferModuleScript(bytes.toString("utf8", open + OPEN.length, close), shared ? [...preloads.filter(shared), ...preloads.filter((href) => !shared(href))] : preloads, stages);
      scriptDone = true;
      if (deferred === null) {
        // Not the expected script: give the preloads back so nothing is lost.
        out.push(Buffer.from(preloads.map((href) => `<link rel="modulepreload" href="${href}"/>`).join("")), bytes.subarray(open));
      } else {
        out.push(OPEN, Buffer.from(deferred), bytes.subarray(close));
      }
      return out;
    },
    end() {
      const rest = held;
      held = null;
      if (!rest) return [];
      const out: Buffer[] = [];
      const stopped = stripPreloads(rest, rest.length, out);
      if (stopped < rest.length) out.push(rest.subarray(stopped));
      return out;
    },
  };
}
