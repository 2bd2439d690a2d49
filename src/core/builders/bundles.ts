/**
 * Product bundles:
 * when a set of cart lines is a complete bundle of a product's bundle
 * definition, and what it saves. The platform prices carts with these rules;
 * the theme uses the same ones to show a bundle's price before it is added, so
 * the saving shown is the saving charged.
 *
 * Everything here reads the merchant's definition. What a client posts in the
 * line properties only says which lines claim to be one bundle, and of which
 * product; whether they are is decided against the definition.
 */
import { toMinorUnits } from "../money/money.ts";
import type { BundleGroupDefinition, BundleMetafields } from "../contract/shopify-types.ts";

/** Line properties the bundle chooser writes. */
export const BUNDLE_PROPERTIES = {
  id: "__bundleId",
  productId: "__bundleProductId",
  variantId: "__bundleVariantId",
  title: "__bundleTitle",
  group: "__bundleGroup",
  item: "_is_bundle_item",
  freeItem: "_is_bundle_free_item",
  itemText: "_bundle_item_text",
  label: "Bundle",
} as const;

/** Line properties the bundle page chooser writes; the id is the part of `_bundle-id` before `---`. */
export const BUNDLE_PAGE_PROPERTIES = { item: "_is-bundle-page-item", id: "_bundle-id" } as const;

export type BundleType = "preselected" | "multiselect" | "variants";

export interface BundleDefinition {
  type: BundleType;
  /** Handle of the product holding the definition; the parent product of a variants bundle. */
  productHandle: string;
  title: string | null;
  /** Preselected: the set, each entry once. Variants: the products one variant is chosen from. */
  products: string[];
  /** Multiselect: one pick from each group; optional groups may stay empty. */
  groups: BundleGroupDefinition[];
  discountType: "fixed" | "percent";
  /** As the merchant typed it: fixed, whole currency units; percent, percent off. */
  discountAmount: number;
  /** A fixed discount in minor units (the whole units × 100, converted once here); 0 for a percent one. */
  fixedDiscount: number;
  /**
   * Handles of products that come free in a complete bundle (metafield
   * `freeProducts`). A client's free marker (`_is_bundle_free_item`) is a
   * label only; only products listed here are ever free.
   */
  freeProducts: string[];
  /**
   * A product's unit price inside a complete bundle, minor units, where the
   * merchant set one (a builder's price override); never more than the
   * product's own price.
   */
  setPrices?: Readonly<Record<string, number>>;
}

const TYPES: readonly BundleType[] = ["preselected", "multiselect", "variants"];

const isHandleList = (value: unknown): value is string[] => Array.isArray(value) && value.every((entry) => typeof entry === "string" && entry !== "");

function isGroup(value: unknown): value is BundleGroupDefinition {
  if (typeof value !== "object" || value === null) return false;
  const group = value as Record<string, unknown>;
  return typeof group.title === "string" && isHandleList(group.products) && (group.optional === undefined || typeof group.optional === "boolean");
}

/**
 * A product's bundle definition from its bundle metafields, or null when it
 * has none that can be sold: switched off, of an unknown type, without
 * products, or with a discount that is not a number.
 */
export function bundleDefinition(productHandle: string, metafields: BundleMetafields | undefined): BundleDefinition | null {
  if (!metafields || metafields.enabled !== true) return null;
  const type = metafields.type;
  if (!type || !TYPES.includes(type)) return null;
  const discountType = metafields.discountType === "fixed" ? "fixed" : metafields.discountType === "percent" ? "percent" : null;
  const discountAmount = metafields.discountAmount ?? 0;
  if (discountType === null || typeof discountAmount !== "number" || !Number.isFinite(discountAmount) || discountAmount < 0) return null;
  const products = isHandleList(metafields.products) ? metafields.products : [];
  const groups = Array.isArray(metafields.groups) && metafields.groups.every(isGroup) ? metafields.groups.map((group) => ({ ...group, optional: group.optional === true })) : [];
  if (type === "multiselect" ? groups.length === 0 || groups.every((group) => group.optional) : products.length === 0) return null;
  const freeProducts = isHandleList(metafields.freeProducts) ? metafields.freeProducts : [];
  return {
    type,
    productHandle,
    title: typeof metafields.title === "string" && metafields.title !== "" ? metafields.title : null,
    products,
    groups,
    discountType,
    discountAmount,
    fixedDiscount: discountType === "fixed" ? toMinorUnits(discountAmount) : 0,
    freeProducts,
  };
}

