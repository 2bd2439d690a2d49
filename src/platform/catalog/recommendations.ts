import { SAMPLE_PRODUCT_TYPES } from "../../core/cart/line-rules.ts";
import { upsellHandlesOf } from "../../core/catalog/product-metafields.ts";
import type { Catalog, CatalogProduct } from "./catalog.ts";
import { isVariantAvailable, productsOnEverySite } from "./catalog.ts";

const sampleTypes: ReadonlySet<string> = new Set(SAMPLE_PRODUCT_TYPES);

/** A product a shopper may find by browsing: published, not a gift or sample kept out of sight. */
export function isBrowsable(product: Pick<CatalogProduct, "published" | "tags" | "productType">): boolean {
  return product.published && !product.tags.includes("gwp-hidden") && !sampleTypes.has(product.productType);
}

/**
 * Related products ranked by what they share with the product: collections
 * (other than the catch-all), type, tags and vendor; available ones first.
 * Complementary products are the merchant's own picks (`checkout_upsell_items`).
 */
export function recommendProducts(product: CatalogProduct, catalog: Catalog, intent: "related" | "complementary", limit: number): CatalogProduct[] {
  if (intent === "complementary") {
    return upsellHandlesOf(product.metafields.custom, product.handle)
      .map((handle) => catalog.productsByHandle.get(handle))
      .filter((candidate): candidate is CatalogProduct => candidate !== undefined && candidate.id !== product.id && isBrowsable(candidate))
      .slice(0, limit);
  }
  const allId = catalog.collections.get("all")?.id;
  const collections = new Set(product.collectionIds.filter((id) => id !== allId));
  const tags = new Set(product.tags);
  const scored: { candidate: CatalogProduct; score: number }[] = [];
  // Scored on the base catalogue's products (what is scored is the same on every site); the chosen are the site's.
  for (const candidate of productsOnEverySite(catalog)) {
    if (candidate.id === product.id || !isBrowsable(candidate)) continue;
    let score = 0;
    for (const id of candidate.collectionIds) if (collections.has(id)) score += 3;
    if (candidate.productType === product.productType) score += 2;
    for (const tag of candidate.tags) if (tags.has(tag)) score += 1;
    if (candidate.vendor === product.vendor) score += 0.5;
    if (!candidate.variants.some(isVariantAvailable)) score -= 100;
    if (score > 0) scored.push({ candidate, score });
  }
  return scored
    .sort((a, b) => b.score - a.score || a.candidate.id - b.candidate.id)
    .slice(0, limit)
    .map((entry) => catalog.products.get(entry.candidate.id)!);
}
