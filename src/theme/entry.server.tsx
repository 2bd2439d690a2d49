import { readFileSync } from "node:fs";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { createModuleScriptDeferrer } from "./entry/after-first-paint.ts";
import { PageSink } from "./entry/page-sink.ts";
import { FragmentCatch } from "./entry/fragment-catch.ts";
import { FragmentCatcherContext } from "./chunks/kept-fragments.ts";
import { rememberMatches } from "./entry/remembered-matches.ts";
import { InlineCssContext } from "./styles/StyleLinks.tsx";
import { NonceContext, nonceContext } from "./entry/nonce.ts";
import { RequestIdContext, requestIdContext } from "./entry/request-id.ts";
import { renderOnServer } from "./chunks/hydrate-later.tsx";
import { SiteFooter } from "./layout/SiteFooter.tsx";
import { ConsentBanner } from "./marketing/consent/ConsentBanner.tsx";
import { MainNav } from "./layout/MainNav.tsx";
import { PredictiveSearch } from "./layout/PredictiveSearch.tsx";
import { AnnouncementBar } from "./layout/AnnouncementBar.tsx";

// The server reads this key from the built entry to hand loaders the storefront client.
export { documentRequestContext, storefrontContext } from "./storefront/context.ts";
export { nonceContext } from "./entry/nonce.ts";
export { requestIdContext } from "./entry/request-id.ts";
export { adminContext } from "./admin/context.ts";

export const streamTimeout = 5_000;

// The frame's parts the browser hydrates later render at once here (chunks/hydrate-later.tsx).
renderOnServer({ footer: SiteFooter, consent: ConsentBanner, menu: MainNav, search: PredictiveSearch, announcement: AnnouncementBar });

/** Built stylesheets by href. Their names carry a content hash, so a text read once stays right. */
const cssByHref = new Map<string, string | null>();
/** Built stylesheets; React Router marks some (also imported by lazy chunks) with a trailing "#". */
const BUILT_CSS = /^(\/assets\/[\w.-]+\.css)#?$/;

/** The text of a built stylesheet for inlining (see StyleLinks), or null to keep it a link. */
function readBuiltCss(href: string): string | null {
  const cached = cssByHref.get(href);
  if (cached !== undefined) return cached;
  let css: string | null = null;
  const file = BUILT_CSS.exec(href)?.[1];
  if (file) {
    try {
      // This module runs as build/server/index.js; the browser's assets sit in build/client.
      css = readFileSync(new URL(`../client${file}`, import.meta.url), "utf8").replaceAll("</style", "<\\/style");
    } catch {
      css = null;
    }
  }
  cssByHref.set(href, css);
  return css;
}

/** The modules every page loads: the client entry, the root route and what they import. */
function sharedModules({ manifest }: EntryContext): (href: string) => boolean {
  const root = manifest.routes.root;
  const shared = new Set([manifest.entry.module, ...manifest.entry.imports, ...(root ? [root.module, ...(root.imports ?? [])] : [])]);
  return (href) => shared.has(href);
}

/**
 * The modules every page shares, in the order they are evaluated one per task: what the client entry
 * imports (the framework), then what the root route imports (the frame), then the root route itself;
 * each after what it imports, so each task evaluates one module.
 */
function evaluationStages({ manifest }: EntryContext): string[] {
  const root = manifest.routes.root;
  const stages = new Set([...manifest.entry.imports, ...(root ? [...(root.imports ?? []), root.module] : [])]);
  return [...stages];
}

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext, loadContext?: RouterContextProvider) {
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status: responseStatusCode, headers: responseHeaders });

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; shoppers get the shell first and the rest streamed.
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    // The page's script nonce, named in its Content-Security-Policy: every script the shop writes inline carries it.
    const nonce = loadContext?.get(nonceContext) || undefined;
    // The request's id, for an error page's reference.
    const requestId = loadContext?.get(requestIdContext) || undefined;
    rememberMatches(routerContext.staticHandlerContext);
    // Frame parts drawn on this page that later pages may write as they are (chunks/kept-fragments.ts).
    const fragments = new FragmentCatch();
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RequestIdContext.Provider value={requestId}>
          <InlineCssContext.Provider value={readBuiltCss}>
            <FragmentCatcherContext.Provider value={fragments}>
              <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
            </FragmentCatcherContext.Provider>
          </InlineCssContext.Provider>
        </RequestIdContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        // A finished Suspense boundary is written in place, never held back for a script to move in later: the
        // frame's parts hydrated later are finished on the server and must show (and work) without scripts.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          // The page's scripts start after its first paint (see entry/after-first-paint.ts).
          const sink = new PageSink(
            createModuleScriptDeferrer(nonce, sharedModules(routerContext), evaluationStages(routerContext)),
            () => abort(),
            () => {
              clearTimeout(timeoutId);
              timeoutId = undefined;
            },
            (bytes) => fragments.observe(bytes),
          );
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(sink as unknown as NodeJS.WritableStream);
          resolve(new Response(sink.body, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
