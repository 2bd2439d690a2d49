/**
 * A page's data fetched ahead (`<link rel=prefetch>` to `/…/x.data`, as
 * React Router's prefetching and the theme's link prefetcher render it) is
 * only worth fetching if the navigation that follows can use it. Current
 * Chromium reuses a prefetched response only when it is cacheable, and React
 * Router's data answers are not. So a prefetch (the browser marks it
 * `Sec-Purpose: prefetch`) of data that does not depend on the shopper is
 * answered cacheable for a short while, privately; the same request made by
 * the navigation itself, and everything else, stays uncached.
 */
import { isPageDataPath } from "./page-actions.ts";

/** How long a prefetched page's data may be reused. Stock and prices on it can be this old. */
const PREFETCH_MAX_AGE_SECONDS = 30;

/** Theme routes whose data is the same for every shopper (catalog reads, no cart). */
const SHOPPER_INDEPENDENT_ROUTES = new Set(["routes/home", "routes/collection", "routes/product", "routes/bundle", "routes/search"]);

/** The cache-control a response to `request` gets, or null to leave it as it is. */
export function prefetchCacheControl(request: Request, status: number): string | null {
  if (request.method !== "GET" || status !== 200) return null;
  const purpose = `${request.headers.get("sec-purpose") ?? ""} ${request.headers.get("purpose") ?? ""}`;
  if (!/\bprefetch\b/.test(purpose)) return null;
  const url = new URL(request.url);
  if (!isPageDataPath(url.pathname)) return null;
  // Only when the request names its routes and every one is shopper-independent: without
  // `_routes` the answer holds every loader on the page, the root's cart count included.
  const routes = url.searchParams.get("_routes")?.split(",") ?? [];
  if (!routes.length || !routes.every((route) => SHOPPER_INDEPENDENT_ROUTES.has(route))) return null;
  return `private, max-age=${PREFETCH_MAX_AGE_SECONDS}`;
}
