import type { Locale } from "./locale.ts";
import type { CartJson, CollectionJson, MenuItem, ProductJson, ProductViewJson } from "./shopify-types.ts";

/** What the theme needs to know about the shop on every page. */
export interface ShopInfo {
  name: string;
  currency: string;
  moneyFormat: string;
  menus: Record<string, MenuItem[]>;
  /** Shopper-facing texts. */
  locale: Locale;
}

export type CollectionSort = "manual" | "best-selling" | "title-ascending" | "title-descending" | "price-ascending" | "price-descending" | "created-descending";

export interface CollectionPage {
  collection: CollectionJson;
  products: ProductViewJson[];
  page: number;
  pageCount: number;
  perPage: number;
  total: number;
  sort: CollectionSort;
}

/**
 * The one way the theme reaches the platform. On the server it calls the
 * platform in-process for the current request's shopper; in the browser the
 * theme uses the HTTP API with the same shapes.
 */
export interface StorefrontClient {
  shop(): Promise<ShopInfo>;
  product(handle: string): Promise<ProductViewJson | null>;
  collection(handle: string, options?: { page?: number; perPage?: number; sort?: CollectionSort }): Promise<CollectionPage | null>;
  collections(): Promise<CollectionJson[]>;
  recommendations(productId: number, limit: number): Promise<ProductJson[]>;
  cart(): Promise<CartJson>;
}
