/**
 * Keeps the cart in step across tabs: every `cart:updated` in this tab is
 * broadcast (BroadcastChannel, or a `storage` event where there is none), and
 * a tab that hears one reads the cart view afresh, without broadcasting it back.
 */
import { CART_UPDATED, isRelayedAnnouncement } from "../storefront/cart-events.ts";
import { refreshCart } from "./cart-store.ts";

const CHANNEL_NAME = "shop-cart";
const STORAGE_KEY = "shop-cart-changed";

export function startCartSync(): () => void {
  const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL_NAME) : null;
  const refresh = () => void refreshCart(true);
  const onLocalChange = (event: WindowEventMap[typeof CART_UPDATED]) => {
    if (isRelayedAnnouncement()) return;
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
