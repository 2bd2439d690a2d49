/**
 * Which of the shop's sites answers a request. A page belongs to the site
 * its address names (its host name, then its path prefix). A call of the
 * API made without a prefix (`/cart/add.js` from a script that does not know
 * the site) belongs to the site of the shopper's last page, remembered in the
 * `localization` cookie (a country code, as Shopify keeps it).
 */
import { siteForCountry } from "../../core/sites/geo.ts";
import { LOCALIZATION_COOKIE, LOCALIZATION_MAX_AGE_SECONDS, countryFromCookieHeader } from "../../core/sites/localization.ts";
import { type Site, siteOfAddress, sitePath } from "../../core/sites/sites.ts";
import { requestOrigin } from "./origin.ts";

/** Calls answered as data: the AJAX API, the cart's form posts and a discount link. */
export function isApiPath(path: string): boolean {
  return /\.(?:js|json)$/.test(path) || path.startsWith("/cart/") || path.startsWith("/discount/");
}

/** The country the shopper chose or last browsed from, when the cookie holds one of the shop's. */
export function localizationCountry(request: Request, sites: readonly Site[]): string | null {
  return countryFromCookieHeader(request.headers.get("cookie"), sites);
}

export interface SiteRequest {
  site: Site;
  /** The path within the site: the request's path without the site's prefix. */
  path: string;
  /** Whether the address named the site (rather than the cookie choosing it). */
  named: boolean;
}

export function siteOfRequest(request: Request, sites: readonly Site[], baseCode: string, defaultCode: string, trustProxy: boolean): SiteRequest {
  const url = new URL(request.url);
  const host = trustProxy ? new URL(requestOrigin(request, trustProxy)).hostname : url.hostname;
  const found = siteOfAddress(sites, baseCode, host, url.pathname);
  if (found.site.path !== "" || !isApiPath(found.path)) return { ...found, named: true };
  const country = localizationCountry(request, sites);
  if (!country) return { ...found, named: true };
  const remembered = siteForCountry(country, sites, defaultCode);
  // Only a site served on the same host can take a call made to this one.
  if (!remembered || remembered.host !== found.site.host) return { ...found, named: true };
  return { site: remembered, path: found.path, named: false };
}

/** A redirect's address kept on the site: a path of the shop gets the site's prefix. */
export function locationOnSite(location: string, site: Site): string {
  return sitePath(site, location);
}

/** The `localization` cookie naming `country`, as a Set-Cookie value. */
export function localizationCookie(country: string, secure: boolean): string {
  return `${LOCALIZATION_COOKIE}=${country}; Path=/; Max-Age=${LOCALIZATION_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
