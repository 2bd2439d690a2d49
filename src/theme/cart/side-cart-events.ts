/**
 * The side cart's `window` events, so code outside React can open it or
 * react to it: `show-side-cart` opens it (detail: the element to return focus
 * to), `side-cart:shown` follows every opening.
 */
export const SHOW_SIDE_CART = "show-side-cart";
export const SIDE_CART_SHOWN = "side-cart:shown";

export interface ShowSideCartDetail {
  /** Focus returns here when the panel closes; default: whatever had focus. */
  opener?: HTMLElement | null;
}

declare global {
  interface WindowEventMap {
    [SHOW_SIDE_CART]: CustomEvent<ShowSideCartDetail | null | undefined>;
    [SIDE_CART_SHOWN]: CustomEvent<{ reason: OpenReason }>;
  }
}

export type OpenReason = "event" | "added" | "address";

/** Asks the side cart to open; true when one took the request (it cancels the event). */
export function showSideCart(opener?: HTMLElement | null): boolean {
  return !window.dispatchEvent(new CustomEvent(SHOW_SIDE_CART, { detail: { opener: opener ?? null }, cancelable: true }));
}
