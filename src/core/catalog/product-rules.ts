/**
 * Product-page rules: which variant the chosen
 * options name, what the buy button says, how many a shopper may choose, the
 * price per ml, the tax calculator, which add-on products may be added, and
 * the 'users on page' counter's number. Pure, so the page and the tests agree.
 */
import type { ProductJson, VariantJson } from "../contract/shopify-types.ts";
import { includedTax } from "../tax/tax.ts";

/** One chosen value per product option; null where nothing is chosen yet. */
export type OptionSelection = (string | null)[];

export function hasOnlyDefaultVariant(product: Pick<ProductJson, "variants" | "options">): boolean {
  return product.variants.length === 1 && product.options.length === 1 && product.options[0]?.values[0] === "Default Title";
}

export function selectionOf(product: Pick<ProductJson, "options">, variant: Pick<VariantJson, "options"> | undefined): OptionSelection {
  return product.options.map((_, index) => variant?.options[index] ?? null);
}

/** The variant whose options are exactly the chosen ones; none while any option is unchosen. */
export function findVariant(product: Pick<ProductJson, "variants" | "options">, selection: OptionSelection): VariantJson | undefined {
  if (selection.length < product.options.length || selection.some((value) => value === null)) return undefined;
  return product.variants.find((variant) => product.options.every((_, index) => variant.options[index] === selection[index]));
}

/**
 * What is chosen when the page opens, as Shopify themes do: the variant named
 * by `?variant=`; else the first variant that can be bought; else the first
 * (so a sold-out product says so). 'Make a selection' is left for a choice of
 * options the product does not sell.
 */
export function initialSelection(product: Pick<ProductJson, "variants" | "options">, variantParam: string | null): OptionSelection {
  const requested = variantParam ? product.variants.find((variant) => String(variant.id) === variantParam) : undefined;
  const chosen = requested ?? product.variants.find((variant) => variant.available) ?? product.variants[0];
  return chosen ? selectionOf(product, chosen) : product.options.map(() => null);
}

export type OptionValueState = "available" | "sold-out" | "unavailable";

/** What choosing `value` for one option would give, keeping the other choices. */
export function optionValueState(product: Pick<ProductJson, "variants">, selection: OptionSelection, optionIndex: number, value: string): OptionValueState {
  const wanted = selection.map((chosen, index) => (index === optionIndex ? value : chosen));
  const matching = product.variants.filter((variant) => wanted.every((chosen, index) => chosen === null || variant.options[index] === chosen));
  if (!matching.length) return "unavailable";
  return matching.some((variant) => variant.available) ? "available" : "sold-out";
}

export type BuyButtonState = "add" | "sold-out" | "select";

/** 'make a selection' without a variant, 'sold out' when it is unavailable, else 'add to cart'. */
export function buyButtonState(variant: Pick<VariantJson, "available"> | undefined): BuyButtonState {
  if (!variant) return "select";
  return variant.available ? "add" : "sold-out";
}

type StockFields = Pick<VariantJson, "inventory_management" | "inventory_policy" | "inventory_quantity">;

/** Sold through while out of stock: the shop tracks stock, lets it oversell (policy continue) and has none left. */
export function isPreorder(variant: StockFields | undefined): boolean {
  return !!variant && variant.inventory_management === "shopify" && variant.inventory_policy === "continue" && variant.inventory_quantity <= 0;
}

/** At or below this many left, the page says how many are left. */
const LOW_STOCK_THRESHOLD = 5;

/** How many are left when that is few and the shop will not sell more; null otherwise. */
export function lowStockCount(variant: (StockFields & Pick<VariantJson, "available">) | undefined): number | null {
  if (!variant?.available || variant.inventory_management !== "shopify" || variant.inventory_policy !== "deny") return null;
  return variant.inventory_quantity > 0 && variant.inventory_quantity <= LOW_STOCK_THRESHOLD ? variant.inventory_quantity : null;
}

// --- Quantity -------------------------------------------------------------------------

export interface QuantitySettings {
  /** Highest choice when stock sets no lower one (15 by default). */
  defaultMax: number;
  /** No choice goes above this (50 by default). */
  cap: number;
  /** A merchant's maximum, overriding the rules below; null to use them. */
  configuredMax: number | null;
}

/** The hard cap on any quantity choice: 50. */
export const QUANTITY_CAP = 50;
export const DEFAULT_QUANTITY_SETTINGS: QuantitySettings = { defaultMax: 15, cap: QUANTITY_CAP, configuredMax: null };
const MIN_QUANTITY = 1;

export interface QuantityLimits {
  min: number;
  max: number;
}

/**
 * The quantities a shopper may choose: from 1 up to 15; up to the stock when
 * the platform manages it and never oversells (policy deny); a configured
 * maximum overrides both; never above the cap of 50, never below 1.
 */
