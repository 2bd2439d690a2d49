/**
 * The `window` events that tell the rest of the page (header count, later the
 * side cart, code outside React) that the cart changed.
 */
import type { CartJson, LineItemJson } from "../../core/shopify-types.ts";

export const CART_UPDATED = "cart:updated";
export const CART_ITEM_ADDED = "cart-item-added";

declare global {
  interface WindowEventMap {
    [CART_UPDATED]: CustomEvent<CartJson>;
    [CART_ITEM_ADDED]: CustomEvent<LineItemJson[]>;
  }
}

/** Tell every listener the cart is now `cart`; dispatch after every cart change. */
export function announceCart(cart: CartJson): void {
  window.dispatchEvent(new CustomEvent(CART_UPDATED, { detail: cart }));
}

export function announceItemsAdded(items: LineItemJson[]): void {
  window.dispatchEvent(new CustomEvent(CART_ITEM_ADDED, { detail: items }));
}
