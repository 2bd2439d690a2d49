/**
 * What Shopify's search page looks through: its `type` parameter names
 * product, page and article, separated by commas; absent, or naming none of
 * them, it is all three, as on Shopify's search page.
 */
import type { SearchType } from "../contract/storefront.ts";

/** Every kind, in the order the search page lists them. */
export const SEARCH_TYPES: readonly SearchType[] = ["product", "page", "article"];

const isSearchType = (value: string): value is SearchType => (SEARCH_TYPES as readonly string[]).includes(value);

/** The kinds `type` names, in the page's order; every kind when it names none. */
export function readSearchTypes(source: URL | URLSearchParams): SearchType[] {
  const params = source instanceof URL ? source.searchParams : source;
  const named = (params.get("type") ?? "")
    .split(",")
    .map((value) => value.trim().toLowerCase())
    .filter(isSearchType);
  return named.length ? SEARCH_TYPES.filter((type) => named.includes(type)) : [...SEARCH_TYPES];
}

/** The `type` value for `types`: none when it is every kind, so the plain address stays the default. */
export function searchTypeParam(types: readonly SearchType[]): string | null {
  const kept = SEARCH_TYPES.filter((type) => types.includes(type));
  return kept.length === 0 || kept.length === SEARCH_TYPES.length ? null : kept.join(",");
}
