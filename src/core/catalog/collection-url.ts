/**
 * Addresses of collection pages with filters, sort and paging, as Shopify
 * writes them:
 *
 *   /collections/face                               the collection
 *   /collections/face/skin-type-dry+concern-acne    filtered by two tag handles
 *   /collections/face/skin-type-dry?view=ajax       the fragment the filter widget swaps in
 *   /collections/face?sort_by=price-ascending&page=2
 *
 * A filter value is a tag's handle (Shopify's `handleize`), so the tag
 * `skin-type:dry` is written `skin-type-dry`. The filter segment is kept
 * canonical (de-duplicated and sorted), so one selection has one address.
 */
import type { CollectionSort } from "../contract/storefront.ts";

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

/** Letters NFD does not take apart into a base letter and a mark. */
const FOLDED: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };

/**
 * Shopify's `handleize`: lower case, accents dropped, apostrophes removed,
 * every other run of non-alphanumerics one `-`, none at either end.
 * `skin-type:dry` -> `skin-type-dry`, `Sérum 30 ml` -> `serum-30-ml`.
 */
export function handleize(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => FOLDED[letter] ?? letter)
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** The handle a tag is filtered by in a collection address. */
export const tagHandle = handleize;

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

/**
 * `{baseURL}/{value1+value2…}`, or the base URL itself when no values are
 * selected. `baseURL` is the collection's own address (`/collections/face`),
 * without a filter segment. Its query is kept except `page`: a new selection
 * starts on its first page.
 */
export function filteredCollectionUrl(baseURL: string, values: Iterable<string>): string {
  const segment = filterSegment(values);
  return editUrl(baseURL, (url) => {
    const path = url.pathname.replace(/\/+$/, "");
    url.pathname = segment ? `${path}/${segment}` : path || "/";
    url.searchParams.delete("page");
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
 * What applying filters does: request `{baseURL}/{values}?view=ajax`
 * and show `{baseURL}/{values}`; with a template option, navigate to
 * `{baseURL}/{values}?view={template}` instead. No values is the reset:
 * `{baseURL}?view=ajax`.
 */
export function filterNavigation(baseURL: string, values: Iterable<string>, template: string | null = null): FilterNavigation {
  const address = filteredCollectionUrl(baseURL, values);
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

/** The tag handles Shopify's filter parameters in a query select, canonical (see `parseFilterSegment`). */
export function shopifyFilterHandles(source: string | URL | URLSearchParams): string[] {
  const params = paramsOf(source);
  const tags: string[] = [];
  for (const [name, value] of params) {
    const prefix = SHOPIFY_FILTER_PARAMS[name];
    if (prefix && value.trim()) tags.push(`${prefix}:${value}`);
    else if (name === SHOPIFY_TAG_PARAM && value.trim()) tags.push(value);
  }
  return canonicalHandles(tags);
}

/** A collection address's filter segment and Shopify's filter parameters together, as one canonical list of handles. */
export function collectionFilters(segment: string | null | undefined, query: string | URL | URLSearchParams): string[] {
  return canonicalHandles([...parseFilterSegment(segment), ...shopifyFilterHandles(query)]);
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

/**
 * A product's address within a collection (`/collections/{c}/products/{h}`,
 * Shopify's `within: collection`): the collection among the product's own,
 * or null when the product is not in it (the address is not found).
 */
export function collectionOfProduct<C extends { handle: string }>(collections: readonly C[], handle: string): C | null {
  return collections.find((collection) => collection.handle === handle) ?? null;
}
