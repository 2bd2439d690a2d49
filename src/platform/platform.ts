import type { CollectionOptions, CollectionPage, SearchOptions, SearchPage, ShopInfo, StorefrontClient } from "../core/storefront.ts";
import { CartService } from "./cart/cart-service.ts";
import { cartJson } from "./cart/cart-json.ts";
import { type Catalog, CatalogStore } from "./catalog/catalog.ts";
import { type FilterGroupSetting, filterCollection } from "./catalog/filters.ts";
import { searchProducts } from "./catalog/search.ts";
import { collectionJson, productJs, productViewJson } from "./catalog/product-json.ts";
import { recommendProducts } from "./catalog/recommendations.ts";
import type { Database } from "./db/database.ts";
import { OrderService } from "./orders/order-service.ts";
import type { Locale } from "../core/locale.ts";
import type { Settings } from "../core/settings.ts";
import { loadLocale } from "./settings/load.ts";

/** The platform's services, shared by every request a server handles. */
export interface Platform {
  db: Database;
  settings: Settings;
  locale: Locale;
  catalog: CatalogStore;
  carts: CartService;
  orders: OrderService;
}

export interface PlatformOptions {
  catalogCheckMs?: number;
  locale?: Locale;
  /** Epoch milliseconds; tests move the clock. */
  now?: () => number;
}

export function createPlatform(db: Database, settings: Settings, options: PlatformOptions = {}): Platform {
  const catalog = new CatalogStore(db, options.catalogCheckMs ?? 1000);
  const locale = options.locale ?? loadLocale();
  const carts = new CartService(db, catalog, { giftGroups: settings.sideCart.freeGiftsData, locale, ...(options.now ? { now: options.now } : {}) });
  return { db, settings, locale, catalog, carts, orders: new OrderService(db, catalog, carts, settings) };
}

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
  };
}

/** One page of search results for the theme. */
export function searchPage(catalog: Catalog, query: string, options: SearchOptions): SearchPage {
  const result = searchProducts(catalog, query, options);
  return { ...result, products: result.products.map((product) => productViewJson(product, catalog)) };
}

/** The storefront client the theme uses while rendering on the server, bound to one shopper's cart. */
export function inProcessStorefront(platform: Platform, cartToken: string): StorefrontClient {
  const { settings } = platform;
  return {
    async shop(): Promise<ShopInfo> {
      const catalog = await platform.catalog.get();
      return {
        name: settings.shop.name,
        currency: settings.currency,
        moneyFormat: settings.moneyFormat,
        menus: Object.fromEntries(catalog.menus),
        locale: platform.locale,
      };
    },
    async product(handle) {
      const catalog = await platform.catalog.get();
      const product = catalog.productsByHandle.get(handle);
      return product && product.published ? productViewJson(product, catalog) : null;
    },
    async collection(handle, options = {}) {
      const { productsPerPage, filterGroups } = settings.collections;
      return collectionPage(await platform.catalog.get(), handle, { perPage: productsPerPage, ...options }, filterGroups);
    },
    async collections() {
      const catalog = await platform.catalog.get();
      return [...catalog.collections.values()].filter((collection) => !collection.hidden).map((collection) => collectionJson(collection, catalog));
    },
    async recommendations(productId, limit) {
      const catalog = await platform.catalog.get();
      const product = catalog.products.get(productId);
      return product ? recommendProducts(product, catalog, "related", limit).map(productJs) : [];
    },
    async search(query, options = {}) {
      return searchPage(await platform.catalog.get(), query, { perPage: settings.collections.productsPerPage, ...options });
    },
    async cart() {
      const [cart, catalog] = await Promise.all([platform.carts.read(cartToken), platform.catalog.get()]);
      return cartJson(cart, catalog, settings.currency);
    },
  };
}
