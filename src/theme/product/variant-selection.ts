/**
 * Product-page rules: which variant the chosen options name, what the buy
 * button says, and how many a shopper may choose. Pure, so they are tested
 * without a browser.
 */
import type { ProductJson, VariantJson } from "../../core/shopify-types.ts";

/** One chosen value per product option; null where nothing is chosen yet. */
export type OptionSelection = (string | null)[];

export function hasOnlyDefaultVariant(product: ProductJson): boolean {
  return product.variants.length === 1 && product.options.length === 1 && product.options[0]?.values[0] === "Default Title";
}

export function selectionOf(product: ProductJson, variant: VariantJson | undefined): OptionSelection {
  return product.options.map((_, index) => variant?.options[index] ?? null);
}

/** The variant whose options are exactly the chosen ones; none while any option is unchosen. */
export function findVariant(product: ProductJson, selection: OptionSelection): VariantJson | undefined {
  if (selection.length < product.options.length || selection.some((value) => value === null)) return undefined;
  return product.variants.find((variant) => product.options.every((_, index) => variant.options[index] === selection[index]));
}

/** The variant named by `?variant=`, else the first one in stock, else the first. */
export function initialVariant(product: ProductJson, variantParam: string | null): VariantJson | undefined {
  const requested = variantParam ? product.variants.find((variant) => String(variant.id) === variantParam) : undefined;
  return requested ?? product.variants.find((variant) => variant.available) ?? product.variants[0];
}

export type OptionValueState = "available" | "sold-out" | "unavailable";

/** What choosing `value` for one option would give, keeping the other choices. */
export function optionValueState(product: ProductJson, selection: OptionSelection, optionIndex: number, value: string): OptionValueState {
  const candidate = selection.map((chosen, index) => (index === optionIndex ? value : chosen));
  const others = candidate.map((chosen, index) => (chosen === null && index !== optionIndex ? undefined : chosen));
  const matching = product.variants.filter((variant) => others.every((chosen, index) => chosen === undefined || variant.options[index] === chosen));
  if (!matching.length) return "unavailable";
  return matching.some((variant) => variant.available) ? "available" : "sold-out";
}

export type BuyButtonState = "add" | "sold-out" | "select";

export function buyButtonState(variant: VariantJson | undefined): BuyButtonState {
  if (!variant) return "select";
  return variant.available ? "add" : "sold-out";
}

/** The locale keys of the buy button's texts. */
export const BUY_BUTTON_TEXT = {
  add: "add_to_cart",
  "sold-out": "sold_out",
  select: "make_a_selection",
} as const satisfies Record<BuyButtonState, string>;

/** Sold through while out of stock: the shop tracks stock, lets it oversell, and has none left. */
export function isPreorder(variant: VariantJson | undefined): boolean {
  return !!variant && variant.inventory_management === "shopify" && variant.inventory_policy === "continue" && variant.inventory_quantity <= 0;
}

const DEFAULT_MAX_QUANTITY = 15;
export const QUANTITY_CAP = 50;

export interface QuantityLimits {
  min: number;
  max: number;
}

/** 1 up to 15, or up to the stock when the shop tracks it and never oversells; never above 50. */
export function quantityLimits(variant: VariantJson | undefined, configuredMax?: number): QuantityLimits {
  let max = DEFAULT_MAX_QUANTITY;
  if (configuredMax !== undefined && configuredMax > 0) max = configuredMax;
  else if (variant && variant.inventory_management === "shopify" && variant.inventory_policy === "deny") max = variant.inventory_quantity;
  return { min: 1, max: Math.max(1, Math.min(QUANTITY_CAP, Math.floor(max))) };
}

export function clampQuantity(value: number, { min, max }: QuantityLimits): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}
