/**
 * The collection comparison table (page-components: "a collection comparison
 * table"): chosen products of a collection side by side, one row per chosen
 * attribute. Pure: the address is parsed here and the rows are built from
 * the products and the collection's filter groups, so the table reads the
 * same words the filters use.
 */
import { cardCompareAt } from "../../../core/catalog/product-card.ts";
import type { ProductJson, ProductViewJson } from "../../../core/contract/shopify-types.ts";
import type { FilterGroup } from "../../../core/contract/storefront.ts";

/** Products side by side at most; more would not fit a phone or a reader's memory. */
export const COMPARE_MAX_PRODUCTS = 4;
/** Fewer than two leaves nothing to compare; the first products of the collection fill in. */
export const COMPARE_MIN_PRODUCTS = 2;

/** The attributes every product has, before the collection's filter groups. */
export const BASE_ATTRIBUTES = [
  { key: "price", label: "Price" },
  { key: "rating", label: "Rating" },
  { key: "type", label: "Product type" },
  { key: "availability", label: "Availability" },
] as const;

export interface CompareAttribute {
  key: string;
  label: string;
}

export type CompareCell =
  | { kind: "price"; price: number; compareAtPrice: number | null; from: boolean }
  | { kind: "rating"; rating: number; count: number }
  | { kind: "text"; values: string[] }
  | { kind: "availability"; available: boolean };

export interface CompareRow {
  attribute: CompareAttribute;
  cells: CompareCell[];
  /** True when every product has the same value: a shopper may want to hide such rows. */
  same: boolean;
}

export interface CompareSelection {
  /** Product handles in the shopper's order, unique, at most COMPARE_MAX_PRODUCTS. */
  products: string[];
  /** Attribute keys to show; null means all. */
  attributes: string[] | null;
  /** True when the shopper asked for more products than the table takes. */
  truncated: boolean;
}

const HANDLE = /^[a-z0-9][a-z0-9-]{0,99}$/;
const listOf = (params: URLSearchParams, name: string) =>
  params
    .getAll(name)
    .flatMap((value) => value.split(","))
    .map((value) => value.trim().toLowerCase())
    .filter(Boolean);

/** Reads `?products=a,b&attributes=price,rating` (repeated parameters, as a form sends them, work too). */
export function parseCompareSelection(params: URLSearchParams): CompareSelection {
  const products = [...new Set(listOf(params, "products").filter((handle) => HANDLE.test(handle)))];
  const attributes = params.has("attributes") ? [...new Set(listOf(params, "attributes").filter((key) => HANDLE.test(key)))] : null;
  return { products: products.slice(0, COMPARE_MAX_PRODUCTS), attributes, truncated: products.length > COMPARE_MAX_PRODUCTS };
}

/** The attributes the table offers: the base ones, then each filter group of the collection that has values. */
export function compareAttributes(groups: readonly FilterGroup[]): CompareAttribute[] {
  return [...BASE_ATTRIBUTES, ...groups.filter((group) => group.values.length > 0).map((group) => ({ key: group.prefix, label: group.label }))];
}

function cellOf(key: string, view: ProductViewJson, labels: Map<string, string>, prefixes: Set<string>): CompareCell {
  const product: ProductJson = view.product;
  switch (key) {
    case "price": {
      return { kind: "price", price: product.price_min, compareAtPrice: cardCompareAt(product), from: product.price_varies };
    }
    case "rating": {
      const reviews = view.metafields.reviews as { rating?: unknown; count?: unknown } | undefined;
      const rating = typeof reviews?.rating === "number" ? Math.min(5, Math.max(0, reviews.rating)) : 0;
      const count = typeof reviews?.count === "number" ? reviews.count : 0;
      return { kind: "rating", rating, count };
    }
    case "type":
      return { kind: "text", values: product.type ? [product.type] : [] };
    case "availability":
      return { kind: "availability", available: product.available };
    default: {
      if (!prefixes.has(key)) return { kind: "text", values: [] };
      const values = product.tags.filter((tag) => tag.startsWith(`${key}:`)).map((tag) => labels.get(tag) ?? tag.slice(key.length + 1));
      return { kind: "text", values };
    }
  }
}

const cellKey = (cell: CompareCell) => JSON.stringify(cell.kind === "text" ? [...cell.values].sort() : cell);

/** One row per chosen attribute (in the offered order), one cell per product. */
export function compareRows(products: readonly ProductViewJson[], groups: readonly FilterGroup[], chosen: readonly string[] | null): CompareRow[] {
  const labels = new Map(groups.flatMap((group) => group.values.map((value) => [value.tag, value.label] as const)));
  const prefixes = new Set(groups.map((group) => group.prefix));
  return compareAttributes(groups)
    .filter((attribute) => chosen === null || chosen.includes(attribute.key))
    .map((attribute) => {
      const cells = products.map((view) => cellOf(attribute.key, view, labels, prefixes));
      const first = cells[0] ? cellKey(cells[0]) : "";
      return { attribute, cells, same: cells.length > 1 && cells.every((cell) => cellKey(cell) === first) };
    });
}

/**
 * The shopper's picks for the comparison, in the order they were made: a
 * tick adds a handle (unless the table is full), an untick removes it.
 */
export function toggleCompareSelection(selected: readonly string[], handle: string, on: boolean): string[] {
  const without = selected.filter((item) => item !== handle);
  if (!on) return without;
  return without.length >= COMPARE_MAX_PRODUCTS ? [...selected] : [...without, handle];
}

/** The comparison page's address for chosen products of a collection. */
export function compareUrl(collectionHandle: string, products: readonly string[]): string {
  const base = `/collections/${encodeURIComponent(collectionHandle)}/compare`;
  return products.length ? `${base}?${new URLSearchParams({ products: products.join(",") }).toString()}` : base;
}
