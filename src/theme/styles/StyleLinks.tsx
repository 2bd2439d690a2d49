import { createContext, useContext } from "react";
import { Links, UNSAFE_FrameworkContext, useMatches } from "react-router";

/**
 * The server's reader of built stylesheets: the CSS text of `/assets/….css`,
 * or null. Provided by entry.server; absent in the browser.
 */
export const InlineCssContext = createContext<((href: string) => string | null) | null>(null);

/** Stylesheets the server inlined into this document, read back once before hydration. */
let inlined: Map<string, string> | null = null;
function inlinedInDocument(): Map<string, string> {
  if (inlined) return inlined;
  inlined = new Map();
  if (typeof document !== "undefined") {
    for (const style of document.querySelectorAll<HTMLStyleElement>("style[data-href]")) inlined.set(style.dataset.href ?? "", style.textContent ?? "");
  }
  return inlined;
}

/**
 * The page's stylesheets, inlined. React Router's `<Links>` would render a
 * `<link rel="stylesheet">` per route stylesheet, each one a render-blocking
 * request on the first visit; on a slow phone connection those requests, not
 * the HTML, set the first paint. Here the server writes each stylesheet's
 * text into a `<style data-href>` instead; the browser reads those back before
 * hydrating, so its render matches, and pages reached later by client
 * navigation get ordinary `<link>`s (React Router loads their CSS before it
 * shows them). Non-stylesheet links still come from `<Links>`.
 */
export function StyleLinks() {
  const framework = useContext(UNSAFE_FrameworkContext);
  const readCss = useContext(InlineCssContext);
  const matches = useMatches();
  const hrefs = [...new Set(matches.flatMap((match) => framework?.manifest.routes[match.id]?.css ?? []))];
  const known = readCss ? null : inlinedInDocument();
  return (
    <>
      {hrefs.map((href) => {
        const css = readCss ? readCss(href) : (known?.get(href) ?? null);
        return css === null ? <link key={href} rel="stylesheet" href={href} /> : <style key={href} data-href={href} dangerouslySetInnerHTML={{ __html: css }} />;
      })}
      <OtherLinks />
    </>
  );
}

type Manifest = NonNullable<React.ContextType<typeof UNSAFE_FrameworkContext>>["manifest"];

/** A build's manifest without its routes' stylesheets, made once per manifest (one per build). */
const manifestsWithoutStylesheets = new WeakMap<Manifest, Manifest>();

function withoutStylesheets(manifest: Manifest): Manifest {
  let stripped = manifestsWithoutStylesheets.get(manifest);
  if (stripped === undefined) {
    stripped = { ...manifest, routes: Object.fromEntries(Object.entries(manifest.routes).map(([id, route]) => [id, route ? { ...route, css: undefined } : route])) } as Manifest;
    manifestsWithoutStylesheets.set(manifest, stripped);
  }
  return stripped;
}

/** `<Links>` without the route stylesheets `StyleLinks` already wrote (favicons, preloads a route declares). */
function OtherLinks() {
  const framework = useContext(UNSAFE_FrameworkContext);
  if (!framework) return <Links />;
  const manifest = withoutStylesheets(framework.manifest);
  return (
    <UNSAFE_FrameworkContext.Provider value={{ ...framework, manifest }}>
      <Links />
    </UNSAFE_FrameworkContext.Provider>
  );
}
