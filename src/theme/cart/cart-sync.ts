/**
 * Keeps the cart in step across tabs: every `cart:updated` in this tab is
 * broadcast (BroadcastChannel, or a `storage` event where there is none), and
 * a tab that hears one fetches /cart.js and announces it locally, without
 * broadcasting it back.
 */
import { getCart } from "../storefront/cart-api.ts";
import { CART_UPDATED, announceCart } from "../storefront/cart-events.ts";
import { enqueueCartWork } from "./cart-queue.ts";

const CHANNEL_NAME = "shop-cart";
const STORAGE_KEY = "shop-cart-changed";

export function startCartSync(): () => void {
  let relaying = false;
  const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL_NAME) : null;

  const refresh = () => {
    void enqueueCartWork(getCart).then(
      (cart) => {
        relaying = true;
        try {
          announceCart(cart);
        } finally {
          relaying = false;
        }
      },
      (error: unknown) => console.error(error),
    );
  };
  const onLocalChange = (event: WindowEventMap[typeof CART_UPDATED]) => {
    if (relaying) return;
    const message = { type: "cart-changed", itemCount: event.detail.item_count, at: Date.now() };
    if (channel) channel.postMessage(message);
    else {
      try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify(message));
      } catch {
        // No storage: other tabs catch up on their next cart call.
      }
    }
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) refresh();
  };

  window.addEventListener(CART_UPDATED, onLocalChange);
  if (channel) channel.onmessage = refresh;
  else window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(CART_UPDATED, onLocalChange);
    window.removeEventListener("storage", onStorage);
    channel?.close();
  };
}
