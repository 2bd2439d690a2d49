/**
 * What a product card shows, cut from the full product view at the loader.
 * A collection page's loader data travels twice (rendered, then serialised
 * for hydration), so sending each card's description, variants and options
 * would add tens of kilobytes to every listing page for nothing.
 */
import type { ProductJson, ProductViewJson } from "./shopify-types.ts";

export type CardProduct = Pick<
  ProductJson,
  "id" | "handle" | "title" | "url" | "vendor" | "price" | "price_min" | "price_varies" | "compare_at_price" | "compare_at_price_min" | "available" | "media"
>;

export interface CardMetafields {
  product_cart_badges?: string[];
  /** The reviews summary (`{ rating, count }`) seeded with the catalog. */
  reviews?: unknown;
}

export interface GridProduct {
  product: CardProduct;
  metafields?: CardMetafields;
}

export function toGridProduct({ product, metafields }: Pick<ProductViewJson, "product" | "metafields">): GridProduct {
  const card: CardProduct = {
    id: product.id,
    handle: product.handle,
    title: product.title,
    url: product.url,
    vendor: product.vendor,
    price: product.price,
    price_min: product.price_min,
    price_varies: product.price_varies,
    compare_at_price: product.compare_at_price,
    compare_at_price_min: product.compare_at_price_min,
    available: product.available,
    media: product.media.slice(0, 1),
  };
  const kept: CardMetafields = {};
  if (metafields.product_cart_badges) kept.product_cart_badges = metafields.product_cart_badges;
  if (metafields.reviews !== undefined) kept.reviews = metafields.reviews;
  return { product: card, metafields: kept };
}
