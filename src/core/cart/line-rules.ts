import { isGiftLine } from "./free-gifts.ts";
import type { CartJson, LineItemJson } from "../contract/shopify-types.ts";

/** Product types handed out free; a line of one of them is a sample when its price is 0. */
export const SAMPLE_PRODUCT_TYPES = ["Sample", "Cart Sample", "GWP", "Auto Sample", "Sample Set"] as const;

/**
 * A line the shopper pays for: not a free gift, not a free sample, not free.
 * Samples come only beside one.
 */
export function isPaidLine(item: Pick<LineItemJson, "product_type" | "price" | "final_line_price" | "properties">): boolean {
  return !isGiftLine(item) && !isSampleItem(item) && item.final_line_price > 0;
}

export function isSampleItem(item: Pick<LineItemJson, "product_type" | "price">): boolean {
  return (SAMPLE_PRODUCT_TYPES as readonly string[]).includes(item.product_type) && item.price === 0;
}

/** Properties whose names start with `_` are for the shop, not the shopper. */
export function visibleProperties(properties: Record<string, string> | null | undefined): [string, string][] {
  return Object.entries(properties ?? {}).filter(([name, value]) => !name.startsWith("_") && value !== "");
}

/** Lines link to their product, except samples and free gifts, which a shopper cannot buy on their own. */
export function lineLink(item: Pick<LineItemJson, "url" | "product_type" | "price" | "properties">): string | null {
  if (isSampleItem(item) || isGiftLine(item)) return null;
  return item.url;
}

/** The saving a compare-at price gives a line, or 0 when there is none. */
export function lineSaving(compareAtPrice: number | null | undefined, item: Pick<LineItemJson, "quantity" | "final_line_price">): number {
  if (!compareAtPrice) return 0;
  return Math.max(0, compareAtPrice * item.quantity - item.final_line_price);
}

export interface CartView {
  isEmpty: boolean;
  displayItems: LineItemJson[];
  displayItemCount: number;
  subtotal: number;
  discount: number;
  total: number;
}

/** What the cart page and drawer show, derived from the server's cart. */
export function cartView(cart: CartJson): CartView {
  const displayItems = cart.items.filter((item) => item.quantity > 0);
  return {
    isEmpty: displayItems.length === 0,
    displayItems,
    displayItemCount: displayItems.reduce((sum, item) => sum + item.quantity, 0),
    subtotal: cart.original_total_price,
    discount: cart.total_discount,
    total: cart.total_price,
  };
}

/** A kit's contents from its `components` metafield; anything malformed counts as no kit. */
export function kitComponents(metafields: { components?: unknown } | undefined): { handle: string; quantity: number }[] {
  const components = metafields?.components;
  if (!Array.isArray(components)) return [];
  return components.filter(
    (entry): entry is { handle: string; quantity: number } =>
      typeof entry === "object" && entry !== null && typeof entry.handle === "string" && Number.isSafeInteger(entry.quantity) && entry.quantity > 0,
  );
}

/**
 * A product is limited to one per cart when its `is_limited_to_one` metafield
 * is 1, its `checkout_validation_limit` is 1, or it is a free gift.
 */
export function isLimitedToOne(metafields: { is_limited_to_one?: unknown } | undefined, ffcApp: { checkout_validation_limit?: unknown; free_gift_product?: unknown } | undefined): boolean {
  return Number(metafields?.is_limited_to_one) === 1 || Number(ffcApp?.checkout_validation_limit) === 1 || ffcApp?.free_gift_product === true;
}
