/**
 * Collection pages with tag filters, facet counts, sort and paging, answered
 * from in-memory indexes instead of scanning the catalog:
 *
 * - per collection, built on first use and kept for the catalog revision: its
 *   listed products as ordinals in the collection's own order, the same as a
 *   bitset, each sort order as an ordinal array (sorted when first asked
 *   for), the tag handles its products carry, and its collection JSON;
 * - per tag handle, a bitset of the products carrying it (catalog-index.ts).
 *
 * A request ORs the bitsets of the values chosen within a group, ANDs the
 * groups with the collection, takes away the products carrying an excluded
 * value (one more bitset: the union of the excluded values), applies the
 * price range and stock state with their facets in one pass
 * (variant-filters.ts), counts every offered value against the other
 * groups' choices (so a count says what ticking that value would show), and
 * walks the chosen sort order only as far as the page it needs.
 */
import { type PriceRange, type StockFilter, filterSegment } from "../../core/catalog/collection-url.ts";
import type { Settings } from "../../core/settings/settings.ts";
import type { CollectionJson } from "../../core/contract/shopify-types.ts";
import type { CollectionSort, FilterGroup, FilterValue, PriceFacet, StockFacet } from "../../core/contract/storefront.ts";
import { type Bitset, andInto, andNotInto, bitsetOf, countAnd, hasBit, orInto } from "./bitset.ts";
import type { Catalog, CatalogCollection, CatalogProduct } from "./catalog.ts";
import { type CatalogIndex, availability, catalogIndex, exclusionBits, tagBits, titleCollator } from "./catalog-index.ts";
import { collectionJson } from "./product-json.ts";
import { isBrowsable } from "./recommendations.ts";
import { andVariantFilters, narrowByVariants, variantFilters } from "./variant-filters.ts";

export type FilterGroupSetting = Settings["collections"]["filterGroups"][number];

interface CollectionIndex {
  collection: CatalogCollection;
  json: CollectionJson;
  /** Listed products (browsable, or published for a hidden collection) in the collection's order. */
  listed: Int32Array;
  members: Bitset;
  /** Tag handles at least one listed product carries, sorted. */
  handles: string[];
  orders: Map<CollectionSort, Int32Array>;
  /** The values offered per filter group, per settings object. */
  offered: WeakMap<readonly FilterGroupSetting[], Map<string, OfferedValue[]>>;
}

const collectionIndexes = new WeakMap<Catalog, Map<string, CollectionIndex>>();

function collectionIndex(catalog: Catalog, index: CatalogIndex, collection: CatalogCollection): CollectionIndex {
  let byHandle = collectionIndexes.get(catalog);
  if (!byHandle) collectionIndexes.set(catalog, (byHandle = new Map()));
  let entry = byHandle.get(collection.handle);
  if (entry) return entry;
  const listed: number[] = [];
  for (const id of collection.productIds) {
    const ordinal = index.ordinalOf.get(id);
    const product = ordinal === undefined ? undefined : index.products[ordinal];
    if (ordinal !== undefined && product && (collection.hidden ? product.published : isBrowsable(product))) listed.push(ordinal);
  }
  const members = bitsetOf(index.size, listed);
  const handles = [...index.tagPostings.keys()].filter((handle) => countAnd(members, tagBits(index, handle)) > 0).sort();
  entry = { collection, json: collectionJson(collection, catalog), listed: Int32Array.from(listed), members, handles, orders: new Map(), offered: new WeakMap() };
  byHandle.set(collection.handle, entry);
  return entry;
}

/** A collection's JSON (its product count and image), computed once per catalog revision. */
export function cachedCollectionJson(catalog: Catalog, collection: CatalogCollection): CollectionJson {
  return collectionIndex(catalog, catalogIndex(catalog), collection).json;
}

/** The listed products in `sort` order; ties keep the collection's own order. */
function orderOf(entry: CollectionIndex, index: CatalogIndex, sort: CollectionSort): Int32Array {
  if (sort === "manual") return entry.listed;
  let order = entry.orders.get(sort);
  if (order) return order;
  const compare = comparators[sort](index);
  order = Int32Array.from([...entry.listed].sort(compare));
  entry.orders.set(sort, order);
  return order;
}

const comparators: Record<Exclude<CollectionSort, "manual">, (index: CatalogIndex) => (a: number, b: number) => number> = {
  "best-selling": ({ reviews }) => (a, b) => reviews[b]! - reviews[a]!,
  "title-ascending": ({ titleRank }) => (a, b) => titleRank[a]! - titleRank[b]!,
  "title-descending": ({ titleRank }) => (a, b) => titleRank[b]! - titleRank[a]!,
  "price-ascending": ({ minPrice }) => (a, b) => minPrice[a]! - minPrice[b]!,
  "price-descending": ({ minPrice }) => (a, b) => minPrice[b]! - minPrice[a]!,
  "created-descending": ({ created }) => (a, b) => created[b]! - created[a]!,
};

