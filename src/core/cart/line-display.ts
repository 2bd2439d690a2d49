/**
 * What each cart line shows and allows: its link, badges, saving, the free
 * label, whether its quantity can change, and how bundle lines are grouped.
 * The shop works it out with the cart it answers, so the cart page and the
 * side cart draw the same thing.
 */
import { BUNDLE_PAGE_PROPERTIES, BUNDLE_PROPERTIES, bundleClaim } from "../builders/bundles.ts";
import { isLimitedToOne, isSampleItem, lineLink, lineSaving, visibleProperties } from "./line-rules.ts";
import { isGiftLine } from "./free-gifts.ts";
import { cartBadgesOf } from "../catalog/product-metafields.ts";
import type { CartJson, LineItemJson, ProductViewJson } from "../contract/shopify-types.ts";

export interface LineDisplay {
  /** `/products/{handle}?variant={id}`, or null for samples and free gifts. */
  link: string | null;
  isGift: boolean;
  isSample: boolean;
  limitedToOne: boolean;
  /** Part of a bundle, or priced by a bundle discount. */
  isBundle: boolean;
  showQuantityControls: boolean;
  /** `product_cart_badges`. */
  badges: string[];
  /** Compare-at saving in minor units; 0 when there is none. */
  saving: number;
  /** The line costs nothing: show the locale's free label. */
  free: boolean;
  /** A discount code is applied and this line takes no part in it. */
  notValidForDiscount: boolean;
  properties: [string, string][];
}

/** Bundle lines: a bundle chooser or bundle page claim, a bundle item marker, or a bundle product itself. */
export function isBundleLine(item: Pick<LineItemJson, "properties" | "product_type">): boolean {
  const properties = item.properties ?? {};
  return (
    bundleClaim(properties) !== null ||
    Boolean(properties[BUNDLE_PROPERTIES.item] || properties[BUNDLE_PROPERTIES.freeItem] || properties[BUNDLE_PAGE_PROPERTIES.item]) ||
    item.product_type === "Bundle"
  );
}

export function lineDisplay(item: LineItemJson, product: ProductViewJson | undefined, cart: Pick<CartJson, "discount_codes">): LineDisplay {
  const isGift = isGiftLine(item);
  const isSample = isSampleItem(item);
  // Gifts and samples are held at one by the shop, as are products marked limited to one: fixed lines.
  const limitedToOne = isGift || isSample || isLimitedToOne(product?.metafields, product?.metafields_ffc_app);
  const isBundle = isBundleLine(item);
  const compareAt = product?.product.variants.find((variant) => variant.id === item.variant_id)?.compare_at_price;
  const free = item.final_line_price <= 0;
  const codeApplied = cart.discount_codes.some((code) => code.applicable);
  return {
    link: isGift ? null : lineLink(item),
    isGift,
    isSample,
    limitedToOne,
    isBundle,
    showQuantityControls: !limitedToOne && !isBundle,
    badges: cartBadgesOf(product?.metafields),
    saving: free ? 0 : lineSaving(compareAt, item),
    free,
    // Codes discount only what the shopper pays for (the server's rule): not gifts, samples or free lines.
    notValidForDiscount: codeApplied && (free || isGift || isSample),
    properties: visibleProperties(item.properties),
  };
}

export type CartEntry = { kind: "line"; line: LineItemJson } | { kind: "bundle"; id: string; title: string | null; lines: LineItemJson[] };

/**
 * Lines in cart order, with the lines of one bundle gathered where its first
 * line stands. The bundle id is `__bundleId`, or the part of `_bundle-id`
 * before `---`.
 */
export function groupCartLines(lines: LineItemJson[]): CartEntry[] {
  const entries: CartEntry[] = [];
  const bundles = new Map<string, Extract<CartEntry, { kind: "bundle" }>>();
  for (const line of lines) {
    const claim = bundleClaim(line.properties);
    if (!claim) {
      entries.push({ kind: "line", line });
      continue;
    }
    const existing = bundles.get(claim.id);
    if (existing) {
      existing.lines.push(line);
      existing.title ??= line.properties[BUNDLE_PROPERTIES.title] || null;
      continue;
    }
    const entry: Extract<CartEntry, { kind: "bundle" }> = { kind: "bundle", id: claim.id, title: line.properties[BUNDLE_PROPERTIES.title] || null, lines: [line] };
    bundles.set(claim.id, entry);
    entries.push(entry);
  }
  return entries;
}

export type TypedQuantity = { kind: "empty" } | { kind: "invalid" } | { kind: "number"; value: number };

/** A quantity typed into a line: empty is ignored; anything but digits resets the field to 1 and sends nothing. */
export function parseTypedQuantity(text: string): TypedQuantity {
  const trimmed = text.trim();
  if (trimmed === "") return { kind: "empty" };
  if (!/^\d{1,6}$/.test(trimmed)) return { kind: "invalid" };
  return { kind: "number", value: Number(trimmed) };
}

