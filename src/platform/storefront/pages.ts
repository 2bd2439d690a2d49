/** Pages the theme asks the platform for: a collection's, search results, a vendor's or type's products, and the shop info every page is drawn with. */
import { cartTaxInfo, estimateRates, taxesIncluded } from "../../core/tax/tax.ts";
import type { CollectionOptions, CollectionPage, SearchOptions, SearchPage, ShopInfo } from "../../core/contract/storefront.ts";
import { countdownWords } from "../../core/marketing/countdown.ts";
import { countryOptions } from "../../core/sites/localization.ts";
import { type Catalog, productsOnEverySite, titleOn } from "../catalog/catalog.ts";
import { siteInfo, siteInfosOf } from "../../core/sites/sites.ts";
import { type FilterGroupSetting, filterCollection } from "../catalog/filters.ts";
import { searchProducts } from "../catalog/search.ts";
import { contentHits } from "../content/content-search.ts";
import { productViewJson } from "../catalog/product-json.ts";
import { isBrowsable } from "../catalog/recommendations.ts";
import { zonesOf } from "../../core/checkout/shipping-rates.ts";
import { numberShapeOf } from "../../core/i18n/numbers.ts";
import { dayShapeOf } from "../../core/i18n/dates.ts";
import type { Platform } from "../services.ts";

/**
 * One page of a collection for the theme: filters (tag handles; within a
 * group OR, across groups AND), facet counts, sort, paging. Answered from
 * per-revision indexes (catalog/filters.ts), never by scanning the catalog.
 */
export function collectionPage(
  catalog: Catalog,
  handle: string,
  options: CollectionOptions,
  filterGroups: readonly FilterGroupSetting[] = [],
): CollectionPage | null {
  const result = filterCollection(catalog, handle, options, filterGroups);
  if (!result) return null;
  return {
    collection: result.json,
    products: result.products.map((product) => productViewJson(product, catalog)),
    page: result.page,
    pageCount: result.pageCount,
    perPage: result.perPage,
    total: result.total,
    sort: result.sort,
    filters: result.filters,
    activeFilters: result.activeFilters,
    excludedFilters: result.excludedFilters,
    price: result.price,
    availability: result.availability,
  };
}

/** One page of search results for the theme. */
export function searchPage(catalog: Catalog, query: string, options: SearchOptions): SearchPage {
  if (options.types && !options.types.includes("product")) return { query: query.trim(), products: [], total: 0, page: 1, pageCount: 0, perPage: options.perPage ?? 0 };
  const result = searchProducts(catalog, query, options);
  return { ...result, products: result.products.map((product) => productViewJson(product, catalog)) };
}

/** The search page: its products, and on its first page the pages and articles of the kinds asked for. */
export async function searchPageWithContent(platform: Platform, catalog: Catalog, query: string, options: SearchOptions): Promise<SearchPage> {
  const found = searchPage(catalog, query, options);
  const types = options.types ?? ["product"];
  return found.page === 1 ? { ...found, ...(await contentHits(platform, catalog, query, types)) } : found;
}

/**
 * Shopify's `/collections/vendors?q=` and `/collections/types?q=`: the
 * browsable products of one vendor or one product type (matched without
 * regard to case), by title.
 */
export function attributePage(catalog: Catalog, kind: "vendor" | "type", value: string, options: Required<Pick<SearchOptions, "page" | "perPage">>): SearchPage {
  const wanted = value.trim().toLocaleLowerCase("en");
  const found = wanted
    ? [...productsOnEverySite(catalog)]
        .filter((product) => isBrowsable(product) && (kind === "vendor" ? product.vendor : product.productType).toLocaleLowerCase("en") === wanted)
        .map((product) => ({ product, title: titleOn(catalog, product) }))
        .sort((a, b) => a.title.localeCompare(b.title, "en"))
        .map(({ product }) => product)
    : [];
  const pageCount = Math.ceil(found.length / options.perPage);
  const page = Math.min(Math.max(1, options.page), Math.max(1, pageCount));
  const products = found.slice((page - 1) * options.perPage, page * options.perPage).map((product) => productViewJson(catalog.products.get(product.id)!, catalog));
  return { query: value.trim(), products, total: found.length, page, pageCount, perPage: options.perPage };
}

/** Each platform's shop info by catalog and by the address it was reached at (see shopInfoOf). */
const shopInfos = new WeakMap<Platform, WeakMap<Catalog, Map<string, ShopInfo>>>();

/** Addresses a catalog's shop info is kept for at once. */
const SHOP_INFO_ADDRESSES = 16;

/**
 * What every page is drawn with of the shop, made once per platform, catalog
 * and address and then shared, so that a page neither builds nor (through
 * the theme's root) writes out the same object again. Nothing may change it.
 */
export function shopInfoOf(platform: Platform, catalog: Catalog, shopUrl: string | undefined): ShopInfo {
  let byCatalog = shopInfos.get(platform);
  if (!byCatalog) shopInfos.set(platform, (byCatalog = new WeakMap()));
  let byAddress = byCatalog.get(catalog);
  if (!byAddress) byCatalog.set(catalog, (byAddress = new Map()));
  const known = byAddress.get(shopUrl ?? "");
  if (known) return known;
  const { settings } = platform;
  const info: ShopInfo = {
    name: settings.shop.name,
    currency: settings.currency,
    moneyFormat: settings.moneyFormat,
    menus: Object.fromEntries(catalog.menus),
    messages: platform.messages,
    numberShape: numberShapeOf(platform.site.language),
    dayShape: dayShapeOf(platform.site.language),
    sideCart: settings.sideCart,
    upsell: settings.upsell,
    checkout: {
      standardShippingPrice: settings.checkout.standardShippingPrice,
      testMode: platform.payments ? false : settings.checkout.testMode,
      payments: platform.payments ? "stripe" : null,
      zones: zonesOf(settings),
      tax: cartTaxInfo(platform.siteTax),
    },
    // The tax estimate offers the site's own states or provinces where tax is added at checkout.
    productPage: { ...settings.product, taxRates: estimateRates(platform.siteTax) ?? settings.product.taxRates, taxIncluded: taxesIncluded(platform.siteTax) },
    discountLink: settings.discountLink,
    collections: { filterTemplate: settings.collections.filterTemplate },
    header: settings.header,
    sliders: settings.sliders,
    announcementBar: settings.announcementBar,
    inlineScripts: settings.security.inlineScripts,
    language: platform.site.language,
    timeZone: settings.shop.timeZone,
    countdownWords: countdownWords(platform.site.language),
    newsletter: settings.newsletter,
    popups: settings.popups,
    ...(shopUrl ? { url: shopUrl.replace(/\/+$/, "") } : {}),
    site: siteInfo(platform.site),
    sites: siteInfosOf(platform.sites),
    countryOptions: countryOptions(platform.sites, platform.site.language),
    defaultSiteCode: settings.geo.defaultSite ?? settings.geo.baseSite,
  };
  // The address comes from the request's host: a few are kept, not one per name a client sends.
  if (byAddress.size >= SHOP_INFO_ADDRESSES) byAddress.clear();
  byAddress.set(shopUrl ?? "", info);
  return info;
}