export interface CollectionQuery {
  /** Tag handles or tags; normalised to canonical handles. */
  filters?: readonly string[];
  /** Tag handles or tags whose products are left out ("without retinol"). Wins over the same value in `filters`. */
  excluded?: readonly string[];
  /** Only products with a variant priced within the range, minor units of the catalog's currency. */
  price?: PriceRange | null;
  /** In stock (1) or out of stock (0); both or neither is no filter. */
  availability?: readonly StockFilter[];
  sort?: CollectionSort;
  page?: number;
  perPage?: number;
  /** Leave out the facet counts (the products.json list does not show them). */
  facets?: boolean;
}

export interface FilteredCollection {
  collection: CatalogCollection;
  json: CollectionJson;
  products: CatalogProduct[];
  total: number;
  page: number;
  pageCount: number;
  perPage: number;
  sort: CollectionSort;
  filters: FilterGroup[];
  activeFilters: string[];
  /** The tag handles left out, canonical. */
  excludedFilters: string[];
  price: PriceFacet;
  availability: StockFacet[];
}

/** The group a tag handle is offered in: the first group whose prefix one of its tags starts with (`skin-type:`). */
function groupOf(index: CatalogIndex, handle: string, groups: readonly FilterGroupSetting[]): FilterGroupSetting | undefined {
  const tags = index.tagsOfHandle.get(handle);
  if (!tags) {
    // No product carries it: group it by the handle's own prefix, so it still shows as chosen in its group.
    return groups.find((group) => handle.startsWith(`${group.prefix}-`));
  }
  return groups.find((group) => tags.some((tag) => tag.toLowerCase().startsWith(`${group.prefix}:`)));
}

