import { createHash, randomBytes } from "node:crypto";
import type { Catalog, CatalogProduct, CatalogVariant } from "../catalog/catalog.ts";
import { type SellingPlan, type SellingPlanGroup, findPlan, planPrice } from "../../core/subscriptions/selling-plans.ts";

export interface StoredLine {
  key: string;
  variant_id: number;
  product_id: number;
  quantity: number;
  properties: Record<string, string>;
  /** Order of addition; higher is newer. */
  seq: number;
  /** Subscribe and save: the selling plan the line is bought on; absent for a one-time purchase. */
  selling_plan_id?: number;
}

export interface StoredCart {
  token: string;
  note: string | null;
  attributes: Record<string, string>;
  lines: StoredLine[];
  discount_codes: string[];
  line_seq: number;
  /** The currency the cart was last priced in (its shopper's site); null before any site priced it. */
  currency: string | null;
  /** Handles of gifts the shopper removed by hand: the gift rule never adds these back by itself. */
  removed_gifts: string[];
}

const TOKEN_PATTERN = /^[a-f0-9]{32}$/;

export function newCartToken(): string {
  return randomBytes(16).toString("hex");
}

export function isCartToken(value: string | undefined): value is string {
  return value !== undefined && TOKEN_PATTERN.test(value);
}

export function emptyCart(token: string): StoredCart {
  return { token, note: null, attributes: {}, lines: [], discount_codes: [], line_seq: 0, currency: null, removed_gifts: [] };
}

/** A copy of a cart that shares nothing with it (lines and their properties included). */
export function copyCart(cart: StoredCart): StoredCart {
  return {
    ...cart,
    attributes: { ...cart.attributes },
    lines: cart.lines.map((line) => ({ ...line, properties: { ...line.properties } })),
    discount_codes: [...cart.discount_codes],
    removed_gifts: [...cart.removed_gifts],
  };
}

const propertiesHash = (pairs: [string, string | undefined][]) => createHash("md5").update(JSON.stringify(pairs)).digest("hex");
/** The hash of no properties, most lines' case, worked out once. */
const NO_PROPERTIES_HASH = propertiesHash([]);

/**
 * Line key: `<variant id>:<32 hex>`, the hash standing for the line's
 * properties and selling plan (a one-time line's key is its properties' alone).
 */
export function lineKey(variantId: number, properties: Record<string, string>, sellingPlanId?: number): string {
  const names = Object.keys(properties);
  const pairs: [string, string | undefined][] = names.sort().map((name) => [name, properties[name]]);
  if (sellingPlanId !== undefined) return `${variantId}:${propertiesHash([...pairs, ["selling_plan", String(sellingPlanId)]])}`;
  return `${variantId}:${names.length === 0 ? NO_PROPERTIES_HASH : propertiesHash(pairs)}`;
}

/** A line's selling plan and its group, while the plan is still offered on the line's product; null for a one-time line. */
export function planOfLine(line: Pick<StoredLine, "selling_plan_id">, product: CatalogProduct | undefined): { group: SellingPlanGroup; plan: SellingPlan } | null {
  if (line.selling_plan_id === undefined || !product) return null;
  return findPlan(product.sellingPlanGroups, line.selling_plan_id);
}

/** What one unit of a line costs before discounts: the variant's price, or its price on the line's selling plan. */
export function lineUnitPrice(line: Pick<StoredLine, "selling_plan_id">, variant: Pick<CatalogVariant, "price">, product: CatalogProduct | undefined): number {
  const found = planOfLine(line, product);
  return found ? planPrice(variant.price, found.plan.adjustment) : variant.price;
}

/** Lines newest first, the order Shopify answers and `line` indexes refer to. */
export function orderedLines(cart: StoredCart): StoredLine[] {
  return [...cart.lines].sort((a, b) => b.seq - a.seq);
}

/** A product the merchant gives away as a free gift. */
export function isGiftProduct(product: CatalogProduct | undefined): boolean {
  return product?.metafields.ffc_app.free_gift_product === true;
}

/** The product of a line, when its variant is still in the catalog. */
export function productOfLine(line: Pick<StoredLine, "variant_id">, catalog: Catalog): CatalogProduct | undefined {
  const variant = catalog.variants.get(line.variant_id);
  return variant ? catalog.products.get(variant.productId) : undefined;
}
