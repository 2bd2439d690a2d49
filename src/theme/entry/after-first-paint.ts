/**
 * Holds the page's scripts back until the server's HTML is on screen.
 *
 * React Router's inline module script imports every route module and the
 * client entry as soon as the browser has them. On a fast connection that
 * happens before the first frame, and evaluating the framework (and then
 * hydrating) delays the first paint; on a slow phone the paint waits on the
 * whole script download. The rewritten script first waits for the first
 * paint, then preloads the whole module graph at once and imports the
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

const STATIC_IMPORT = /^\s*import \* as (route\d+) from ("[^"\n]+");\s*$/gm;

/**
 * The inline module's text with its static route imports turned into
 * dynamic ones after the paint wait, or null when the text is not the shape
 * React Router writes (then it is left alone).
 */
export function deferModuleScript(text: string, preloads: readonly string[] = []): string | null {
  const imports = [...text.matchAll(STATIC_IMPORT)];
  if (imports.length === 0 || !text.includes("window.__reactRouterRouteModules")) return null;
  const names = imports.map((match) => match[1]).join(", ");
  const specifiers = imports.map((match) => `import(${match[2]})`).join(", ");
  const rest = text.replace(STATIC_IMPORT, "");
  // The whole module graph is asked for at once, so its imports do not arrive one level at a time.
  const preload = preloads.length
    ? `for (const href of ${JSON.stringify(preloads)}) { const link = document.createElement("link"); link.rel = "modulepreload"; link.href = href; document.head.append(link); }\n`
    : "";
  return `${WAIT_FOR_FIRST_PAINT}\n${preload}const [${names}] = await Promise.all([${specifiers}]);\n${rest}`;
}

/** React Router's inline module script, as it opens (with the page's nonce when it has one). */
const openTag = (nonce?: string) => (nonce ? `<script nonce="${nonce}" type="module" async="">` : '<script type="module" async="">');
const CLOSE = "</script>";
const MODULE_PRELOAD = '<link rel="modulepreload"';
const PRELOAD_TAG = /<link rel="modulepreload" href="(\/[^"<>]+)"[^<>]*\/?>/g;

/** Where to cut so that no tag we rewrite is split: before a trailing "<…" that may begin one. */
function safeCut(text: string, OPEN: string): number {
  const lt = text.lastIndexOf("<");
  if (lt === -1) return text.length;
  const tail = text.slice(lt);
  if (OPEN.startsWith(tail) || MODULE_PRELOAD.startsWith(tail)) return lt;
  // A preload tag begun but not yet closed.
  return tail.startsWith(MODULE_PRELOAD) && !tail.includes(">") ? lt : text.length;
}

/**
 * Rewrites a streamed HTML document: the module preloads React Router
 * writes into the head are taken out, and the one inline module script
 * first waits for the first paint, then asks for those modules and imports
 * the routes. With `shared`, the script asks at once only for the modules it
 * names (those every page needs, the framework's above all, so that the
 * largest download does not wait on a small module that imports it); the
 * browser finds a route's own small modules as it reads the route, and the
 * page adds fewer links, each of which costs a phone's main thread. Until
 * the page is on screen the HTML, its styles and its pictures have the
 * connection to themselves. Text passes through without delay, except from
 * the script's opening tag to its closing tag and a trailing fragment that
 * may begin a tag to rewrite. `end` gives back whatever is still held when
 * the document ends.
 */
export function createModuleScriptDeferrer(nonce?: string, shared?: (href: string) => boolean): { push: (chunk: string) => string; end: () => string } {
  const OPEN = openTag(nonce);
  let held = "";
  let scriptDone = false;
  const preloads: string[] = [];
  const stripPreloads = (text: string) =>
    scriptDone
      ? text
      : text.replace(PRELOAD_TAG, (_tag, href: string) => {
          if (!preloads.includes(href)) preloads.push(href);
          return "";
        });
  return {
    push(chunk) {
      const text = held + chunk;
      held = "";
      const open = scriptDone ? -1 : text.indexOf(OPEN);
      if (open === -1) {
        const cut = scriptDone ? text.length : safeCut(text, OPEN);
        held = text.slice(cut);
        return stripPreloads(text.slice(0, cut));
      }
      const start = open + OPEN.length;
      const close = text.indexOf(CLOSE, start);
      if (close === -1) {
        held = text.slice(open);
        return stripPreloads(text.slice(0, open));
      }
      const before = stripPreloads(text.slice(0, open));
      const deferred = deferModuleScript(text.slice(start, close), shared ? preloads.filter(shared) : preloads);
      scriptDone = true;
      if (deferred === null) {
        // Not the expected script: give the preloads back so nothing is lost.
        const tags = preloads.map((href) => `<link rel="modulepreload" href="${href}"/>`).join("");
        return before + tags + text.slice(open);
      }
      return before + OPEN + deferred + text.slice(close);
    },
    end() {
      const rest = held;
      held = "";
      return stripPreloads(rest);
    },
  };
}
