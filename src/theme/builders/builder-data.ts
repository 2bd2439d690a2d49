/**
 * What the builders show of a product, read on the server through the same
 * product read the theme's `?view=json` call answers (product, options,
 * metafields and `metafields_vitals`), and cut down at the edge to the fields
 * the builders draw. A handle the shop cannot sell (unknown, unpublished) is
 * left out, so the builder drops it as a product that failed to load.
 */
import { helpsWithOf } from "../../core/catalog/product-metafields.ts";
import type { ProductViewJson, ProductVitals } from "../../core/contract/shopify-types.ts";
import type { StorefrontClient } from "../../core/contract/storefront.ts";

export interface BuilderImage {
  src: string;
  width: number;
  height: number;
  alt: string;
}

export interface BuilderVariant {
  id: number;
  title: string;
  sku: string;
  /** Minor units. */
  price: number;
  compare_at_price: number | null;
  available: boolean;
}

export interface BuilderProduct {
  id: number;
  handle: string;
  title: string;
  url: string;
  type: string;
  /** The first sentence or so of the description, as plain text. */
  summary: string;
  image: BuilderImage | null;
  variants: BuilderVariant[];
  /** 'Helps with' points, in order (the product's `helps_with` metafield). */
  helpsWith: string[];
  vitals: ProductVitals;
  /** Average rating and review count, when the product has reviews. */
  reviews: { rating: number; count: number } | null;
}

export type BuilderProducts = Record<string, BuilderProduct>;

const SUMMARY_LENGTH = 180;

/** Plain text of a description's HTML, cut at a word near `SUMMARY_LENGTH`. */
export function plainSummary(html: string): string {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#39;|&rsquo;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&[a-z#0-9]+;/gi, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= SUMMARY_LENGTH) return text;
  const cut = text.slice(0, SUMMARY_LENGTH);
  return `${cut.slice(0, cut.lastIndexOf(" ")).replace(/[,;:.]$/, "")}…`;
}

export function builderProduct(view: ProductViewJson): BuilderProduct {
  const { product } = view;
  const media = product.media[0];
  const reviews = view.metafields.reviews as { rating?: unknown; count?: unknown } | undefined;
  return {
    id: product.id,
    handle: product.handle,
    title: product.title,
    url: product.url,
    type: product.type,
    summary: plainSummary(product.description),
    image: media ? { src: media.src, width: media.width, height: media.height, alt: media.alt ?? product.title } : null,
    variants: product.variants.map((variant) => ({
      id: variant.id,
      title: variant.title,
      sku: variant.sku,
      price: variant.price,
      compare_at_price: variant.compare_at_price,
      available: variant.available,
    })),
    helpsWith: helpsWithOf(view.metafields),
    vitals: view.metafields_vitals,
    reviews: reviews && typeof reviews.rating === "number" && typeof reviews.count === "number" ? { rating: reviews.rating, count: reviews.count } : null,
  };
}

/** The products a builder names, by handle; those that cannot be sold are left out. */
export async function loadBuilderProducts(storefront: StorefrontClient, handles: Iterable<string>): Promise<BuilderProducts> {
  const unique = [...new Set(handles)];
  const views = await Promise.all(unique.map((handle) => storefront.product(handle)));
  const products: BuilderProducts = {};
  views.forEach((view) => {
    if (view) products[view.product.handle] = builderProduct(view);
  });
  return products;
}

/** The variant a builder offers: the one whose SKU matches (case-insensitive), else the first. */
export function offeredVariant(product: BuilderProduct, sku: string): BuilderVariant | undefined {
  const wanted = sku.trim().toLowerCase();
  return (wanted === "" ? undefined : product.variants.find((variant) => variant.sku.toLowerCase() === wanted)) ?? product.variants[0];
}

/** Pictures a builder's start screen shows: the first of each group's products that has one, at most three, each once. */
export function startPictures(groups: readonly (readonly { image: BuilderImage | null }[])[]): BuilderImage[] {
  const pictures: BuilderImage[] = [];
  for (const group of groups) {
    const image = group.find((product) => product.image && !pictures.some((picture) => picture.src === product.image?.src))?.image;
    if (image) pictures.push(image);
    if (pictures.length === 3) break;
  }
  return pictures;
}
