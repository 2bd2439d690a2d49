/**
 * Refuses state-changing requests that another site's page made a browser
 * send (cross-site request forgery): a form on another site posting to
 * `/cart/add`, or a script there posting JSON dressed as `text/plain` to
 * `/cart/add.js`. Browsers name where a request comes from (`Origin`,
 * `Sec-Fetch-Site`, `Referer`); the shop's own pages always send their
 * origin. A request naming no origin at all is not a browser's on another
 * site's behalf (curl, a server, `@shopify/theme-cart` under Node) and passes.
 */
import type { Context, MiddlewareHandler } from "hono";
import { html } from "hono/html";
import { requestOrigin } from "./origin.ts";
import { isJsonPath, wantsJson } from "./requests.ts";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The origin of an `Origin` or `Referer` value; null for `null` or anything unreadable. */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Whether a browser sent this request on behalf of another origin's page: another
 * site, or another origin of the same site (a sibling subdomain, which the
 * browser marks `Sec-Fetch-Site: same-site`).
 */
export function isCrossSite(request: Request, trustProxy: boolean): boolean {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite === "cross-site" || fetchSite === "same-site") return true;
  const own = requestOrigin(request, trustProxy);
  const origin = request.headers.get("origin");
  if (origin !== null) return originOf(origin) !== own;
  const referer = request.headers.get("referer");
  if (referer) return originOf(referer) !== own;
  return false;
}

/** JSON endpoints end in `.js` or `.json`, as Shopify's do. */

/**
 * `text/plain` is the one body type a page on another site can send without
 * the browser asking first (no CORS preflight), so the JSON endpoints do not
 * read it: JSON comes as `application/json`.
 */
const isTextPlain = (contentType: string | undefined) => (contentType ?? "").split(";")[0]?.trim().toLowerCase() === "text/plain";

function refuse(c: Context, status: 403 | 415, message: string, description: string) {
  c.header("cache-control", "no-store");
  if (wantsJson(c)) return c.json({ status, message, description }, status);
  return c.html(
    html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${message}</title></head>
<body><main><h1>${message}</h1><p>${description}</p><p><a href="/">Back to the shop</a></p></main></body>
</html>`,
    status,
  );
}

/**
 * Every POST, PUT, PATCH and DELETE of the shop passes here before any route,
 * but the `exempt` paths: endpoints another site's server posts to, which
 * prove who sent them by their own means (the payment webhook's signature).
 */
export function sameSiteOnly({ trustProxy, exempt = [] }: { trustProxy: boolean; exempt?: readonly string[] }): MiddlewareHandler {
  return async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method) || exempt.includes(c.req.path)) return next();
    if (isCrossSite(c.req.raw, trustProxy)) {
      return refuse(c, 403, "Forbidden", "This request came from another site, so the shop refused it. Please try again from the shop's own pages.");
    }
    if (isJsonPath(c.req.path) && isTextPlain(c.req.header("content-type"))) {
      return refuse(c, 415, "Unsupported Media Type", "Send the body as JSON (application/json) or as a form.");
    }
    return next();
  };
}
