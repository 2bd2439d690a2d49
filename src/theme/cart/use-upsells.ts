import { useEffect, useState } from "react";
import type { CartJson, ProductJson, ProductViewJson } from "../../core/shopify-types.ts";
import type { ShopInfo } from "../../core/storefront.ts";
import { loadProductView } from "./product-views.ts";
import { type UpsellEntry, type UpsellOffer, mergeUpsellEntries, parseUpsellList, upsellOffers } from "./upsells.ts";

/** How many suggestions the slider carries at most. */
const MAX_UPSELLS = 10;
/** Recommendations asked for per cart product. */
const RECOMMENDATIONS_PER_PRODUCT = 4;

const recommended = new Map<number, Promise<string[]>>();

function loadRecommendations(productId: number): Promise<string[]> {
  const known = recommended.get(productId);
  if (known) return known;
  const loading = fetch(`/recommendations/products.json?product_id=${productId}&limit=${RECOMMENDATIONS_PER_PRODUCT}&intent=related`, { headers: { Accept: "application/json" } })
    .then(async (response) => (response.ok ? ((await response.json()) as { products: ProductJson[] }).products.map((product) => product.handle) : []))
    .catch(() => [] as string[]);
  recommended.set(productId, loading);
  return loading;
}

/**
 * The upsell offers for a cart (spec §4, §8): the merchant's list, each cart
 * product's `checkout_upsell_items`, then (with `useAutomaticRecommendations`)
 * related products of the cart's products. A product that fails to load is
 * skipped without a word.
 */
export function useUpsells(cart: CartJson | null, products: ReadonlyMap<string, ProductViewJson>, upsell: NonNullable<ShopInfo["upsell"]>, automatic: boolean): UpsellOffer[] {
  const [views, setViews] = useState<ReadonlyMap<string, ProductViewJson>>(new Map());
  const [related, setRelated] = useState<ReadonlyMap<number, string[]>>(new Map());
  const items = cart?.items ?? [];
  const active = upsell.enabled && items.length > 0;
  const cartProducts = [...new Set(items.filter((item) => item.final_line_price > 0).map((item) => item.product_id))];

  const fromProducts: UpsellEntry[] = items.flatMap((item) => (products.get(item.handle)?.metafields.checkout_upsell_items ?? []).map((handle) => ({ handle, variantId: null, tag: null })));
  const fromRecommendations: UpsellEntry[] = automatic ? cartProducts.flatMap((id) => (related.get(id) ?? []).map((handle) => ({ handle, variantId: null, tag: null }))) : [];
  const entries = active ? mergeUpsellEntries(parseUpsellList(upsell.upsell_products), fromProducts, fromRecommendations) : [];

  const wantedProducts = active && automatic ? cartProducts.filter((id) => !related.has(id)).join(",") : "";
  useEffect(() => {
    let live = true;
    for (const id of wantedProducts.split(",").filter(Boolean).map(Number)) {
      void loadRecommendations(id).then((handles) => {
        if (live) setRelated((current) => new Map(current).set(id, handles));
      });
    }
    return () => {
      live = false;
    };
  }, [wantedProducts]);

  const wantedViews = entries
    .map((entry) => entry.handle)
    .filter((handle) => !views.has(handle))
    .join(",");
  useEffect(() => {
    let live = true;
    for (const handle of wantedViews.split(",").filter(Boolean)) {
      void loadProductView(handle).then((result) => {
        if (live && result.status === "ok") setViews((current) => new Map(current).set(handle, result.value));
      });
    }
    return () => {
      live = false;
    };
  }, [wantedViews]);

  return active ? upsellOffers(entries, views, items).slice(0, MAX_UPSELLS) : [];
}
