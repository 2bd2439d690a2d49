import { useState } from "react";
import type { LineItemJson } from "../../core/shopify-types.ts";
import { lineToAnalyticsItem, trackAddToCart } from "../storefront/analytics.ts";
import { type CartItemInput, CartApiError, addToCart, getCart } from "../storefront/cart-api.ts";
import { announceCart, announceItemsAdded } from "../storefront/cart-events.ts";

export type AddState = { status: "idle" } | { status: "adding" } | { status: "added"; items: LineItemJson[] } | { status: "failed"; message: string };

/**
 * Adds items through the AJAX API and tells the page: `cart:updated` with the
 * fresh cart, `cart-item-added` with the lines, and GA4's `add_to_cart`.
 */
export function useAddToCart() {
  const [state, setState] = useState<AddState>({ status: "idle" });

  async function add(items: CartItemInput[]) {
    if (state.status === "adding") return;
    setState({ status: "adding" });
    try {
      const lines = await addToCart(items);
      const cart = await getCart();
      announceCart(cart);
      announceItemsAdded(lines);
      trackAddToCart(
        cart.currency,
        lines.map((line) => lineToAnalyticsItem(line, items.find((item) => item.id === line.variant_id)?.quantity ?? line.quantity)),
      );
      setState({ status: "added", items: lines });
    } catch (error) {
      console.error(error);
      setState({ status: "failed", message: error instanceof CartApiError ? error.message : "The item could not be added. Please try again." });
    }
  }

  return { state, add, reset: () => setState({ status: "idle" }) };
}
