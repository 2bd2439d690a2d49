/**
 * Addresses of collection pages with filters, sort and paging, as Shopify
 * writes them:
 *
 *   /collections/face                                                the collection
 *   /collections/face?filter.p.m.custom.skin_type=dry                filtered (Shopify's filter parameters)
 *   /collections/face?filter.p.m.custom.key_ingredients.not=retinol  without a key ingredient
 *   /collections/face?filter.p.m.custom.skin_type=dry&view=ajax      the fragment the filter widget swaps in
 *   /collections/face?sort_by=price-ascending&page=2
 *   /collections/face/skin-type-dry+concern-acne                     the older tag-segment form, still read
 *
 * A filter value is a tag's handle (Shopify's `handleize`), so the tag
 * `skin-type:dry` is `skin-type-dry`. The widget writes the parameters in
 * one canonical order (handles sorted, inclusions before exclusions), so one
 * selection has one address.
 */
import { decimalAmount } from "../money/money.ts";
import type { CollectionSort, PriceRange, StockFilter } from "../contract/storefront.ts";
import { tagHandle } from "./handles.ts";

export { collectionOfProduct, handleize, tagHandle } from "./handles.ts";

export type { PriceRange, StockFilter };

/** Every `?sort_by=` value a collection understands, in the order shoppers are offered them. */
export const COLLECTION_SORTS: readonly CollectionSort[] = [
  "manual",
  "best-selling",
  "title-ascending",
  "title-descending",
  "price-ascending",
  "price-descending",
  "created-descending",
];

const SORT_SET: ReadonlySet<string> = new Set(COLLECTION_SORTS);

export function isCollectionSort(value: unknown): value is CollectionSort {
  return typeof value === "string" && SORT_SET.has(value);
}

/** Tag handles as one canonical filter segment: `concern-acne+skin-type-dry`. Tags or handles may be given. */
export function filterSegment(values: Iterable<string>): string {
  return canonicalHandles(values).join("+");
}

/**
 * The tag handles of a filter segment (`skin-type-dry+concern-acne`), decoded,
 * made handles, de-duplicated and sorted. A segment that cannot be decoded
 * gives no handles.
 */
export function parseFilterSegment(segment: string | null | undefined): string[] {
  if (!segment) return [];
  return canonicalHandles(segment.split(/\+|%2B/i).map(safeDecode));
}

function canonicalHandles(values: Iterable<string>): string[] {
  const handles = new Set<string>();
  for (const value of values) {
    const handle = tagHandle(value);
    if (handle) handles.add(handle);
  }
  return [...handles].sort();
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return "";
  }
}

export interface CollectionAddress {
  /** The collection's handle. */
  collection: string;
  /** The tag handles of the filter segment, canonical. */
  filters: string[];
}

/**
 * Reads `/collections/{handle}` or `/collections/{handle}/{filters}` (a trailing
 * slash allowed). Anything else, including deeper paths such as
 * `/collections/{handle}/products/{product}` and `.json` or `.js` files, is
 * not a collection page: null.
 */
export function parseCollectionPath(pathname: string): CollectionAddress | null {
  const match = /^\/collections\/([^/]+)(?:\/([^/]+))?\/?$/.exec(pathname);
  if (!match) return null;
  const collection = safeDecode(match[1] ?? "");
  if (!collection || /\.(js|json)$/.test(collection) || (match[2] !== undefined && /\.(js|json)$/.test(match[2]))) return null;
  return { collection, filters: parseFilterSegment(match[2]) };
}

// --- Building addresses ------------------------------------------------------------------

const PLACEHOLDER_ORIGIN = "http://placeholder.invalid";

/** Edits a URL that may be relative (`/collections/face?page=2`) and gives it back in the same form. */
function editUrl(url: string, edit: (parsed: URL) => void): string {
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(url);
  const parsed = new URL(url, PLACEHOLDER_ORIGIN);
  edit(parsed);
  return absolute ? parsed.href : `${parsed.pathname}${parsed.search}${parsed.hash}`;
}


