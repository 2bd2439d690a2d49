/**
 * The theme's discount link (spec §7 "Apply discount", §9): when the merchant
 * has switched it on, the code goes on the cart at page load and after each
 * add, once the cart total is at least 100 × the threshold.
 */
import { type DiscountLinkSettings, discountLinkDue } from "../../core/product-rules.ts";
import type { CartJson } from "../../core/shopify-types.ts";
import { getCart } from "../storefront/cart-api.ts";

/**
 * Visits `/discount/{code}` when due and answers the cart as it is afterwards.
 * The platform puts the code on the cart before it redirects, so the redirect
 * itself is not followed.
 */
export async function applyDiscountLinkIfDue(settings: DiscountLinkSettings | undefined, cart: CartJson): Promise<CartJson> {
  if (!discountLinkDue(settings, cart)) return cart;
  try {
    await fetch(`/discount/${encodeURIComponent(settings.code)}`, { credentials: "same-origin", redirect: "manual" });
    return await getCart();
  } catch (error) {
    console.error(new Error("The discount link could not be applied", { cause: error }));
    return cart;
  }
}
