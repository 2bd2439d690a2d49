/**
 * Shopify's handles, alone so that a page that only names a tag or a
 * collection (a product page, the glossary) loads them without the
 * collection addresses' filter and paging rules.
 */

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

/**
 * A product's address within a collection (`/collections/{c}/products/{h}`,
 * Shopify's `within: collection`): the collection among the product's own,
 * or null when the product is not in it (the address is not found).
 */
export function collectionOfProduct<C extends { handle: string }>(collections: readonly C[], handle: string): C | null {
  return collections.find((collection) => collection.handle === handle) ?? null;
}