/** The values a shopper chose: tag handles to include and to exclude, each canonical, and the price range and stock wanted. */
export interface FilterSelection {
  filters: readonly string[];
  excluded?: readonly string[];
  price?: PriceRange | null;
  availability?: readonly StockFilter[];
}

/**
 * `{baseURL}?{filter parameters}`, or the base URL itself when nothing is
 * selected. `baseURL` is the collection's own address (`/collections/face`,
 * a tag segment is dropped). Its query is kept except `page` (a new selection
 * starts on its first page) and earlier filters.
 */
export function filteredCollectionUrl(baseURL: string, selection: FilterSelection): string {
  return editUrl(baseURL, (url) => {
    const collection = /^(.*?\/collections\/[^/]+)/.exec(url.pathname)?.[1];
    url.pathname = collection ?? (url.pathname.replace(/\/+$/, "") || "/");
    for (const name of [...url.searchParams.keys()]) if (name === "filter" || name.startsWith("filter.")) url.searchParams.delete(name);
    url.searchParams.delete("page");
    for (const [name, value] of filterParams(selection)) url.searchParams.append(name, value);
  });
}

/** Sets `?view=` (the alternate template: `ajax` for the fragment), or removes it when null. */
export function withView(url: string, view: string | null): string {
  return editUrl(url, (parsed) => {
    if (view) parsed.searchParams.set("view", view);
    else parsed.searchParams.delete("view");
  });
}

export type FilterNavigation =
  /** Fetch the fragment and swap it in; the address bar shows `address` (pushed, no reload). */
  | { kind: "swap"; fetchUrl: string; address: string }
  /** A filter template is set: the browser goes to `url`. */
  | { kind: "navigate"; url: string };

/**
 * What applying filters does: request `{baseURL}?{filters}&view=ajax` and
 * show `{baseURL}?{filters}`; with a template option, navigate to
 * `{baseURL}?{filters}&view={template}` instead. Nothing selected is the
 * reset: `{baseURL}?view=ajax`.
 */
export function filterNavigation(baseURL: string, selection: FilterSelection, template: string | null = null): FilterNavigation {
  const address = filteredCollectionUrl(baseURL, selection);
  if (template) return { kind: "navigate", url: withView(address, template) };
  return { kind: "swap", fetchUrl: withView(address, "ajax"), address: withView(address, null) };
}

// --- Shopify's filter parameters ------------------------------------------------------

/**
 * Shopify's Search & Discovery filter parameters the shop reads, and the
 * filter group each is: `filter.p.m.custom.free_from=fragrance` is the "Free
 * from" group's `free-from:fragrance`, `filter.p.m.custom.key_ingredients=
 * niacinamide` the "Key ingredient" group's `ingredient:niacinamide`.
 * `filter.p.tag` names any tag. They select the same products as the
 * address's filter segment, and add to it.
 */
export const SHOPIFY_FILTER_PARAMS: Readonly<Record<string, string>> = {
  "filter.p.m.custom.free_from": "free-from",
  "filter.p.m.custom.key_ingredients": "ingredient",
  "filter.p.m.custom.skin_type": "skin-type",
  "filter.p.m.custom.concern": "concern",
};
const SHOPIFY_TAG_PARAM = "filter.p.tag";
/**
 * Appended to any of those parameters it leaves the value out:
 * `filter.p.m.custom.key_ingredients.not=retinol` keeps only products without
 * retinol, as Shopify's `filter.v.price.gte` appends its operator.
 */
export const EXCLUDE_SUFFIX = ".not";

function handlesOfParams(source: string | URL | URLSearchParams, suffix: string): string[] {
  const tags: string[] = [];
  for (const [key, value] of paramsOf(source)) {
    if (!key.endsWith(suffix) || !value.trim()) continue;
    const name = key.slice(0, key.length - suffix.length);
    const prefix = SHOPIFY_FILTER_PARAMS[name];
    if (prefix) tags.push(`${prefix}:${value}`);
    else if (name === SHOPIFY_TAG_PARAM) tags.push(value);
  }
  return canonicalHandles(tags);
}

