/** Helpers for the `meta` exports of the routes: titles like "Vitamin C Serum – Shop" and plain-text descriptions. */

import { type SiteInfo, pathWithinSite, sitePath } from "../../core/sites/sites.ts";
import type { ShopInfo } from "../../core/contract/storefront.ts";
import type { MessageValues } from "../../core/i18n/messages.ts";
import { shopFromData } from "./shop-text.ts";
import { type TextKey, shopTranslator } from "./use-shop.ts";

export interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** What the head needs of the shop: its address and the site the page is on. */
export interface ShopAddress {
  name?: string;
  currency?: string;
  url?: string;
  site?: SiteInfo;
  sites?: SiteInfo[];
}

function rootShop(matches: readonly (MatchLike | undefined)[]): ShopInfo | undefined {
  const data = (matches.find((match) => match?.id === "root")?.loaderData as { shop?: unknown } | undefined)?.shop;
  return typeof data === "string" ? shopFromData(data) : undefined;
}

/** A file (a name with an extension: a picture, the icon) is the shop's, served the same on every site. */
const isFile = (path: string) => /\.[a-z0-9]+$/i.test(path.replace(/[?#].*$/, ""));

/**
 * A path of the shop as a full address on a site: the site's prefix before a
 * page's path (files keep theirs), on the site's own host when it has one.
 * The path alone, prefixed, when the shop's address is unknown.
 */
export function siteAddress(shopUrl: string | undefined, site: Pick<SiteInfo, "path" | "host"> | undefined, path: string): string {
  if (!site || !path.startsWith("/") || path.startsWith("//") || isFile(path)) return `${shopUrl ?? ""}${path}`;
  const origin = site.host ? `${/^http:/.test(shopUrl ?? "") ? "http:" : "https:"}//${site.host}` : (shopUrl ?? "");
  return `${origin}${sitePath(site, path)}`;
}

/** A path of the shop as a full address on the page's site, for canonical links and cards; the path alone when the address is unknown. */
export function absoluteUrl(matches: readonly (MatchLike | undefined)[], path: string): string {
  const shop = rootShop(matches);
  return siteAddress(shop?.url, shop?.site, path);
}

/**
 * The page's address on every site, for `<link rel="alternate" hreflang>`:
 * each site's language, and `x-default` for the base site (at the root of the
 * shop's own host). `pathname` is the page's path on its site; parameters
 * (filters, paging, variants, tracking) are left out as the canonical link
 * leaves them. None for a shop of one site or a page that knows no site.
 */
export function siteAlternates(shop: ShopAddress | undefined, pathname: string): { hrefLang: string; href: string }[] {
  const { site, sites } = shop ?? {};
  if (!site || !sites || sites.length < 2) return [];
  const path = pathWithinSite(site, pathname.replace(/[?#].*$/, ""));
  const alternates = sites.map((other) => ({ hrefLang: other.language, href: siteAddress(shop?.url, other, path) }));
  const base = sites.find((other) => other.path === "" && other.host === null);
  return base ? [...alternates, { hrefLang: "x-default", href: siteAddress(shop?.url, base, path) }] : alternates;
}

/** The canonical link of a page: its address without filters, paging or tracking parameters. */
export function canonicalLink(matches: readonly (MatchLike | undefined)[], path: string) {
  return { tagName: "link", rel: "canonical", href: absoluteUrl(matches, path) } as const;
}

/** The page's Atom feed (`{path}.atom` on the page's site), named as the feed names itself, for feed readers that look in the head. */
export function feedLink(matches: readonly (MatchLike | undefined)[], path: string, title: string) {
  return { tagName: "link", rel: "alternate", type: "application/atom+xml", title: `${shopNameOf(matches)} - ${title}`, href: `${absoluteUrl(matches, path)}.atom` } as const;
}

/** The shop's name from the root route's data, as every route's `meta` sees it. */
export function shopNameOf(matches: readonly (MatchLike | undefined)[]): string {
  return rootShop(matches)?.name ?? "Shop";
}

/** The site's locale ("fr-FR"), for `inLanguage` and Intl in the head. */
export function siteLanguageOf(matches: readonly (MatchLike | undefined)[]): string {
  return rootShop(matches)?.site?.language ?? "en-GB";
}

/** The site's texts for the head (titles, descriptions), as `useText` gives them to components. */
export function headTextOf(matches: readonly (MatchLike | undefined)[]): (key: TextKey, values?: MessageValues) => string {
  const shop = rootShop(matches);
  return shop ? shopTranslator(shop) : (key) => key;
}

export function shopCurrencyOf(matches: readonly (MatchLike | undefined)[]): string {
  return rootShop(matches)?.currency ?? "USD";
}

export function pageTitle(title: string | null | undefined, shopName: string): string {
  return title ? `${title} – ${shopName}` : shopName;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

/** Description HTML as one line of text, cut at a word near `max` characters. */
export function plainText(html: string, max = 160): string {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#?\w+);/g, (entity, name: string) => ENTITIES[name] ?? entity)
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}
