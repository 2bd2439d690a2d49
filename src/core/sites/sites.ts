/**
 * The shop's sites (markets): which site serves an address, and the same
 * address on another site. A site is served at a path prefix of the shop
 * ("/fr-fr"), at its root (""), or at a host name of its own. Shared by the
 * platform (which site answers a request) and the theme (links, the footer
 * selector, the geo popup).
 */
import type { Settings } from "../settings/settings.ts";

export type Site = Settings["geo"]["sites"][number];

/** What the theme is told about a site: enough to link to it and name it. */
export interface SiteInfo {
  code: string;
  name: string;
  currency: string;
  path: string;
  host: string | null;
  language: string;
  countries: readonly string[];
  moneyFormat: string;
  /** Units of the site's currency for one unit of the shop's (`Shopify.currency.rate`). */
  rate: number;
}

export function siteInfo(site: Site): SiteInfo {
  return {
    code: site.code,
    name: site.name,
    currency: site.currency,
    path: site.path,
    host: site.host,
    language: site.language,
    countries: site.countries,
    moneyFormat: site.moneyFormat,
    rate: site.rate,
  };
}

const infosOfSites = new WeakMap<readonly Site[], SiteInfo[]>();

/** What the theme is told of every site: one list per list of sites, so what is worked out from it can be kept with it. */
export function siteInfosOf(sites: readonly Site[]): SiteInfo[] {
  let infos = infosOfSites.get(sites);
  if (!infos) {
    infos = sites.map(siteInfo);
    infosOfSites.set(sites, infos);
  }
  return infos;
}

/**
 * How an amount in `currency` is written on `current`'s pages: in the page's
 * own format when it is that currency, else as the first site selling in it
 * writes it, else the amount followed by the currency code.
 */
export function moneyFormatFor(currency: string, current: Pick<SiteInfo, "currency" | "moneyFormat">, sites: readonly Pick<SiteInfo, "currency" | "moneyFormat">[]): string {
  if (currency === current.currency) return current.moneyFormat;
  return sites.find((site) => site.currency === currency)?.moneyFormat ?? `{{amount}} ${currency}`;
}

/** The shop's sites; a shop that lists none is one site, its base, at the root. */
export function shopSites(settings: Pick<Settings, "geo" | "shop" | "currency" | "locale" | "moneyFormat" | "moneyWithCurrencyFormat">): readonly Site[] {
  if (settings.geo.sites.length > 0) return settings.geo.sites;
  return [
    {
      code: settings.geo.baseSite,
      name: settings.shop.name,
      currency: settings.currency,
      path: "",
      host: null,
      language: settings.locale,
      moneyFormat: settings.moneyFormat,
      moneyWithCurrencyFormat: settings.moneyWithCurrencyFormat,
      rate: 1,
      rounding: "none",
      countries: [settings.geo.defaultCountry],
    },
  ];
}

/** The site whose currency the catalog is priced in, served at the root. */
export function baseSiteOf(sites: readonly Site[], baseCode: string): Site {
  const base = sites.find((site) => site.code === baseCode) ?? sites[0];
  if (!base) throw new Error("the shop has no site");
  return base;
}

/**
 * The site an order was placed on, for its emails' links and money: the one
 * selling in its currency and speaking its language (the Irish and French
 * sites both sell in euros), else the first in its currency, else the base.
 */
export function orderSiteOf(sites: readonly Site[], baseCode: string, order: { currency: string; customer_locale: string }): Site {
  return (
    sites.find((site) => site.currency === order.currency && site.language === order.customer_locale) ??
    sites.find((site) => site.currency === order.currency) ??
    baseSiteOf(sites, baseCode)
  );
}

/**
 * The site a shopper's recorded language points at, for the links of emails
 * sent to them later: the first site speaking exactly that tag, else the base.
 */
export function siteOfLocale(sites: readonly Site[], baseCode: string, locale: string): Site {
  return sites.find((site) => site.language === locale) ?? baseSiteOf(sites, baseCode);
}

const hostName = (host: string | null | undefined) => (host ?? "").trim().toLowerCase().replace(/:\d+$/, "");

/** Whether `pathname` lies within `prefix` ("/fr-fr" holds "/fr-fr", "/FR-FR" and "/fr-fr/…"), whatever its case. */
function within(pathname: string, prefix: string): boolean {
  const lower = pathname.toLowerCase();
  return prefix === "" || lower === prefix || lower.startsWith(`${prefix}/`);
}

/**
 * The site serving an address, and the path within it: the sites of the
 * request's host name (the shop's own host when none names it), the one whose
 * prefix begins the path, else that host's root site, else the base site.
 */
export function siteOfAddress<S extends Pick<Site, "code" | "path" | "host">>(
  sites: readonly S[],
  baseCode: string,
  host: string | null | undefined,
  pathname: string,
): { site: S; path: string } {
  const name = hostName(host);
  const own = sites.filter((site) => site.host !== null && site.host === name);
  const candidates = own.length > 0 ? own : sites.filter((site) => site.host === null);
  let site: S | undefined;
  for (const candidate of candidates) {
    if (within(pathname, candidate.path) && (!site || candidate.path.length > site.path.length)) site = candidate;
  }
  site ??= sites.find((candidate) => candidate.code === baseCode) ?? sites[0];
  if (!site) throw new Error("the shop has no site");
  const rest = site.path && within(pathname, site.path) ? pathname.slice(site.path.length) : pathname;
  return { site, path: rest === "" ? "/" : rest };
}

/**
 * A shop address on a site: the site's prefix before it ("/" is the prefix
 * itself). Addresses outside the shop (another origin, `#top`, relative
 * ones) and those already on the site are left as they are.
 */
export function sitePath(site: Pick<Site, "path">, address: string): string {
  if (!site.path || !address.startsWith("/") || address.startsWith("//")) return address;
  const pathname = address.replace(/[?#].*$/, "");
  if (within(pathname, site.path)) return address;
  if (pathname === "/") return `${site.path}${address.slice(1)}`;
  return `${site.path}${address}`;
}

/** A path on the site's prefix taken away: the shop address behind it. */
export function pathWithinSite(site: Pick<Site, "path">, address: string): string {
  if (!site.path) return address;
  const pathname = address.replace(/[?#].*$/, "");
  if (!within(pathname, site.path)) return address;
  const rest = address.slice(site.path.length);
  return rest === "" || rest.startsWith("?") || rest.startsWith("#") ? `/${rest}` : rest;
}

/**
 * The same page on another site: `address` is a path on `from`; the answer is
 * that path on `to`, absolute when `to` has a host of its own (on `protocol`).
 */
export function samePageOn(from: Pick<Site, "path">, to: Pick<Site, "path" | "host">, address: string, protocol = "https:"): string {
  // With the prefix taken away, "/fr-fr//evil.example" would be "//evil.example", another host: a path keeps one leading slash.
  const moved = sitePath(to, pathWithinSite(from, address).replace(/^[/\\]+/, "/"));
  return to.host ? `${protocol}//${to.host}${moved}` : moved;
}

/** The site's root for scripts, as Shopify's `routes.root` says it: "/" or "/fr-fr/". */
export function siteRoot(site: Pick<Site, "path">): string {
  return site.path ? `${site.path}/` : "/";
}

/** The site's own address for links sent out of a request (email): the shop's address with the site's prefix, or the site's own host. */
export function siteUrl(shopUrl: string, site: Pick<Site, "path" | "host">): string {
  const shop = shopUrl.replace(/\/+$/, "");
  if (site.host) return `${/^https?:/.exec(shop)?.[0] ?? "https:"}//${site.host}`;
  return `${shop}${site.path}`;
}
