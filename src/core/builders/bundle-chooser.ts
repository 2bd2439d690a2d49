/**
 * The bundle choosers' state, on product pages and the bundle page: when a
 * choice is complete, when it is out of stock, what the button says, what the
 * set costs, and the line properties that tell the server which lines are one
 * bundle. The saving comes from `priceBundle`, the rule the server charges by.
 *
 * A chooser is a list of slots. Variants bundle: one slot, the radios. Preselected:
 * one slot per product of the set, holding that product's variant. Multiselect:
 * one slot per group, optional groups optional.
 */
import { BUNDLE_PAGE_PROPERTIES, BUNDLE_PROPERTIES, type BundleDefinition, bundleSaving, priceBundle } from "./bundles.ts";

export interface BundleSlot {
  optional: boolean;
  /** What the slot offers; an option that is not available is shown disabled. */
  options: readonly { available: boolean }[];
}

/** A slot's pick, or null / undefined while it has none. */
export type BundlePick = { available: boolean } | null | undefined;

/**
 * Out of stock when a slot that must be filled has nothing available: all the
 * radios of a variants bundle disabled, any product of a preselected set
 * unavailable, or every product of a required multiselect group sold out.
 */
export function bundleOutOfStock(slots: readonly BundleSlot[]): boolean {
  return slots.some((slot) => !slot.optional && !slot.options.some((option) => option.available));
}

/** Complete when every slot that is not optional has an available pick (a radio chosen, every required group chosen). */
export function bundleComplete(slots: readonly BundleSlot[], picks: readonly BundlePick[]): boolean {
  return slots.every((slot, index) => slot.optional || picks[index]?.available === true);
}

export type BundleButtonState = "add" | "sold-out" | "select";

export function bundleButtonState(slots: readonly BundleSlot[], picks: readonly BundlePick[]): BundleButtonState {
  if (bundleOutOfStock(slots)) return "sold-out";
  return bundleComplete(slots, picks) ? "add" : "select";
}

/** The bundle page's button: select until every step has a choice, out of stock when a chosen variant is unavailable, else add. */
export function bundlePageButtonState(stepCount: number, choicesMade: number, chosenItems: readonly { available: boolean }[]): BundleButtonState {
  if (choicesMade < stepCount) return "select";
  return chosenItems.some((item) => !item.available) ? "sold-out" : "add";
}

export interface QuoteItem {
  handle: string;
  /** Unit price, minor units. */
  price: number;
}

export interface BundleQuote {
  /** The chosen items at full price. */
  subtotal: number;
  /** What the bundle takes off: 0 until the chosen items are a complete bundle. */
  saving: number;
  total: number;
  complete: boolean;
  /**
   * What a complete set would save, shown as the offer while incomplete: the
   * saving when complete; a fixed discount's amount; a percent of the chosen
   * items so far.
   */
  offer: number;
}

/** The price of the chosen items, one of each: what the server will charge when they are added together. */
export function bundleQuote(definition: BundleDefinition, items: readonly QuoteItem[]): BundleQuote {
  const lines = items.map((item, index) => ({ key: String(index), handle: item.handle, quantity: 1, price: item.price }));
  const subtotal = items.reduce((sum, item) => sum + item.price, 0);
  const price = priceBundle(definition, lines);
  const complete = price.status === "complete";
  const free = new Set(definition.freeProducts);
  const paid = items.reduce((sum, item) => sum + (free.has(item.handle) ? 0 : item.price), 0);
  const offer = complete ? price.discount : definition.discountType === "fixed" ? definition.fixedDiscount : bundleSaving(definition, paid);
  return { subtotal, saving: price.discount, total: subtotal - price.discount, complete, offer };
}

/** A new id shared by the lines of one bundle add. */
export function newBundleId(random: () => number = Math.random, now: () => number = Date.now): string {
  return `${now().toString(36)}${Math.floor(random() * 36 ** 8)
    .toString(36)
    .padStart(8, "0")}`;
}

export interface BundleLineInput {
  bundleId: string;
  /** The product holding the definition (the parent product of a variants bundle). */
  productId: number;
  /** That product's variant (the parent variant). */
  variantId: number;
  /** The bundle's title, shown on the cart's bundle group. */
  title: string;
  /** The discount group: the multiselect group's title, else the bundle product's handle. */
  group: string;
  /** Shopper-facing text about the item's part in the bundle. */
  itemText: string;
  free: boolean;
}

/** The properties of one line of a bundle chooser add. */
export function bundleLineProperties(input: BundleLineInput): Record<string, string> {
  return {
    [BUNDLE_PROPERTIES.id]: input.bundleId,
    [BUNDLE_PROPERTIES.productId]: String(input.productId),
    [BUNDLE_PROPERTIES.variantId]: String(input.variantId),
    [BUNDLE_PROPERTIES.title]: input.title,
    [BUNDLE_PROPERTIES.group]: input.group,
    [BUNDLE_PROPERTIES.item]: "true",
    [BUNDLE_PROPERTIES.itemText]: input.itemText,
    ...(input.free ? { [BUNDLE_PROPERTIES.freeItem]: "true" } : {}),
    [BUNDLE_PROPERTIES.label]: input.title,
  };
}

/**
 * The properties of one line of a bundle page add: the page's marker and
 * `_bundle-id` (`{id}---{title}`), plus the `__bundle*` properties that name
 * the bundle product, so the server can price a complete set.
 */
export function bundlePageLineProperties(input: Omit<BundleLineInput, "itemText" | "free">): Record<string, string> {
  return {
    [BUNDLE_PAGE_PROPERTIES.item]: "true",
    [BUNDLE_PAGE_PROPERTIES.id]: `${input.bundleId}---${input.title}`,
    [BUNDLE_PROPERTIES.id]: input.bundleId,
    [BUNDLE_PROPERTIES.productId]: String(input.productId),
    [BUNDLE_PROPERTIES.variantId]: String(input.variantId),
    [BUNDLE_PROPERTIES.title]: input.title,
    [BUNDLE_PROPERTIES.group]: input.group,
    [BUNDLE_PROPERTIES.label]: input.title,
  };
}

export interface BundleStep {
  title: string;
  optional: boolean;
  /** Handles of the products offered in the step. */
  products: string[];
}

/**
 * The bundle page's steps: a multiselect bundle's groups, or one step per
 * product of a preselected set (where the shopper picks its variant). A
 * variants bundle has no page: it is chosen beside its parent product.
 */
export function bundlePageSteps(definition: BundleDefinition, titleOf: (handle: string) => string): BundleStep[] {
  if (definition.type === "multiselect") return definition.groups.map((group) => ({ title: group.title, optional: group.optional, products: [...group.products] }));
  if (definition.type === "preselected") return definition.products.map((handle) => ({ title: titleOf(handle), optional: false, products: [handle] }));
  return [];
}
