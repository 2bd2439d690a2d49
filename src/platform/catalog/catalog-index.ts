/**
 * Lookup structures built once per catalog revision and shared by collection
 * filtering and search: every product gets a dense ordinal (0…n-1), and what
 * requests sort and filter by is kept in typed arrays by ordinal.
 *
 * The catalog object is replaced whenever its revision moves, so the index is
 * hung off it in a WeakMap and dies with it. Stock is the exception: the
 * store updates variant quantities in place and bumps `inventoryRevision`, so
 * availability is recomputed when that number differs.
 */
import { tagHandle } from "../../core/catalog/collection-url.ts";
import { freeFromTags, inciListOf } from "../../core/catalog/inci.ts";
import { keyIngredientTags } from "../../core/catalog/key-ingredients.ts";
import { type Bitset, bitsetOf, orInto, setBit } from "./bitset.ts";
import { type Catalog, type CatalogProduct, type CatalogVariant, type SiteView, isVariantAvailable } from "./catalog.ts";

export interface CatalogIndex {
  size: number;
  /** Products by ordinal, in id order; on a site's catalogue the base's, for what does not change by site (stock, tags, publishing). */
  products: CatalogProduct[];
  /** The catalogue's own product at an ordinal (a site's prices and words); `keep` as in `SiteView.product`. */
  shown: (ordinal: number, keep?: boolean) => CatalogProduct;
  ordinalOf: Map<number, number>;
  /** Lowest variant price, minor units. */
  minPrice: Float64Array;
  /** Every variant's price (minor units) in ascending order, and the ordinal of the product each belongs to: a price range is a slice. */
  variantPrices: Float64Array;
  variantOwners: Int32Array;
  /** Highest variant price per product (minor units), and the ordinals by it, dearest first: the highest price of a set is its first member met. */
  maxPrice: Float64Array;
  byMaxPrice: Int32Array;
  /** Bitsets of the price ranges asked for, by `gte:lte`; the oldest goes past `PRICE_RANGES_KEPT`. */
  priceCache: Map<string, Bitset>;
  /** Review count (the shop's stand-in for sales). */
  reviews: Float64Array;
  /** Creation time, epoch ms. */
  created: Float64Array;
  /** Position in title order (accent- and case-insensitive, numbers in numeric order); equal titles share a rank. */
  titleRank: Int32Array;
  /** Position in "most popular first" order: bestseller tag, then reviews, then title, then id. Unique. */
  popularityRank: Int32Array;
  /** Ordinals in that order: `byPopularity[popularityRank[o]] === o`. */
  byPopularity: Int32Array;
  /** Sorted ordinals of the products carrying each tag handle. */
  tagPostings: Map<string, Int32Array>;
  /**
   * Sorted ordinals of the products containing each key ingredient by their
   * INCI list (`ingredient-retinol`: Retinol, Retinyl Palmitate …), whether
   * or not they carry its tag. Leaving a value out goes by these and the tag.
   */
  inciPostings: Map<string, Int32Array>;
  /** Bitsets of what leaving a handle out takes away (its tag or its INCI names), built on first use. */
  exclusionCache: Map<string, Bitset>;
  /** The tags behind each handle (usually one). */
  tagsOfHandle: Map<string, string[]>;
  /** The products that can be bought now, and those that cannot (its complement); see `availability()`. */
  available: Bitset;
  soldOut: Bitset;
  availableRevision: number;
  /** Bitsets of the tag handles asked for so far; only known handles are kept. */
  bitsCache: Map<string, Bitset>;
  /** The empty set, for handles no product carries. Never written to. */
  none: Bitset;
}

const indexes = new WeakMap<Catalog, CatalogIndex>();

export const titleCollator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

export function reviewCount(product: CatalogProduct): number {
  return (product.metafields.custom.reviews as { count?: number } | undefined)?.count ?? 0;
}

export function lowestPrice(product: CatalogProduct): number {
  let lowest = Number.POSITIVE_INFINITY;
  for (const variant of product.variants) if (variant.price < lowest) lowest = variant.price;
  return Number.isFinite(lowest) ? lowest : 0;
}

/** The shared index of `catalog`, built on first use (a site's from its base's). */
export function catalogIndex(catalog: Catalog): CatalogIndex {
  let index = indexes.get(catalog);
  if (!index) {
    index = catalog.site ? siteIndex(catalogIndex(catalog.site.base), catalog.site, catalog) : buildCatalogIndex(catalog);
    indexes.set(catalog, index);
  }
  return index;
}

// Made outside the index builders, so that they hold only what they read, not the builders' working lists.
const shownFrom = (products: readonly CatalogProduct[]) => (ordinal: number) => products[ordinal]!;
const shownOnSite = (products: readonly CatalogProduct[], site: SiteView) => (ordinal: number, keep = true) => site.product(products[ordinal]!, keep);

