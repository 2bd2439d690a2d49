/**
 * `window.Shopify` as Shopify's themes and app scripts read it: the site's
 * root for locale-aware AJAX addresses (`Shopify.routes.root + "cart/add.js"`),
 * its currency and rate, its language and country, and the shop's domain
 * (one for every site, as Shopify's `myshopify.com` name).
 */
import type { SiteInfo } from "../sites/sites.ts";

export interface ShopifyGlobal {
  shop: string;
  locale: string;
  country: string;
  currency: { active: string; rate: string };
  routes: { root: string };
}

/**
 * The global for a page on `site` of the shop at `shopUrl`. The root ends
 * in a slash ("/" or "/fr-fr/"); a site on a host of its own answers at that
 * host's root. The locale is the site language's primary subtag ("fr"), as
 * Shopify's `request.locale.iso_code`; the country is the site's first; the
 * rate is a decimal string, as Shopify writes it.
 */
export function shopifyGlobal(site: SiteInfo, shopUrl: string): ShopifyGlobal {
  return {
    shop: URL.canParse(shopUrl) ? new URL(shopUrl).host : "",
    locale: (site.language.split("-")[0] ?? site.language).toLowerCase(),
    country: site.countries[0] ?? "",
    currency: { active: site.currency, rate: Number.isInteger(site.rate) ? site.rate.toFixed(1) : String(site.rate) },
    routes: { root: site.host === null ? `${site.path}/` : "/" },
  };
}

/** JSON inside a script element: `<` and the line separators are escaped so no value can close the element or break the line. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");

/** The inline script that sets the global, keeping what an earlier script put on `window.Shopify`. */
export function shopifyGlobalScript(global: ShopifyGlobal): string {
  return `window.Shopify=Object.assign(window.Shopify||{},${scriptJson(global)});`;
}
