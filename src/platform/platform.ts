import type { CollectionPage, CollectionSort, ShopInfo, StorefrontClient } from "../core/storefront.ts";
import { CartService } from "./cart/cart-service.ts";
import { cartJson } from "./cart/cart-json.ts";
import { type Catalog, type CatalogProduct, CatalogStore, isVariantAvailable } from "./catalog/catalog.ts";
import { collectionJson, productJs, productViewJson } from "./catalog/product-json.ts";
import { isBrowsable, recommendProducts } from "./catalog/recommendations.ts";
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

const SORTS: Record<Exclude<CollectionSort, "manual">, (a: CatalogProduct, b: CatalogProduct) => number> = {
  "best-selling": (a, b) => reviewCount(b) - reviewCount(a),
  "title-ascending": (a, b) => a.title.localeCompare(b.title),
  "title-descending": (a, b) => b.title.localeCompare(a.title),
  "price-ascending": (a, b) => minPrice(a) - minPrice(b),
  "price-descending": (a, b) => minPrice(b) - minPrice(a),
  "created-descending": (a, b) => b.createdAt.localeCompare(a.createdAt),
};

const minPrice = (product: CatalogProduct) => Math.min(...product.variants.map((variant) => variant.price));
const reviewCount = (product: CatalogProduct) => (product.metafields.custom.reviews as { count?: number } | undefined)?.count ?? 0;

export function collectionPage(
  catalog: Catalog,
  handle: string,
  options: { page?: number; perPage?: number; sort?: CollectionSort },
): CollectionPage | null {
  const collection = catalog.collections.get(handle);
  if (!collection) return null;
  const sort = options.sort ?? "manual";
  const perPage = Math.min(250, Math.max(1, options.perPage ?? 24));
  let products = collection.productIds
    .map((id) => catalog.products.get(id))
    .filter((product): product is CatalogProduct => product !== undefined && (collection.hidden ? product.published : isBrowsable(product)));
  if (sort !== "manual") products = [...products].sort(SORTS[sort]);
  // Sold-out products sink to the end of any order, as shoppers expect.
  products = [...products.filter((product) => product.variants.some(isVariantAvailable)), ...products.filter((product) => !product.variants.some(isVariantAvailable))];
  const pageCount = Math.max(1, Math.ceil(products.length / perPage));
  const page = Math.min(pageCount, Math.max(1, options.page ?? 1));
  return {
    collection: collectionJson(collection, catalog),
    products: products.slice((page - 1) * perPage, page * perPage).map((product) => productViewJson(product, catalog)),
    page,
    pageCount,
    perPage,
    total: products.length,
    sort,
  };
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
      return collectionPage(await platform.catalog.get(), handle, options);
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
    async cart() {
      const [cart, catalog] = await Promise.all([platform.carts.read(cartToken), platform.catalog.get()]);
      return cartJson(cart, catalog, settings.currency);
    },
  };
}