export function quantityLimits(variant: StockFields | undefined, settings: QuantitySettings = DEFAULT_QUANTITY_SETTINGS): QuantityLimits {
  let max = settings.defaultMax;
  if (settings.configuredMax !== null && settings.configuredMax > 0) max = settings.configuredMax;
  else if (variant && variant.inventory_management === "shopify" && variant.inventory_policy === "deny") max = variant.inventory_quantity;
  return { min: MIN_QUANTITY, max: Math.max(MIN_QUANTITY, Math.min(settings.cap, Math.floor(max))) };
}

/** A typed or current quantity brought within the limits (the current selection is reduced to fit). */
export function clampQuantity(value: number, { min, max }: QuantityLimits): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

// --- Price per ml, tax, add-ons ----------------------------------------------------------

const MILLILITRES = /^(\d+(?:\.\d+)?)\s*ml$/i;

/**
 * The volume a price buys: the chosen variant's own "30 ml" option value,
 * else the product's `price_per_ml.amount_ml`; null when neither says.
 */
export function variantMillilitres(variant: Pick<VariantJson, "options"> | undefined, amountMl: unknown): number | null {
  if (!variant) return null;
  for (const value of variant.options) {
    const match = MILLILITRES.exec(value.trim());
    if (match) return Number(match[1]);
  }
  return typeof amountMl === "number" && Number.isFinite(amountMl) && amountMl > 0 ? amountMl : null;
}

/** The price of `unitMl` millilitres, minor units; null when it cannot be computed (the line is hidden). */
export function pricePerUnit(price: number, millilitres: number | null, unitMl: number): number | null {
  if (millilitres === null || !(millilitres > 0) || !Number.isFinite(price) || price < 0 || !(unitMl > 0)) return null;
  return Math.round((price * unitMl) / millilitres);
}

export interface TaxBreakdown {
  tax: number;
  total: number;
}

/**
 * The tax calculator: the tax at `percent` on an amount (minor units) and the
 * total with it; where prices include the tax (`included`), the tax the price
 * holds and the price itself as the total. Null (hidden) when no rate is chosen.
 */
export function taxBreakdown(amount: number, percent: number | null, included = false): TaxBreakdown | null {
  if (percent === null || !Number.isFinite(percent) || percent < 0) return null;
  if (included) return { tax: includedTax(amount, percent), total: amount };
  const tax = Math.round((amount * percent) / 100);
  return { tax, total: amount + tax };
}

/**
 * An extra (add-on) product goes in with the main product only when its
 * first variant may oversell, has at least `quantity` in stock, or has no
 * inventory management.
 */
export function addOnAddable(firstVariant: StockFields | undefined, quantity: number): boolean {
  if (!firstVariant) return false;
  return firstVariant.inventory_policy === "continue" || firstVariant.inventory_management === null || firstVariant.inventory_quantity >= quantity;
}

// --- Variant from the address hash --------------------------------------------------------

/**
 * Variant ids named by the address hash: `#variant=123` or `#variant=123,456`
 * (one per product of a preselected set), or a bare `#123`.
 */
export function variantIdsFromHash(hash: string): number[] {
  const text = decodeURIComponentSafe(hash.replace(/^#/, "")).trim();
  const list = /^variant=(.*)$/i.exec(text)?.[1] ?? (/^\d+$/.test(text) ? text : "");
  return list
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => /^\d{1,16}$/.test(entry))
    .map(Number);
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A product's variant in a set: the one the hash names, else the first available, else the first. */
export function setVariant<V extends { id: number; available: boolean }>(variants: readonly V[], requestedIds: readonly number[] = []): V | undefined {
  return variants.find((variant) => requestedIds.includes(variant.id)) ?? variants.find((variant) => variant.available) ?? variants[0];
}

// --- Discount link ----------------------------------------------------------------------

export interface DiscountLinkSettings {
  enabled: boolean;
  code: string | null;
  /** Minor units: the merchant's whole-unit threshold option times 100, converted by the settings schema. */
  threshold: number;
}

/**
 * Whether the theme should apply its discount code now (at load and after each
 * add): switched on, the cart total at least the threshold, and the code
 * not already applied to the cart.
 */
export function discountLinkDue(
  settings: DiscountLinkSettings | undefined,
  cart: { total_price: number; discount_codes: readonly { code: string; applicable: boolean }[] },
): settings is DiscountLinkSettings & { code: string } {
  if (!settings?.enabled || !settings.code) return false;
  const code = settings.code.toLowerCase();
  if (cart.discount_codes.some((applied) => applied.applicable && applied.code.toLowerCase() === code)) return false;
  return cart.total_price >= settings.threshold;
}
