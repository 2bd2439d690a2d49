import { useEffect } from "react";
import type { DiscountLinkSettings } from "../../../core/catalog/product-rules.ts";
import { applyCartWork } from "../../cart/cart-store.ts";
import { getCartView } from "../../storefront/cart-api.ts";
import { applyDiscountLinkIfDue } from "./discount-link.ts";

/** At page load, applies the discount link's code when the cart already qualifies (the add flow does it after each add). */
export function DiscountLinkAtLoad({ settings }: { settings: DiscountLinkSettings | undefined }) {
  const enabled = settings?.enabled === true;
  const code = settings?.code ?? null;
  const threshold = settings?.threshold ?? 0;
  useEffect(() => {
    if (!enabled || !code) return;
    void applyCartWork(async () => applyDiscountLinkIfDue({ enabled, code, threshold }, await getCartView()));
  }, [enabled, code, threshold]);
  return null;
}
