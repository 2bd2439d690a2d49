/** GA4 e-commerce events pushed to `window.dataLayer`, where tag managers pick them up. */
import { toMajorUnits, toMinorUnits } from "../../core/money/money.ts";
import type { LineItemJson } from "../../core/contract/shopify-types.ts";

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export interface AnalyticsItem {
  item_id: string;
  item_name: string;
  item_brand: string;
  item_variant?: string;
  price: number;
  quantity: number;
}


export function lineToAnalyticsItem(line: LineItemJson, quantity = line.quantity): AnalyticsItem {
  return {
    item_id: line.sku || String(line.variant_id),
    item_name: line.product_title,
    item_brand: line.vendor,
    ...(line.variant_title ? { item_variant: line.variant_title } : {}),
    price: toMajorUnits(line.final_price),
    quantity,
  };
}

/** GA4 `add_to_cart`; `listName` names the list the items were added from (an upsell list), on each item and on the event. */
export function trackAddToCart(currency: string, items: AnalyticsItem[], listName?: string): void {
  const listed = listName ? items.map((item) => ({ ...item, item_list_name: listName })) : items;
  const value = toMajorUnits(listed.reduce((sum, item) => sum + toMinorUnits(item.price) * item.quantity, 0));
  window.dataLayer ??= [];
  // GA4 keeps the previous ecommerce object unless it is cleared first.
  window.dataLayer.push({ ecommerce: null });
  window.dataLayer.push({ event: "add_to_cart", ecommerce: { currency, value, ...(listName ? { item_list_name: listName } : {}), items: listed } });
}
