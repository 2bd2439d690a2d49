/**
 * The `window` events that tell code outside React that the cart changed
 * (`cart:updated`, with the cart) or that items were added (`cart-item-added`,
 * with the lines added and the fresh cart; the side cart opens on it).
 */
import type { CartJson, LineItemJson } from "../../core/contract/shopify-types.ts";

export const CART_UPDATED = "cart:updated";
export const CART_ITEM_ADDED = "cart-item-added";

export interface ItemsAdded {
  items: LineItemJson[];
  cart: CartJson;
}

declare global {
  interface WindowEventMap {
    [CART_UPDATED]: CustomEvent<CartJson>;
    [CART_ITEM_ADDED]: CustomEvent<ItemsAdded>;
  }
}

let relaying = false;

/** Tell every listener the cart is now `cart`. `relayed`: it came from another tab, so it is not sent back. */
export function announceCart(cart: CartJson, relayed = false): void {
  relaying = relayed;
  try {
    window.dispatchEvent(new CustomEvent(CART_UPDATED, { detail: cart }));
  } finally {
    relaying = false;
  }
}

/** Whether the `cart:updated` being dispatched now came from another tab. */
export const isRelayedAnnouncement = () => relaying;

export function announceItemsAdded(items: LineItemJson[], cart: CartJson): void {
  window.dispatchEvent(new CustomEvent(CART_ITEM_ADDED, { detail: { items, cart } }));
}
