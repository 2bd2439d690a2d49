import { useEffect } from "react";
import type { DiscountLinkSettings } from "../../core/product-rules.ts";
import { enqueueCartWork } from "../cart/cart-queue.ts";
import { getCart } from "../storefront/cart-api.ts";
import { announceCart } from "../storefront/cart-events.ts";
import { applyDiscountLinkIfDue } from "./discount-link.ts";

/** At page load, applies the discount link's code when the cart already qualifies (the add flow does it after each add). */
export function DiscountLinkAtLoad({ settings }: { settings: DiscountLinkSettings | undefined }) {
  const enabled = settings?.enabled === true;
  const code = settings?.code ?? null;
  const threshold = settings?.threshold ?? 0;
  useEffect(() => {
    if (!enabled || !code) return;
    void enqueueCartWork(async () => {
      const cart = await getCart();
      const next = await applyDiscountLinkIfDue({ enabled, code, threshold }, cart);
      if (next !== cart) announceCart(next);
    }).catch((error: unknown) => console.error(error));
  }, [enabled, code, threshold]);
  return null;
}
