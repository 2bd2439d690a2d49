/**
 * Shopify's variant filters, one rule for collections and search: a price
 * range (`filter.v.price.gte|lte`, a product matches when one of its variants
 * is priced within it) and a stock state (`filter.v.availability=1|0`; both
 * or neither is no filter). Each is a clause bitset kept in the catalog index
 * (ranges per catalog revision, stock per inventory revision), and what the
 * form shows beside them (the highest price the other filters leave, what
 * ticking "In stock" or "Out of stock" would show) is counted in the same
 * walk over the words of the result that ANDs the clauses in.
 */
import type { PriceRange, StockFilter } from "../../core/catalog/collection-url.ts";
import type { PriceFacet, StockFacet } from "../../core/contract/storefront.ts";
import { type Bitset, bitsetOf, hasBit, popcount32 } from "./bitset.ts";
import type { Catalog } from "./catalog.ts";
import { type CatalogIndex, availability, priceBits, stockBits } from "./catalog-index.ts";

export interface VariantFilters {
  /** The range asked for, or null when it has no bound. */
  range: PriceRange | null;
  /** The stock states asked for, each once, in the order asked. */
  states: StockFilter[];
  /** Products with a variant in the range; null without a range. Shared: never written to. */
  price: Bitset | null;
  /** Products in the one stock state asked for; null for both or neither. Shared: never written to. */
  stock: Bitset | null;
}

/** The clauses of a price range and stock states, from the index's kept bitsets. */
export function variantFilters(index: CatalogIndex, catalog: Catalog, price: PriceRange | null | undefined, stock: readonly StockFilter[] | undefined): VariantFilters {
  const range = price && (price.gte !== null || price.lte !== null) ? price : null;
  const states = [...new Set(stock ?? [])];
  return {
    range,
    states,
    price: range ? priceBits(index, range.gte, range.lte) : null,
    stock: states.length === 1 ? stockBits(index, catalog, states[0]!) : null,
  };
}

/** Whether the filters leave anything out. */
export function filtersAnything(filters: VariantFilters): boolean {
  return filters.price !== null || filters.stock !== null;
}

/** `bits` ∩= the price and stock clauses, in place. */
export function andVariantFilters(bits: Bitset, filters: VariantFilters): Bitset {
  const { price, stock } = filters;
  if (!price && !stock) return bits;
  for (let i = 0; i < bits.length; i++) bits[i]! &= (price ? price[i]! : ~0) & (stock ? stock[i]! : ~0);
  return bits;
}

export interface VariantNarrowing {
  /** `base` within both clauses. */
  match: Bitset;
  /** How many products `match` holds. */
  total: number;
  /** The price facet: the range asked for and the highest price among `base` within the stock clause. */
  price: PriceFacet;
  /** In stock and out of stock, each counted among `base` within the price range. */
  availability: StockFacet[];
}

/**
 * `base` (the result before the variant filters) narrowed by them, with
 * their facets, in one walk over its words: each word ANDed with the price
 * and stock clauses gives the match, within the range alone the stock
 * counts, within the stock state alone the set whose dearest product names
 * the highest price (found by walking products dearest first).
 */
export function narrowByVariants(index: CatalogIndex, catalog: Catalog, base: Bitset, filters: VariantFilters): VariantNarrowing {
  const available = availability(index, catalog);
  const { price, stock } = filters;
  const match = bitsetOf(index.size);
  const priced = bitsetOf(index.size);
  let total = 0;
  let inRange = 0;
  let inRangeInStock = 0;
  let pricedCount = 0;
  for (let i = 0; i < base.length; i++) {
    const word = base[i]!;
    if (word === 0) continue;
    const withinRange = price ? word & price[i]! : word;
    const withinStock = stock ? word & stock[i]! : word;
    const both = withinRange & (stock ? stock[i]! : ~0);
    match[i] = both;
    priced[i] = withinStock;
    total += popcount32(both);
    inRange += popcount32(withinRange);
    inRangeInStock += popcount32(withinRange & available[i]!);
    pricedCount += popcount32(withinStock);
  }
  return {
    match,
    total,
    price: { gte: filters.range?.gte ?? null, lte: filters.range?.lte ?? null, highest: pricedCount === 0 ? 0 : highestPrice(index, priced) },
    availability: [
      { value: 1, count: inRangeInStock, active: filters.states.includes(1) },
      { value: 0, count: inRange - inRangeInStock, active: filters.states.includes(0) },
    ],
  };
}

/** The highest variant price among `products` (not empty): the products walked dearest first to the first that belongs. */
function highestPrice(index: CatalogIndex, products: Bitset): number {
  for (const ordinal of index.byMaxPrice) if (hasBit(products, ordinal)) return index.maxPrice[ordinal]!;
  return 0;
}