/** Which bundle a line claims to belong to: the shared id and the product holding the definition. */
export interface BundleClaim {
  /** Groups the lines of one bundle; bundle-page ids are kept apart from chooser ids. */
  id: string;
  /** `__bundleProductId` as posted; null on bundle-page lines that name no product. */
  productId: string | null;
}

export function bundleClaim(properties: Record<string, string> | null | undefined): BundleClaim | null {
  if (!properties) return null;
  const productId = properties[BUNDLE_PROPERTIES.productId]?.trim() || null;
  const chooserId = properties[BUNDLE_PROPERTIES.id]?.trim();
  if (chooserId) return { id: `bundle:${chooserId}`, productId };
  const pageId = properties[BUNDLE_PAGE_PROPERTIES.id]?.split("---")[0]?.trim();
  if (pageId) return { id: `page:${pageId}`, productId };
  return null;
}

export interface BundleLine {
  key: string;
  /** Handle of the line's product. */
  handle: string;
  quantity: number;
  /** Unit price before discounts, minor units. */
  price: number;
}

/**
 * `complete`: the lines are the bundle. `incomplete`: every line belongs but
 * something the bundle needs is missing. `mismatch`: a line is not part of the
 * bundle, or there is more of something than the bundle holds.
 */
export type BundleStatus = "complete" | "incomplete" | "mismatch";

export interface BundleCheck {
  status: BundleStatus;
  /**
   * How many whole bundles the lines make: the smallest line quantity (0
   * unless complete). Units beyond that are not part of the bundle and pay
   * full price.
   */
  sets: number;
}

export function checkBundle(definition: BundleDefinition, lines: readonly Pick<BundleLine, "handle" | "quantity">[]): BundleCheck {
  const status = bundleStatus(definition, lines.map((line) => line.handle));
  return { status, sets: status === "complete" ? Math.min(...lines.map((line) => line.quantity)) : 0 };
}

function bundleStatus(definition: BundleDefinition, handles: string[]): BundleStatus {
  switch (definition.type) {
    case "preselected":
      return preselectedStatus(definition.products, handles);
    case "variants":
      return variantsStatus(definition, handles);
    case "multiselect":
      return multiselectStatus(definition.groups, handles);
  }
}

function counts(handles: readonly string[]): Map<string, number> {
  const result = new Map<string, number>();
  for (const handle of handles) result.set(handle, (result.get(handle) ?? 0) + 1);
  return result;
}

/** Every listed product exactly once (a product listed twice is wanted twice). */
function preselectedStatus(products: readonly string[], handles: string[]): BundleStatus {
  const wanted = counts(products);
  const have = counts(handles);
  for (const [handle, count] of have) if (count > (wanted.get(handle) ?? 0)) return "mismatch";
  for (const [handle, count] of wanted) if ((have.get(handle) ?? 0) < count) return "incomplete";
  return "complete";
}

/** The parent product and one variant of one of the listed products. */
function variantsStatus(definition: BundleDefinition, handles: string[]): BundleStatus {
  const parents = handles.filter((handle) => handle === definition.productHandle).length;
  const chosen = handles.filter((handle) => handle !== definition.productHandle);
  if (parents > 1 || chosen.length > 1 || chosen.some((handle) => !definition.products.includes(handle))) return "mismatch";
  return parents === 1 && chosen.length === 1 ? "complete" : "incomplete";
}

/**
 * Exactly one pick from each required group and at most one from each
 * optional group. A product offered in several groups may fill any of them,
 * so this is a bipartite matching of lines to groups: every line must be
 * matched (else a line is extra) and every required group must be matched
 * (else the bundle is incomplete). When both are possible separately, one
 * matching does both (Mendelsohn–Dulmage).
 */
function multiselectStatus(groups: readonly BundleGroupDefinition[], handles: string[]): BundleStatus {
  if (handles.length > groups.length) return "mismatch";
  const fits = (line: number, group: number) => groups[group]?.products.includes(handles[line] ?? "") ?? false;
  const lineIndexes = handles.map((_, index) => index);
  const groupIndexes = groups.map((_, index) => index);
  if (maximumMatching(lineIndexes, groupIndexes, fits) < handles.length) return "mismatch";
  const required = groupIndexes.filter((index) => !groups[index]?.optional);
  if (maximumMatching(required, lineIndexes, (group, line) => fits(line, group)) < required.length) return "incomplete";
  return "complete";
}

