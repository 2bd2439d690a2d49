/**
 * Adding to the cart from the product page and the bundle choosers, outside
 * React so every button does it the same way (spec §7 calls table):
 *
 *   1. `POST /cart/add.js` with the items (a bundle is one call, one line per item);
 *   2. extra (add-on) products in a second add, whose failure is logged and ignored (§8);
 *   3. `POST /cart/update.js {attributes: {_time_today}}` (epoch seconds), whose answer is the fresh cart;
 *   4. the discount link's code when the cart has reached its threshold (§9);
 *
 * then the page is told: `cart:updated`, `cart-item-added` (the side cart
 * opens) and GA4's `add_to_cart`. The work runs in the page's cart queue, so
 * it never interleaves with the side cart's own changes.
 */
import type { DiscountLinkSettings } from "../../core/product-rules.ts";
import type { CartJson, LineItemJson } from "../../core/shopify-types.ts";
import { enqueueCartWork } from "../cart/cart-queue.ts";
import { lineToAnalyticsItem, trackAddToCart } from "../storefront/analytics.ts";
import { type CartItemInput, addToCart, getCart, updateCart } from "../storefront/cart-api.ts";
import { announceCart, announceItemsAdded } from "../storefront/cart-events.ts";

export interface AddRequest {
  items: CartItemInput[];
  /** Add-on products: added after the items, and their failure does not fail the add. */
  extras?: CartItemInput[];
  discountLink?: DiscountLinkSettings | undefined;
  /** False when the page redirects after the add instead of opening the side cart. */
  openSideCart?: boolean;
}

export interface AddResult {
  lines: LineItemJson[];
  cart: CartJson;
}

/** The cart attribute the spec sends after adds: the time of the add, epoch seconds. */
const TIME_TODAY_ATTRIBUTE = "_time_today";

export async function addItemsToCart({ items, extras = [], discountLink, openSideCart = true }: AddRequest): Promise<AddResult> {
  const result = await enqueueCartWork(async () => {
    const lines = await addToCart(items);
    if (extras.length) {
      try {
        lines.push(...(await addToCart(extras)));
      } catch (error) {
        console.error(new Error("An add-on product could not be added", { cause: error }));
      }
    }
    let cart = await updateCart({ attributes: { [TIME_TODAY_ATTRIBUTE]: String(Math.floor(Date.now() / 1000)) } }).catch(() => getCart());
    // The discount link's code is only loaded where the merchant switched it on.
    if (discountLink?.enabled) cart = await (await import("./discount-link.ts")).applyDiscountLinkIfDue(discountLink, cart);
    return { lines, cart };
  });
  announceCart(result.cart);
  if (openSideCart) announceItemsAdded(result.lines);
  const quantities = new Map<number, number>();
  for (const item of [...items, ...extras]) quantities.set(item.id, (quantities.get(item.id) ?? 0) + item.quantity);
  try {
    trackAddToCart(
      result.cart.currency,
      result.lines.map((line) => lineToAnalyticsItem(line, quantities.get(line.variant_id) ?? line.quantity)),
    );
  } catch (error) {
    console.error(error);
  }
  return result;
}
