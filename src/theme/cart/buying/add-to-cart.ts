/**
 * Adding to the cart from the product page, the bundle choosers and the
 * upsells, the same way everywhere:
 *
 *   1. `POST /cart/add.js` with the items (a bundle is one call, one line per
 *      item) and the `_time_today` attribute riding along (epoch seconds); its
 *      answer is the whole cart view, automatic gifts already settled;
 *   2. extra (add-on) products in a second add, whose failure is logged and ignored;
 *   3. the discount link's code when the cart has reached its threshold;
 *
 * then the page is told: `cart:updated`, `cart-item-added` (the side cart
 * opens, drawn from the answer already here) and GA4's `add_to_cart`.
 */
import type { DiscountLinkSettings } from "../../../core/catalog/product-rules.ts";
import type { CartViewJson } from "../../../core/cart/cart-view-json.ts";
import type { CartJson, LineItemJson } from "../../../core/contract/shopify-types.ts";
import { addItems } from "../cart-store.ts";
import { lineToAnalyticsItem, trackAddToCart } from "../../storefront/analytics.ts";
import type { CartItemInput } from "../../storefront/cart-api.ts";
import { announceItemsAdded } from "../../storefront/cart-events.ts";

export interface AddRequest {
  items: CartItemInput[];
  /** Add-on products: added after the items, and their failure does not fail the add. */
  extras?: CartItemInput[];
  discountLink?: DiscountLinkSettings | undefined;
  /** False when the page redirects after the add instead of opening the side cart. */
  openSideCart?: boolean;
  /** The analytics list the add came from (the upsell slider names its own). */
  listName?: string;
}

export interface AddResult {
  lines: LineItemJson[];
  cart: CartJson;
}

/** The cart attribute sent after every add: the time of the add, in epoch seconds. */
const TIME_TODAY_ATTRIBUTE = "_time_today";

export async function addItemsToCart({ items, extras = [], discountLink, openSideCart = true, listName }: AddRequest): Promise<AddResult> {
  const attributes = { [TIME_TODAY_ATTRIBUTE]: String(Math.floor(Date.now() / 1000)) };
  // The discount link's code is only loaded where the merchant switched it on.
  const afterAdd = discountLink?.enabled ? async (view: CartViewJson) => (await import("../../catalog/product/discount-link.ts")).applyDiscountLinkIfDue(discountLink, view) : undefined;
  const { lines, view } = await addItems(items, extras, attributes, afterAdd);
  if (openSideCart) announceItemsAdded(lines, view.cart);
  const quantities = new Map<number, number>();
  for (const item of [...items, ...extras]) quantities.set(item.id, (quantities.get(item.id) ?? 0) + item.quantity);
  try {
    trackAddToCart(
      view.cart.currency,
      lines.map((line) => lineToAnalyticsItem(line, quantities.get(line.variant_id) ?? line.quantity)),
      ...(listName ? [listName] : []),
    );
  } catch (error) {
    console.error(error);
  }
  return { lines, cart: view.cart };
}
