/**
 * The theme's discount link: when the merchant has switched it on, the code
 * goes on the cart at page load and after each add, once the cart total has
 * reached the threshold option.
 */
import { onSite } from "../../storefront/site-address.ts";
import type { CartViewJson } from "../../../core/cart/cart-view-json.ts";
import { type DiscountLinkSettings, discountLinkDue } from "../../../core/catalog/product-rules.ts";
import { getCartView } from "../../storefront/cart-api.ts";

/**
 * Visits `/discount/{code}` when due and answers the cart view as it is
 * afterwards. The platform puts the code on the cart before it redirects, so
 * the redirect itself is not followed.
 */
export async function applyDiscountLinkIfDue(settings: DiscountLinkSettings | undefined, view: CartViewJson): Promise<CartViewJson> {
  if (!discountLinkDue(settings, view.cart)) return view;
  try {
    await fetch(onSite(`/discount/${encodeURIComponent(settings.code)}`), { credentials: "same-origin", redirect: "manual" });
    return await getCartView();
  } catch (error) {
    console.error(new Error("The discount link could not be applied", { cause: error }));
    return view;
  }
}
