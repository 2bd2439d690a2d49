/**
 * The email list's product recommendations ("picked for your skin"): the
 * shop's bestsellers, narrowed to the skin type given, and, for the
 * logged-in customer asking about their own address, to their subscriber
 * skin type with what they have already ordered left out. Another address's
 * answers and orders are never used, so the answer tells a caller nothing
 * about anyone else.
 */
import { decimalAmount } from "../../core/money/money.ts";
import { isGiftCardProduct } from "../../core/money/gift-cards.ts";
import { type RecommendedProduct, SKIN_TYPES } from "../../core/marketing/newsletter.ts";
import type { Catalog, CatalogProduct } from "../catalog/catalog.ts";
import { everySiteCatalog, isVariantAvailable } from "../catalog/catalog.ts";
import { isBrowsable } from "../catalog/recommendations.ts";
import type { Platform } from "../services.ts";



function recommended(product: CatalogProduct): RecommendedProduct {
  const prices = product.variants.map((variant) => variant.price);
  return {
    url: `/products/${product.handle}`,
    title: product.title,
    image_url: product.images[0] ? `${product.images[0].src}${product.images[0].src.includes("?") ? "&" : "?"}width=480` : null,
    price: decimalAmount(prices.length ? Math.min(...prices) : 0),
    properties: { shopify_variant_ids: product.variants.filter(isVariantAvailable).map((variant) => variant.id) },
  };
}

/** Browsable, in-stock products, bestsellers first, then the rest of the catalog in its order: the base catalogue's (what is checked is the same on every site). */
function candidates(catalog: Catalog): CatalogProduct[] {
  const everySite = everySiteCatalog(catalog);
  const ordered = new Map<number, CatalogProduct>();
  const add = (id: number) => {
    const product = everySite.products.get(id);
    if (product && isBrowsable(product) && product.variants.some(isVariantAvailable) && !isGiftCardProduct(product)) ordered.set(id, product);
  };
  for (const id of catalog.collections.get("bestsellers")?.productIds ?? []) add(id);
  for (const id of catalog.collections.get("all")?.productIds ?? []) add(id);
  return [...ordered.values()];
}

export async function newsletterRecommendations(
  platform: Pick<Platform, "catalog" | "db">,
  options: { limit: number; skintype: string | null; customer: { id: number; email: string } | null; email: string | null },
): Promise<RecommendedProduct[]> {
  const catalog = await platform.catalog.get();
  let skintype = options.skintype && (SKIN_TYPES as readonly string[]).includes(options.skintype) ? options.skintype : null;
  const ordered = new Set<string>();
  // Only the shopper's own address opens their answers and orders.
  const own = options.customer && options.email && options.email.trim().toLowerCase() === options.customer.email.toLowerCase() ? options.customer : null;
  if (own) {
    const [subscriber] = await platform.db.query<{ skintype: string | null }>("select skintype from subscribers where lower(email) = lower($1)", [own.email]);
    skintype ??= subscriber?.skintype ?? null;
    const rows = await platform.db.query<{ handle: string }>(
      "select distinct line->>'handle' as handle from orders, jsonb_array_elements(lines) as line where customer_id = $1",
      [own.id],
    );
    for (const row of rows) if (row.handle) ordered.add(row.handle);
  }
  const pool = candidates(catalog).filter((product) => !ordered.has(product.handle));
  const suited = skintype ? pool.filter((product) => product.tags.includes(`skin-type:${skintype}`)) : pool;
  // Too few for the skin type: the bestsellers fill the rest.
  const picked = [...suited, ...pool.filter((product) => !suited.includes(product))].slice(0, options.limit);
  // The picked products as the site sells them (its prices and words).
  return picked.map((product) => recommended(catalog.products.get(product.id)!));
}