/** Size of a maximum matching from `left` into `right` (Kuhn's augmenting paths; the sets are a handful). */
function maximumMatching(left: number[], right: number[], fits: (left: number, right: number) => boolean): number {
  const owner = new Map<number, number>();
  const augment = (from: number, seen: Set<number>): boolean => {
    for (const to of right) {
      if (seen.has(to) || !fits(from, to)) continue;
      seen.add(to);
      const current = owner.get(to);
      if (current === undefined || augment(current, seen)) {
        owner.set(to, from);
        return true;
      }
    }
    return false;
  };
  return left.filter((from) => augment(from, new Set())).length;
}

/** What one set of the bundle's paid items saves, minor units: never more than they cost. */
export function bundleSaving(definition: Pick<BundleDefinition, "discountType" | "discountAmount" | "fixedDiscount">, paidTotal: number): number {
  if (paidTotal <= 0) return 0;
  const saving = definition.discountType === "fixed" ? definition.fixedDiscount : Math.round((paidTotal * Math.min(100, definition.discountAmount)) / 100);
  return Math.max(0, Math.min(paidTotal, saving));
}

/**
 * Splits a discount across line amounts in proportion to each amount, the
 * rounding remainder going to the last line (and, if it cannot take it all,
 * to the lines before it). The parts sum to the discount (capped at the
 * total), and no part is negative or larger than its line.
 */
export function splitDiscount(discount: number, amounts: readonly number[]): number[] {
  const total = amounts.reduce((sum, amount) => sum + Math.max(0, amount), 0);
  const target = Math.max(0, Math.min(Math.floor(discount), total));
  if (target === 0) return amounts.map(() => 0);
  const parts = amounts.map((amount) => Math.floor((target * Math.max(0, amount)) / total));
  let remainder = target - parts.reduce((sum, part) => sum + part, 0);
  for (let index = parts.length - 1; index >= 0 && remainder > 0; index -= 1) {
    const room = Math.max(0, amounts[index] ?? 0) - (parts[index] ?? 0);
    const give = Math.min(room, remainder);
    parts[index] = (parts[index] ?? 0) + give;
    remainder -= give;
  }
  return parts;
}

export interface BundlePrice extends BundleCheck {
  /** Amount off each line, minor units, in the order of the lines given (all 0 unless complete). */
  allocations: number[];
  /** Sum of the allocations. */
  discount: number;
}

/** What a line's product costs in a complete set, before the bundle's saving: nothing when free, else its set price. */
export function setPrice(definition: Pick<BundleDefinition, "freeProducts" | "setPrices">, line: Pick<BundleLine, "handle" | "price">): number {
  if (definition.freeProducts.includes(line.handle)) return 0;
  const override = definition.setPrices?.[line.handle];
  return override === undefined ? line.price : Math.min(line.price, override);
}

/**
 * Prices lines claimed to be one bundle. Only a complete bundle is
 * discounted: in each set, free products cost nothing, products with a set
 * price cost that, and the saving of the definition is split across the
 * set's paid lines in proportion to what they cost.
 */
export function priceBundle(definition: BundleDefinition, lines: readonly BundleLine[]): BundlePrice {
  const check = checkBundle(definition, lines);
  if (check.status !== "complete") return { ...check, allocations: lines.map(() => 0), discount: 0 };
  const paidPrices = lines.map((line) => setPrice(definition, line));
  const paidTotal = paidPrices.reduce((sum, price) => sum + price, 0);
  const split = splitDiscount(bundleSaving(definition, paidTotal), paidPrices);
  const allocations = lines.map((line, index) => check.sets * (line.price - (paidPrices[index] ?? 0) + (split[index] ?? 0)));
  return { ...check, allocations, discount: allocations.reduce((sum, amount) => sum + amount, 0) };
}

/** Why a bundle's discount is not given, in the shopper's words. */
export function bundleWarning(status: Exclude<BundleStatus, "complete"> | "unavailable", title: string): string {
  switch (status) {
    case "incomplete":
      return `${title} is no longer complete, so its bundle discount was removed.`;
    case "mismatch":
      return `${title} does not match its bundle, so no bundle discount applies.`;
    case "unavailable":
      return `${title} is no longer on offer, so no bundle discount applies.`;
  }
}