/** `skin-type:dry` -> `Dry`, `ingredient:vitamin-c` -> `Vitamin C`, `size:30ml` -> `30ml`. */
export function filterValueLabel(tag: string, prefix: string): string {
  const value = tag.slice(prefix.length + 1).trim();
  return value
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

/**
 * One page of a collection with filters applied. Values within one filter
 * group are OR (dry or oily skin), groups are AND (and concern acne); a tag
 * outside every group (`bestseller`) is a group of its own. A handle no
 * product carries gives an empty page. Sold-out products come after the
 * available ones in every order. Null when the collection does not exist.
 */
export function filterCollection(catalog: Catalog, handle: string, query: CollectionQuery, groups: readonly FilterGroupSetting[]): FilteredCollection | null {
  const collection = catalog.collections.get(handle);
  if (!collection) return null;
  const index = catalogIndex(catalog);
  const entry = collectionIndex(catalog, index, collection);
  const sort = query.sort ?? "manual";
  const perPage = Math.min(250, Math.max(1, Math.trunc(query.perPage ?? 24) || 24));
  const excludedFilters = filterSegment(query.excluded ?? []).split("+").filter(Boolean);
  const excludedSet = new Set(excludedFilters);
  const activeFilters = filterSegment(query.filters ?? []).split("+").filter((handle) => handle && !excludedSet.has(handle));
  // Products carrying any excluded value, or whose INCI list contains an excluded key ingredient; a value no product has leaves nothing out.
  const left = bitsetOf(index.size);
  for (const value of excludedFilters) orInto(left, exclusionBits(index, value));

  // One clause per group with chosen values (their union, or for an all-of group such as "Free from" their intersection); a clause per ungrouped tag.
  const clauses = new Map<string, Bitset>();
  let unknown = false;
  for (const value of activeFilters) {
    if (!index.tagPostings.has(value)) unknown = true;
    const group = groupOf(index, value, groups);
    const key = group?.prefix ?? `tag:${value}`;
    const clause = clauses.get(key);
    if (clause && group?.match === "all") andInto(clause, tagBits(index, value));
    else if (clause) orInto(clause, tagBits(index, value));
    else clauses.set(key, orInto(bitsetOf(index.size), tagBits(index, value)));
  }
  // Shopify's variant filters are two more groups: a price range, and in stock or out of stock (both ticked is everything).
  const variants = variantFilters(index, catalog, query.price, query.availability);
  /** The collection within every tag clause but `except`'s, before the variant filters. */
  const tagged = (except?: string): Bitset => {
    const bits = bitsetOf(index.size);
    if (unknown) return bits;
    bits.set(entry.members);
    andNotInto(bits, left);
    for (const [key, clause] of clauses) if (key !== except) andInto(bits, clause);
    return bits;
  };
  // The match, the highest price and the stock counts in one pass over the tagged set.
  const narrowed = narrowByVariants(index, catalog, tagged(), variants);
  const match = narrowed.match;
  const matching = (except: string): Bitset => andVariantFilters(tagged(except), variants);

  const total = narrowed.total;
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(pageCount, Math.max(1, Math.trunc(query.page ?? 1) || 1));
  const available = availability(index, catalog);
  const ordinals = pageOf(orderOf(entry, index, sort), match, available, countAnd(match, available), (page - 1) * perPage, perPage);

  return {
    collection,
    json: entry.json,
    products: ordinals.map((ordinal) => index.shown(ordinal)),
    total,
    page,
    pageCount,
    perPage,
    sort,
    filters: query.facets === false ? [] : facets(index, entry, groups, activeFilters, excludedFilters, clauses, match, total, matching),
    activeFilters,
    excludedFilters,
    price: query.facets === false ? { ...narrowed.price, highest: 0 } : narrowed.price,
    availability: query.facets === false ? [] : narrowed.availability,
  };
}

/**
 * Ordinals `offset … offset+limit` of `order` restricted to `match`, the
 * available ones first. Walks the order only as far as the page needs.
 */
function pageOf(order: Int32Array, match: Bitset, available: Bitset, availableCount: number, offset: number, limit: number): number[] {
  const out: number[] = [];
  const walk = (wantAvailable: boolean, skip: number) => {
    let seen = 0;
    for (let i = 0; i < order.length && out.length < limit; i++) {
      const ordinal = order[i]!;
      if (!hasBit(match, ordinal) || hasBit(available, ordinal) !== wantAvailable) continue;
      if (seen++ >= skip) out.push(ordinal);
    }
  };
  if (offset < availableCount) walk(true, offset);
  if (out.length < limit) walk(false, Math.max(0, offset - availableCount));
  return out;
}

interface OfferedValue {
  handle: string;
  tag: string;
  label: string;
}

const byLabel = (a: OfferedValue, b: OfferedValue) => titleCollator.compare(a.label, b.label) || a.handle.localeCompare(b.handle);

function offeredValue(index: CatalogIndex, handle: string, group: FilterGroupSetting): OfferedValue {
  const tag =
    index.tagsOfHandle.get(handle)?.find((candidate) => candidate.toLowerCase().startsWith(`${group.prefix}:`)) ??
    `${group.prefix}:${handle.slice(group.prefix.length + 1)}`;
  return { handle, tag, label: filterValueLabel(tag, group.prefix) };
}

/** The values each group offers in a collection, sorted by label: fixed for the catalog revision and the settings. */
function offeredValues(index: CatalogIndex, entry: CollectionIndex, groups: readonly FilterGroupSetting[]): Map<string, OfferedValue[]> {
  let offered = entry.offered.get(groups);
  if (offered) return offered;
  offered = new Map(groups.map((group) => [group.prefix, []]));
  for (const handle of entry.handles) {
    const group = groupOf(index, handle, groups);
    if (group) offered.get(group.prefix)?.push(offeredValue(index, handle, group));
  }
  for (const values of offered.values()) values.sort(byLabel);
  entry.offered.set(groups, offered);
  return offered;
}

function facets(
  index: CatalogIndex,
  entry: CollectionIndex,
  groups: readonly FilterGroupSetting[],
  active: readonly string[],
  excluded: readonly string[],
  clauses: Map<string, Bitset>,
  match: Bitset,
  total: number,
  matching: (except: string) => Bitset,
): FilterGroup[] {
  const activeSet = new Set(active);
  const excludedSet = new Set(excluded);
  const offered = offeredValues(index, entry, groups);
  // A chosen value the collection does not carry is still listed, so the shopper can untick it.
  const extra = new Map<string, OfferedValue[]>();
  for (const handle of [...active, ...excluded]) {
    const group = groupOf(index, handle, groups);
    if (!group || offered.get(group.prefix)?.some((value) => value.handle === handle) || extra.get(group.prefix)?.some((value) => value.handle === handle)) continue;
    extra.set(group.prefix, [...(extra.get(group.prefix) ?? []), offeredValue(index, handle, group)]);
  }
  return groups.map((group) => {
    // Counts for an any-of group ignore the group's own choices: ticking one more value widens, never narrows. In an all-of group it narrows.
    const base = clauses.has(group.prefix) && group.match !== "all" ? matching(group.prefix) : match;
    const own = offered.get(group.prefix) ?? [];
    const added = extra.get(group.prefix);
    const values: FilterValue[] = (added ? [...own, ...added].sort(byLabel) : own).map(({ handle, tag, label }) => ({
      label,
      value: handle,
      tag,
      count: countAnd(base, tagBits(index, handle)),
      active: activeSet.has(handle),
      // Leaving a value out keeps the current result without its products (an excluded value's are gone already).
      excludedCount: total - countAnd(match, exclusionBits(index, handle)),
      excluded: excludedSet.has(handle),
    }));
    return { prefix: group.prefix, label: group.label, exclude: group.exclude === true, values };
  });
}