/** The tag handles Shopify's filter parameters in a query select, canonical (see `parseFilterSegment`). */
export function shopifyFilterHandles(source: string | URL | URLSearchParams): string[] {
  return handlesOfParams(source, "");
}

/** The tag handles the query leaves out (`filter.p.m.custom.key_ingredients.not=retinol`, `filter.p.tag.not=vegan`), canonical. */
export function shopifyExcludedHandles(source: string | URL | URLSearchParams): string[] {
  return handlesOfParams(source, EXCLUDE_SUFFIX);
}

export const PRICE_GTE_PARAM = "filter.v.price.gte";
export const PRICE_LTE_PARAM = "filter.v.price.lte";
export const AVAILABILITY_PARAM = "filter.v.availability";

/** A price as the address writes it, in major units of the site's currency (`12.5`, `1,200.00`): minor units, or null when it is not a price. */
function priceOfParam(value: string | null): number | null {
  const text = value?.trim().replace(/,(?=\d{3}(?:\D|$))/g, "").replace(",", ".") ?? "";
  if (!/^\d{1,9}(?:\.\d{0,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}

/**
 * `filter.v.price.gte` and `filter.v.price.lte` (Shopify's storefront
 * filters, in major units of the site's currency, as its prices), as minor
 * units; null when neither is a price. A range written backwards is read the
 * right way round.
 */
export function shopifyPriceRange(source: string | URL | URLSearchParams): PriceRange | null {
  const params = paramsOf(source);
  const gte = priceOfParam(params.get(PRICE_GTE_PARAM));
  const lte = priceOfParam(params.get(PRICE_LTE_PARAM));
  if (gte === null && lte === null) return null;
  if (gte !== null && lte !== null && gte > lte) return { gte: lte, lte: gte };
  return { gte, lte };
}

/** `filter.v.availability=1` (in stock) and `=0` (out of stock), each once, in stock first; anything else is ignored. */
export function shopifyAvailability(source: string | URL | URLSearchParams): StockFilter[] {
  const values = new Set(paramsOf(source).getAll(AVAILABILITY_PARAM).map((value) => value.trim()));
  return ([1, 0] as const).filter((value) => values.has(String(value)));
}

/** A price in minor units as the address writes it: whole units without decimals (`12`), others with two (`12.50`). */
export function priceParam(minor: number): string {
  return minor % 100 === 0 ? String(minor / 100) : decimalAmount(minor);
}

/** A collection address's filter segment and Shopify's filter parameters together, as one canonical list of handles. */
export function collectionFilters(segment: string | null | undefined, query: string | URL | URLSearchParams): string[] {
  return canonicalHandles([...parseFilterSegment(segment), ...shopifyFilterHandles(query)]);
}

/**
 * What an address selects: the handles to include (the filter segment and
 * the parameters) and those to exclude. A value both included and excluded is
 * excluded: "without retinol" is the stronger wish, and the page must never
 * show a product the shopper asked to leave out.
 */
export function collectionSelection(
  segment: string | null | undefined,
  query: string | URL | URLSearchParams,
): { filters: string[]; excluded: string[]; price: PriceRange | null; availability: StockFilter[] } {
  const excluded = shopifyExcludedHandles(query);
  const left = new Set(excluded);
  return {
    filters: collectionFilters(segment, query).filter((handle) => !left.has(handle)),
    excluded,
    price: shopifyPriceRange(query),
    availability: shopifyAvailability(query),
  };
}

/** A filter field sent empty (the form's price fields without scripts): the address is the same without it. */
export function blankFilterParams(name: string, value: string): boolean {
  return name.startsWith("filter.") && value.trim() === "";
}

/** Whether a selection chooses anything: a tag, a value left out, a price bound or a stock state. */
export function selectsAnything({ filters, excluded = [], price = null, availability = [] }: FilterSelection): boolean {
  return filters.length + excluded.length + availability.length > 0 || (price !== null && (price.gte !== null || price.lte !== null));
}

/**
 * The Shopify parameter that selects a tag handle, and its value:
 * `skin-type-dry` is `filter.p.m.custom.skin_type=dry`, a tag of no mapped
 * group `filter.p.tag=vegan`. Reading it back gives the same handle.
 */
export function filterParam(handle: string, excluded = false): [name: string, value: string] {
  const suffix = excluded ? EXCLUDE_SUFFIX : "";
  for (const [name, prefix] of Object.entries(SHOPIFY_FILTER_PARAMS)) {
    if (handle.startsWith(`${prefix}-`) && handle.length > prefix.length + 1) return [`${name}${suffix}`, handle.slice(prefix.length + 1)];
  }
  return [`${SHOPIFY_TAG_PARAM}${suffix}`, handle];
}

/**
 * A selection as Shopify's filter parameters, in canonical order: included
 * handles sorted, then excluded ones sorted, then availability (in stock
 * first), then the price range's lower and upper bound.
 */
export function filterParams({ filters, excluded = [], price = null, availability = [] }: FilterSelection): [string, string][] {
  const left = canonicalHandles(excluded);
  const leftSet = new Set(left);
  const stock = ([1, 0] as const).filter((value) => availability.includes(value));
  return [
    ...canonicalHandles(filters)
      .filter((handle) => !leftSet.has(handle))
      .map((handle) => filterParam(handle)),
    ...left.map((handle) => filterParam(handle, true)),
    ...stock.map((value): [string, string] => [AVAILABILITY_PARAM, String(value)]),
    ...(price?.gte != null ? [[PRICE_GTE_PARAM, priceParam(price.gte)] as [string, string]] : []),
    ...(price?.lte != null ? [[PRICE_LTE_PARAM, priceParam(price.lte)] as [string, string]] : []),
  ];
}

// --- Query parameters -----------------------------------------------------------------

/** The query of a URL (absolute or relative, or just `?…`) or of search params. */
function paramsOf(source: string | URL | URLSearchParams): URLSearchParams {
  if (source instanceof URLSearchParams) return source;
  if (source instanceof URL) return source.searchParams;
  return new URL(source, PLACEHOLDER_ORIGIN).searchParams;
}

/** `?page={n}`: a whole number from 1; anything else (missing, `0`, `2a`, `-1`) is page 1. */
export function readPage(source: string | URL | URLSearchParams): number {
  const value = paramsOf(source).get("page") ?? "";
  if (!/^\d{1,9}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

/** Sets `?page={n}`; page 1 is the address without `page`. */
export function withPage(url: string, page: number): string {
  return editUrl(url, (parsed) => {
    if (Number.isSafeInteger(page) && page > 1) parsed.searchParams.set("page", String(page));
    else parsed.searchParams.delete("page");
  });
}

/** `?sort_by=` when it names a known order; otherwise null (the collection's default). */
export function readSort(source: string | URL | URLSearchParams): CollectionSort | null {
  const value = paramsOf(source).get("sort_by");
  return isCollectionSort(value) ? value : null;
}

/** Sets `?sort_by=`, or removes it when null. A new order starts on page 1. */
export function withSort(url: string, sort: CollectionSort | null): string {
  return editUrl(url, (parsed) => {
    if (sort) parsed.searchParams.set("sort_by", sort);
    else parsed.searchParams.delete("sort_by");
    parsed.searchParams.delete("page");
  });
}

// --- Handles back to tags ----------------------------------------------------------------

/** The tags that have `handle` as their handle, in the order given (usually one). */
export function tagsForHandle(handle: string, tags: Iterable<string>): string[] {
  const wanted = tagHandle(handle);
  const found: string[] = [];
  for (const tag of tags) if (tagHandle(tag) === wanted && !found.includes(tag)) found.push(tag);
  return found;
}

/** The tag a handle stands for among a collection's tags, or undefined when none has it. */
export function tagForHandle(handle: string, tags: Iterable<string>): string | undefined {
  return tagsForHandle(handle, tags)[0];
}