/** What sorting by price reads, from each variant's price as `priceOf` gives it. */
function priceParts(products: readonly CatalogProduct[], priceOf: (variant: CatalogVariant) => number): Pick<CatalogIndex, "minPrice" | "maxPrice" | "variantPrices" | "variantOwners" | "byMaxPrice"> {
  const minPrice = new Float64Array(products.length);
  const maxPrice = new Float64Array(products.length);
  products.forEach((product, ordinal) => {
    let lowest = Number.POSITIVE_INFINITY;
    for (const variant of product.variants) {
      const price = priceOf(variant);
      if (price < lowest) lowest = price;
      if (price > maxPrice[ordinal]!) maxPrice[ordinal] = price;
    }
    minPrice[ordinal] = Number.isFinite(lowest) ? lowest : 0;
  });
  // Every variant's price and owner in typed arrays, sorted through a permutation: no small array per variant.
  const prices = new Float64Array(products.reduce((total, product) => total + product.variants.length, 0));
  const owners = new Int32Array(prices.length);
  let row = 0;
  products.forEach((product, ordinal) => {
    for (const variant of product.variants) {
      prices[row] = priceOf(variant);
      owners[row++] = ordinal;
    }
  });
  const order = Int32Array.from(prices.keys()).sort((a, b) => prices[a]! - prices[b]! || owners[a]! - owners[b]!);
  return {
    minPrice,
    maxPrice,
    variantPrices: Float64Array.from(order, (at) => prices[at]!),
    variantOwners: Int32Array.from(order, (at) => owners[at]!),
    byMaxPrice: Int32Array.from(products.keys()).sort((a, b) => maxPrice[b]! - maxPrice[a]! || a - b),
  };
}

/** The orders by title and by popularity (bestseller tag, then reviews, then title, then id), from each product's title as `titleOf` gives it. */
function rankParts(products: readonly CatalogProduct[], titleOf: (product: CatalogProduct) => string, bestseller: Uint8Array, reviews: Float64Array): Pick<CatalogIndex, "titleRank" | "popularityRank" | "byPopularity"> {
  const size = products.length;
  const titles = products.map(titleOf);
  const byTitle = products.map((_, ordinal) => ordinal).sort((a, b) => titleCollator.compare(titles[a]!, titles[b]!) || a - b);
  const titleRank = new Int32Array(size);
  byTitle.forEach((ordinal, position) => {
    const previous = byTitle[position - 1];
    titleRank[ordinal] = previous !== undefined && titleCollator.compare(titles[previous]!, titles[ordinal]!) === 0 ? titleRank[previous]! : position;
  });
  const byPopularity = products
    .map((_, ordinal) => ordinal)
    .sort((a, b) => bestseller[b]! - bestseller[a]! || reviews[b]! - reviews[a]! || titleRank[a]! - titleRank[b]! || products[a]!.id - products[b]!.id);
  const popularityRank = new Int32Array(size);
  byPopularity.forEach((ordinal, position) => {
    popularityRank[ordinal] = position;
  });
  return { titleRank, popularityRank, byPopularity: Int32Array.from(byPopularity) };
}

/**
 * A site's index from its base's: the same products, ordinals, tags and
 * reviews (and the same tag bitsets); its own prices, its own title order
 * when its words are its own, and its own products shown.
 */
function siteIndex(base: CatalogIndex, site: SiteView, catalog: Catalog): CatalogIndex {
  const { products, size } = base;
  const bestseller = new Uint8Array(size);
  for (const ordinal of base.tagPostings.get("bestseller") ?? []) bestseller[ordinal] = 1;
  const index: CatalogIndex = {
    ...base,
    shown: shownOnSite(products, site),
    ...priceParts(products, site.price),
    priceCache: new Map(),
    ...(site.translated ? rankParts(products, site.title, bestseller, base.reviews) : {}),
    available: bitsetOf(size),
    soldOut: bitsetOf(size),
    availableRevision: Number.NaN,
  };
  availability(index, catalog);
  return index;
}

