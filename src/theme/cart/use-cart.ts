import { useEffect, useRef, useState } from "react";
import type { CartJson, LineItemJson } from "../../core/shopify-types.ts";
import { CartApiError, changeLine, clearCart, getCart } from "../storefront/cart-api.ts";
import { CART_UPDATED, announceCart } from "../storefront/cart-events.ts";
import { type PendingQuantity, settle, withPendingQuantities } from "./cart-lines.ts";
import { enqueueCartWork } from "./cart-queue.ts";
import { useCartBusy } from "./use-cart-busy.ts";
import { useLocaleText } from "./use-locale-text.ts";

/** How long typing may pause before a quantity is sent. */
const TYPING_DELAY_MS = 500;

export interface CartController {
  /** The cart as the shop last answered: totals, discounts. */
  cart: CartJson;
  /** The lines with the shopper's pending changes applied. */
  lines: LineItemJson[];
  /** The loading flag: a cart change on this page is running. */
  updating: boolean;
  error: string | null;
  dismissError: () => void;
  /** Set a line's quantity; 0 removes it. `delay` waits for typing to pause. */
  setQuantity: (line: LineItemJson, quantity: number, options?: { delay?: boolean }) => void;
  /** Send changes that are waiting for typing to pause. */
  flush: () => void;
}

/**
 * The cart's state for the page and the drawer: the cart first given, then
 * every `cart:updated`. Changes go through the page's one cart queue, so the
 * last answer is always the cart with every change applied. Lines change at
 * once; totals only when the shop answers. Failures follow spec §8: a refused
 * quantity says 'All {title} are currently in your cart'; a failed remove
 * empties the cart and shows it afresh.
 */
export function useCart(initialCart: CartJson): CartController {
  const [cart, setCart] = useState(initialCart);
  const [seenInitial, setSeenInitial] = useState(initialCart);
  const [pending, setPending] = useState<Record<string, PendingQuantity>>({});
  const [error, setError] = useState<string | null>(null);
  const busy = useCartBusy();
  const text = useLocaleText();
  const sequence = useRef(0);
  const timers = useRef(new Map<string, { timer: ReturnType<typeof setTimeout>; send: () => void }>());

  // New loader data (a navigation back to the cart) replaces what we had.
  if (seenInitial !== initialCart) {
    setSeenInitial(initialCart);
    setCart(initialCart);
  }

  // The side cart, the cart page and other tabs announce every cart they get.
  useEffect(() => {
    const onCartUpdated = (event: WindowEventMap[typeof CART_UPDATED]) => setCart(event.detail);
    window.addEventListener(CART_UPDATED, onCartUpdated);
    const waiting = timers.current;
    return () => {
      window.removeEventListener(CART_UPDATED, onCartUpdated);
      for (const { timer } of waiting.values()) clearTimeout(timer);
    };
  }, []);

  function send(line: LineItemJson, quantity: number, mySequence: number) {
    void enqueueCartWork(async () => {
      try {
        announceCart(await changeLine(line.key, quantity));
      } catch (failure) {
        console.error(failure);
        if (quantity === 0) {
          // A line that cannot be removed leaves the cart in an unknown state: start it afresh (spec §8).
          await clearCart().catch((clearFailure: unknown) => console.error(clearFailure));
          setError(text("cart_error_generic"));
        } else {
          const refused = failure instanceof CartApiError && failure.status >= 400 && failure.status < 500;
          setError(refused ? text("quantity_error", { title: line.product_title }) : text("cart_error_generic"));
        }
        // The shop may have changed the line anyway (clamped to stock): show what it holds now.
        await getCart().then(announceCart, () => undefined);
      } finally {
        setPending((current) => settle(current, line.key, mySequence));
      }
    });
  }

  function setQuantity(line: LineItemJson, quantity: number, { delay = false } = {}) {
    const mySequence = ++sequence.current;
    setError(null);
    setPending((current) => ({ ...current, [line.key]: { quantity, sequence: mySequence } }));
    const waiting = timers.current.get(line.key);
    if (waiting) clearTimeout(waiting.timer);
    timers.current.delete(line.key);
    const go = () => {
      timers.current.delete(line.key);
      send(line, quantity, mySequence);
    };
    if (delay) timers.current.set(line.key, { timer: setTimeout(go, TYPING_DELAY_MS), send: go });
    else go();
  }

  function flush() {
    for (const { timer, send: go } of [...timers.current.values()]) {
      clearTimeout(timer);
      go();
    }
  }

  return {
    cart,
    lines: withPendingQuantities(cart.items, pending),
    updating: busy || Object.keys(pending).length > 0,
    error,
    dismissError: () => setError(null),
    setQuantity,
    flush,
  };
}
