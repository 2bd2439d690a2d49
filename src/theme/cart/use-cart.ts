import { useEffect, useRef, useState } from "react";
import type { CartJson, LineItemJson } from "../../core/shopify-types.ts";
import { CartApiError, changeLine, getCart } from "../storefront/cart-api.ts";
import { CART_UPDATED, announceCart } from "../storefront/cart-events.ts";
import { type PendingQuantity, settle, withPendingQuantities } from "./cart-lines.ts";

/** How long typing may pause before a quantity is sent. */
const TYPING_DELAY_MS = 500;

export interface CartController {
  /** The cart as the shop last answered: totals, discounts. */
  cart: CartJson;
  /** The lines with the shopper's pending changes applied. */
  lines: LineItemJson[];
  updating: boolean;
  error: string | null;
  dismissError: () => void;
  /** Set a line's quantity; 0 removes it. `delay` waits for typing to pause. */
  setQuantity: (line: LineItemJson, quantity: number, options?: { delay?: boolean }) => void;
  /** Send changes that are waiting for typing to pause. */
  flush: () => void;
}

/**
 * The cart page's state: the loader's cart first, then each answer of
 * /cart/change.js. Changes go one at a time in order, so the last answer is
 * always the cart with every change applied.
 */
export function useCart(initialCart: CartJson): CartController {
  const [cart, setCart] = useState(initialCart);
  const [seenInitial, setSeenInitial] = useState(initialCart);
  const [pending, setPending] = useState<Record<string, PendingQuantity>>({});
  const [error, setError] = useState<string | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const sequence = useRef(0);
  const timers = useRef(new Map<string, { timer: ReturnType<typeof setTimeout>; send: () => void }>());

  // New loader data (a navigation back to the cart) replaces what we had.
  if (seenInitial !== initialCart) {
    setSeenInitial(initialCart);
    setCart(initialCart);
  }

  // Another part of the page (later, the side cart) may change the cart too.
  useEffect(() => {
    const onCartUpdated = (event: WindowEventMap[typeof CART_UPDATED]) => setCart(event.detail);
    window.addEventListener(CART_UPDATED, onCartUpdated);
    const waiting = timers.current;
    return () => {
      window.removeEventListener(CART_UPDATED, onCartUpdated);
      for (const { timer } of waiting.values()) clearTimeout(timer);
    };
  }, []);

  function send(key: string, quantity: number, mySequence: number) {
    queue.current = queue.current.then(async () => {
      try {
        announceCart(await changeLine(key, quantity));
      } catch (failure) {
        console.error(failure);
        setError(failure instanceof CartApiError ? failure.message : "Your cart could not be updated. Please try again.");
        // The shop may have changed the line anyway (clamped to stock): show what it holds now.
        await getCart().then(announceCart, () => undefined);
      } finally {
        setPending((current) => settle(current, key, mySequence));
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
      send(line.key, quantity, mySequence);
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
    updating: Object.keys(pending).length > 0,
    error,
    dismissError: () => setError(null),
    setQuantity,
    flush,
  };
}