function buildCatalogIndex(catalog: Catalog): CatalogIndex {
  const products = [...catalog.products.values()].sort((a, b) => a.id - b.id);
  const size = products.length;
  const ordinalOf = new Map<number, number>();
  const reviews = new Float64Array(size);
  const created = new Float64Array(size);
  const postings = new Map<string, number[]>();
  const inciPostings = new Map<string, number[]>();
  const tagsOfHandle = new Map<string, string[]>();
  // Tags repeat across products: handleize each distinct one once.
  const handles = new Map<string, string>();
  const handleOf = (tag: string) => {
    let handle = handles.get(tag);
    if (handle === undefined) handles.set(tag, (handle = tagHandle(tag)));
    return handle;
  };
  const bestseller = new Uint8Array(size);
  products.forEach((product, ordinal) => {
    ordinalOf.set(product.id, ordinal);
    reviews[ordinal] = reviewCount(product);
    created[ordinal] = Date.parse(product.createdAt);
    const inci = inciListOf(product.metafields.custom);
    for (const tag of keyIngredientTags(inci)) {
      const handle = handleOf(tag);
      let list = inciPostings.get(handle);
      if (!list) inciPostings.set(handle, (list = []));
      list.push(ordinal);
    }
    // What the INCI list is free from is indexed as tags (`free-from:fragrance`), so its filter group works like every other.
    for (const tag of [...product.tags, ...freeFromTags(inci)]) {
      const handle = handleOf(tag);
      if (!handle) continue;
      if (handle === "bestseller") bestseller[ordinal] = 1;
      let list = postings.get(handle);
      if (!list) postings.set(handle, (list = []));
      // Two tags of one product may share a handle; ordinals arrive in order, so a repeat is the last one.
      if (list[list.length - 1] !== ordinal) list.push(ordinal);
      const tags = tagsOfHandle.get(handle);
      if (!tags) tagsOfHandle.set(handle, [tag]);
      else if (!tags.includes(tag)) tags.push(tag);
    }
  });

  const index: CatalogIndex = {
    size,
    products,
    shown: shownFrom(products),
    ordinalOf,
    ...priceParts(products, (variant) => variant.price),
    priceCache: new Map(),
    reviews,
    created,
    ...rankParts(products, (product) => product.title, bestseller, reviews),
    tagPostings: new Map([...postings].map(([handle, list]) => [handle, Int32Array.from(list)])),
    inciPostings: new Map([...inciPostings].map(([handle, list]) => [handle, Int32Array.from(list)])),
    exclusionCache: new Map(),
    tagsOfHandle,
    available: bitsetOf(size),
    soldOut: bitsetOf(size),
    availableRevision: Number.NaN,
    bitsCache: new Map(),
    none: bitsetOf(size),
  };
  availability(index, catalog);
  return index;
}

/** Which products can be bought, recomputed when stock moved since the last call. Callers must not write to the answer. */
export function availability(index: CatalogIndex, catalog: Catalog): Bitset {
  if (index.availableRevision === catalog.inventoryRevision) return index.available;
  const bits = bitsetOf(index.size);
  const soldOut = bitsetOf(index.size);
  index.products.forEach((product, ordinal) => {
    setBit(product.variants.some(isVariantAvailable) ? bits : soldOut, ordinal);
  });
  index.available = bits;
  index.soldOut = soldOut;
  index.availableRevision = catalog.inventoryRevision;
  return bits;
}

/** The products in one stock state (1 in stock, 0 sold out), kept with `availability()`. Callers must not write to the answer. */
export function stockBits(index: CatalogIndex, catalog: Catalog, state: 0 | 1): Bitset {
  const available = availability(index, catalog);
  return state === 1 ? available : index.soldOut;
}

/**
 * The products carrying a tag handle, as a bitset (built on first use, then
 * kept). An unknown handle is the shared empty set, so made-up handles in
 * URLs cannot grow the cache. Callers must not write to the answer.
 */
export function tagBits(index: CatalogIndex, handle: string): Bitset {
  let bits = index.bitsCache.get(handle);
  if (!bits) {
    const postings = index.tagPostings.get(handle);
    if (!postings) return index.none;
    bits = bitsetOf(index.size, postings);
    index.bitsCache.set(handle, bits);
  }
  return bits;
}

/**
 * The products leaving a handle out takes away: those carrying its tag, and
 * for a key ingredient those whose INCI list contains it under any of its
 * names (built on first use, then kept). A handle neither knows is the shared
 * empty set. Callers must not write to the answer.
 */
export function exclusionBits(index: CatalogIndex, handle: string): Bitset {
  const inci = index.inciPostings.get(handle);
  if (!inci) return tagBits(index, handle);
  let bits = index.exclusionCache.get(handle);
  if (!bits) {
    bits = orInto(bitsetOf(index.size, inci), tagBits(index, handle));
    index.exclusionCache.set(handle, bits);
  }
  return bits;
}

/** The first position in the ascending `prices` holding at least `price`. */
function firstAtLeast(prices: Float64Array, price: number): number {
  let low = 0;
  let high = prices.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (prices[middle]! < price) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Price ranges kept per catalog revision: a shop's forms ask for a few, and made-up ones cannot grow memory past this. */
export const PRICE_RANGES_KEPT = 64;

/**
 * The products with a variant priced within `gte … lte` (minor units, either
 * bound may be null), as Shopify's price filter: two binary searches over the
 * sorted variant prices, then the slice's owners. Kept per range for the
 * catalog revision (prices live in the catalog, so a new price is a new
 * index); callers must not write to the answer.
 */
export function priceBits(index: CatalogIndex, gte: number | null, lte: number | null): Bitset {
  const key = `${gte ?? ""}:${lte ?? ""}`;
  const kept = index.priceCache.get(key);
  if (kept) {
    // Most recently used last, so the oldest is the one to go.
    index.priceCache.delete(key);
    index.priceCache.set(key, kept);
    return kept;
  }
  const from = gte === null ? 0 : firstAtLeast(index.variantPrices, gte);
  const to = lte === null ? index.variantPrices.length : firstAtLeast(index.variantPrices, lte + 1);
  const bits = bitsetOf(index.size);
  for (let i = from; i < to; i++) setBit(bits, index.variantOwners[i]!);
  if (index.priceCache.size >= PRICE_RANGES_KEPT) index.priceCache.delete(index.priceCache.keys().next().value!);
  index.priceCache.set(key, bits);
  return bits;
}
