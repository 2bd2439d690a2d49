import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { CartApiError, type CartItemInput } from "../../storefront/cart-api.ts";
import { useShop } from "../../storefront/use-shop.ts";
import { addItemsToCart } from "./add-to-cart.ts";

/** idle → adding (the adding text, disabled, loading) → added (for `addedMs`) → idle. */
export type AddPhase = "idle" | "adding" | "added";

const FALLBACK_FAILURE = "The item could not be added. Please try again.";

/**
 * The state of one add-to-cart button: the
 * adding state while the request runs; afterwards the button is restored,
 * saying 'added' for `addedMs` first; the merchant's optional redirect; on
 * failure the server's `description` for an alert, logged with a stack trace.
 */
export function useAddToCart(addedMs: number) {
  const shop = useShop();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<AddPhase>("idle");
  const [error, setError] = useState<string | null>(null);
  const running = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function add(items: CartItemInput[], extras: CartItemInput[] = []): Promise<boolean> {
    // A second press while adding is ignored (the button stays focusable, aria-disabled).
    if (running.current || !items.length) return false;
    running.current = true;
    clearTimeout(timer.current);
    setPhase("adding");
    setError(null);
    const redirect = shop.productPage?.addToCartRedirect ?? null;
    try {
      await addItemsToCart({ items, extras, discountLink: shop.discountLink, openSideCart: redirect === null });
      setPhase("added");
      timer.current = setTimeout(() => setPhase("idle"), addedMs);
      if (redirect !== null) {
        if (redirect.startsWith("/")) void navigate(redirect);
        else window.location.assign(redirect);
      }
      return true;
    } catch (failure) {
      const message = failure instanceof CartApiError ? failure.message : FALLBACK_FAILURE;
      // Every alert also logs a stack trace.
      console.error(new Error(`Add to cart failed: ${message}`, { cause: failure }));
      setError(message);
      setPhase("idle");
      return false;
    } finally {
      running.current = false;
    }
  }

  return { phase, error, add, dismissError: () => setError(null) };
}
