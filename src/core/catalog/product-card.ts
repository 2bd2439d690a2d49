/**
 * What a product card shows, cut from the full product view at the loader.
 * A collection page's loader data travels twice (rendered, then serialised
 * for hydration), so sending each card's description, variants and options
 * would add tens of kilobytes to every listing page for nothing.
 */
import type { ProductJson, ProductViewJson } from "../contract/shopify-types.ts";

export type CardProduct = Pick<
  ProductJson,
  "id" | "handle" | "title" | "url" | "vendor" | "price" | "price_min" | "price_varies" | "compare_at_price" | "compare_at_price_min" | "available" | "media"
>;

export interface CardMetafields {
  product_cart_badges?: string[];
  /** The reviews summary (`{ rating, count }`) seeded with the catalog. */
  reviews?: unknown;
}

/** How wide a card's picture is drawn: two across on phones, four from the desktop breakpoint. */
export const CARD_IMAGE_SIZES = "(max-width: 834px) calc(50vw - 24px), (max-width: 1360px) calc(25vw - 40px), 300px";

/** The compare-at price a card strikes through: for a product whose variants differ in price, only when it applies to the lowest one. */
export function cardCompareAt(product: Pick<CardProduct, "price_varies" | "price_min" | "compare_at_price" | "compare_at_price_min">): number | null {
  if (!product.price_varies) return product.compare_at_price;
  return product.compare_at_price_min > product.price_min ? product.compare_at_price_min : null;
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
