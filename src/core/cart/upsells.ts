/**
 * Upsell suggestions for the side cart: where they come from (the merchant's
 * list, each cart product's own list, related products) and which a cart is
 * offered. Entries are `handle` or `handle:variantId:tag`.
 */
import type { LineItemJson, ProductViewJson, VariantJson } from "../contract/shopify-types.ts";

/** Marks a line added from the upsell slider. */
export const UPSELL_PROPERTY = "_is-added-from-upsells";

export interface UpsellEntry {
  handle: string;
  /** A variant named by `handle:variantId:tag`, else null (the first available one is offered). */
  variantId: number | null;
  tag: string | null;
}

/** `upsell_products`: a comma list of `handle` or `handle:variantId:tag`; malformed entries are skipped. */
export function parseUpsellList(list: string): UpsellEntry[] {
  return list
    .split(",")
    .map((entry) => entry.trim())
    .flatMap((entry): UpsellEntry[] => {
      const match = /^([a-z0-9]+(?:-[a-z0-9]+)*)(?::(\d+):([^,:]*))?$/.exec(entry);
      if (!match?.[1]) return [];
      return [{ handle: match[1], variantId: match[2] ? Number(match[2]) : null, tag: match[3]?.trim() || null }];
    });
}

/** The first entry for each handle wins, so the merchant's list comes before automatic picks. */
export function mergeUpsellEntries(...lists: UpsellEntry[][]): UpsellEntry[] {
  const seen = new Set<string>();
  return lists.flat().filter((entry) => {
    if (seen.has(entry.handle)) return false;
    seen.add(entry.handle);
    return true;
  });
}

export interface UpsellOffer {
  handle: string;
  view: ProductViewJson;
  variant: VariantJson;
  tag: string | null;
  /** In the cart, added from the upsells. */
  added: boolean;
}

/**
 * What the slider offers: each loaded entry with its variant, unless the
 * variant is unavailable, the product is a multiselect bundle (it needs its
 * builder), a hidden free item, or already in the cart other than via upsells.
 */
export function upsellOffers(entries: UpsellEntry[], views: ReadonlyMap<string, ProductViewJson>, items: LineItemJson[]): UpsellOffer[] {
  return entries.flatMap((entry): UpsellOffer[] => {
    const view = views.get(entry.handle);
    if (!view) return [];
    const { product } = view;
    if (view.metafields_bundle.type === "multiselect" || product.tags.includes("gwp-hidden")) return [];
    const variant = entry.variantId === null ? (product.variants.find((candidate) => candidate.available) ?? product.variants[0]) : product.variants.find((candidate) => candidate.id === entry.variantId);
    if (!variant?.available) return [];
    const lines = items.filter((item) => item.product_id === product.id);
    if (lines.some((item) => !item.properties?.[UPSELL_PROPERTY])) return [];
    return [{ handle: entry.handle, view, variant, tag: entry.tag, added: lines.length > 0 }];
  });
}
