/**
 * Shopify's predictive search answer (`GET /search/suggest.json`): products,
 * query completions, collections, pages and articles for what the shopper
 * has typed so far. Prices are decimal strings in major units here, as
 * Shopify sends them; links carry the site's prefix (`/fr-fr/pages/…`).
 */
import type { PageJson } from "../../core/content/content.ts";
import { SUGGEST_KINDS, type SuggestKind } from "../../core/contract/storefront.ts";
import { decimalAmount } from "../../core/money/money.ts";
import { sitePath } from "../../core/sites/sites.ts";
import { type Catalog, type CatalogProduct, type CatalogVariant, isVariantAvailable } from "./catalog.ts";
import { catalogIndex } from "./catalog-index.ts";
import { cachedCollectionJson } from "./filters.ts";
import { featuredImageJson, variantImage } from "./product-json.ts";
import { type SearchableContent, matchingArticles, matchingPages } from "../content/content-search.ts";
import { type SearchField, type UnavailableProducts, SUGGESTION_SOURCES, queryWords, rankProducts, searchWords, suggestQueries } from "./search.ts";

export const SUGGEST_TYPES = SUGGEST_KINDS;

/** The fields predictive search looks in when none are asked for, as Shopify documents them. */
export const SUGGEST_DEFAULT_FIELDS: readonly SearchField[] = ["title", "product_type", "variants.title", "vendor"];
export type SuggestType = SuggestKind;

export interface SuggestOptions {
  types: readonly SuggestType[];
  /** 1–10. */
  limit: number;
  /** `all`: the limit is for every type together; `each`: for each type. */
  limitScope: "all" | "each";
  unavailable: UnavailableProducts;
  fields: readonly SearchField[];
  /** Articles are also looked for by their author (`author` among the fields). */
  author?: boolean;
}

/** What the answer is drawn with besides the catalog: the site's pages and articles, its prefix and the shop's name (a page's author). */
export interface SuggestContext {
  content?: SearchableContent;
  /** The site's path prefix ("" or "/fr-fr"). */
  sitePath?: string;
  shopName?: string;
}


const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character] ?? character);

/** Shopify's search-tracking parameters on every suggested link. */
const tracking = (position: number, query: string) => `_pos=${position}&_psq=${encodeURIComponent(query)}&_ss=e&_v=1.0`;

/** The variant whose own words (title, SKU, barcode) the query names, when the search looked at them. */
function matchedVariant(product: CatalogProduct, words: string[], fields: readonly SearchField[]): CatalogVariant | undefined {
  const looks = {
    title: fields.includes("variants.title"),
    sku: fields.includes("variants.sku"),
    barcode: fields.includes("variants.barcode"),
  };
  if (!looks.title && !looks.sku && !looks.barcode) return undefined;
  return product.variants.find((variant) => {
    const own = [
      ...(looks.title && variant.title !== "Default Title" ? searchWords(variant.title) : []),
      ...(looks.sku ? searchWords(variant.sku) : []),
      ...(looks.barcode ? searchWords(variant.barcode) : []),
    ];
    return words.some((word) => own.some((candidate) => candidate.startsWith(word)));
  });
}

function productSuggestion(product: CatalogProduct, position: number, query: string, words: string[], fields: readonly SearchField[]) {
  const prices = product.variants.map((variant) => variant.price);
  const compareAts = product.variants.map((variant) => variant.compareAtPrice ?? 0);
  const variant = matchedVariant(product, words, fields);
  const image = variant ? variantImage(product, variant) : product.images[0];
  const productUrl = `/products/${product.handle}`;
  return {
    available: product.variants.some(isVariantAvailable),
    body: product.bodyHtml,
    compare_at_price_max: decimalAmount(compareAts.length ? Math.max(...compareAts) : 0),
    compare_at_price_min: decimalAmount(compareAts.length ? Math.min(...compareAts) : 0),
    handle: product.handle,
    id: product.id,
    image: image?.src ?? null,
    price: decimalAmount(prices.length ? Math.min(...prices) : 0),
    price_max: decimalAmount(prices.length ? Math.max(...prices) : 0),
    price_min: decimalAmount(prices.length ? Math.min(...prices) : 0),
    tags: product.tags,
    title: product.title,
    type: product.productType,
    url: `${productUrl}?${variant ? `variant=${variant.id}&` : ""}${tracking(position, query)}`,
    variants: variant
      ? [
          {
            available: isVariantAvailable(variant),
            compare_at_price: variant.compareAtPrice === null ? null : decimalAmount(variant.compareAtPrice),
            id: variant.id,
            image: image?.src ?? null,
            price: decimalAmount(variant.price),
            title: variant.title,
            url: `${productUrl}?variant=${variant.id}&${tracking(position, query)}`,
            featured_image: featuredImageJson(image),
          },
        ]
      : [],
    vendor: product.vendor,
    featured_image: featuredImageJson(image),
  };
}

/** A page as Shopify's predictive search answers it. */
function pageSuggestion(page: PageJson, position: number, query: string, shopName: string) {
  return {
    author: shopName,
    body: page.bodyHtml,
    handle: page.handle,
    id: page.id,
    published_at: page.updatedAt,
    summary_html: "",
    title: page.title,
    updated_at: page.updatedAt,
    url: `/pages/${page.handle}?${tracking(position, query)}`,
  };
}

/** An article as Shopify's predictive search answers it: its picture is the product it is headed by. */
function articleSuggestion({ article, image }: SearchableContent["articles"][number], position: number, query: string) {
  return {
    author: article.author,
    body: article.bodyHtml,
    handle: article.handle,
    id: article.id,
    image: image?.src ?? null,
    published_at: article.publishedAt,
    summary_html: article.excerpt ? `<p>${escapeHtml(article.excerpt)}</p>` : "",
    tags: article.tags,
    title: article.title,
    updated_at: article.updatedAt,
    url: `/blogs/${article.blog}/${article.handle}?${tracking(position, query)}`,
    featured_image: image
      ? { alt: image.alt || null, aspect_ratio: Math.round((image.width / image.height) * 1000) / 1000, height: image.height, url: image.src, width: image.width }
      : null,
  };
}

interface Linked {
  url: string;
  variants?: { url: string }[];
}

/** A suggestion's links on the site's prefix, as Shopify writes them on a locale's site. */
function onSitePrefix(item: Linked, prefix: string): void {
  item.url = sitePath({ path: prefix }, item.url);
  for (const variant of item.variants ?? []) variant.url = sitePath({ path: prefix }, variant.url);
}

/** The answer of `/search/suggest.json` for `query`. */
export function predictiveSearch(catalog: Catalog, query: string, options: SuggestOptions, context: SuggestContext = {}) {
  const typed = query.trim().replace(/\s+/g, " ").slice(0, 500);
  const words = queryWords(typed);
  const wanted = new Set(options.types);
  const ranked =
    words.length && (wanted.has("product") || wanted.has("query"))
      ? rankProducts(catalog, typed, { ...options, limit: wanted.has("query") ? Math.max(options.limit, SUGGESTION_SOURCES) : options.limit }).ordinals
      : new Int32Array(0);
  const index = catalogIndex(catalog);

  // Every type's candidates, best first, at most `limit` each.
  const candidates: Record<SuggestType, unknown[]> = { query: [], product: [], collection: [], page: [], article: [] };
  if (wanted.has("product")) {
    candidates.product = Array.from(ranked.subarray(0, options.limit), (ordinal, i) =>
      productSuggestion(index.shown(ordinal), i + 1, typed, words, options.fields),
    );
  }
  if (wanted.has("query")) {
    candidates.query = suggestQueries(catalog, typed, ranked, options.limit).map((suggestion, i) => ({
      text: suggestion.text,
      styled_text: `<mark>${escapeHtml(suggestion.typed)}</mark><span>${escapeHtml(suggestion.rest)}</span>`,
      url: `/search?${tracking(i + 1, typed)}&q=${encodeURIComponent(suggestion.text)}`,
    }));
  }
  if (wanted.has("collection") && words.length) {
    for (const collection of catalog.collections.values()) {
      if (collection.hidden || candidates.collection.length >= options.limit) continue;
      const own = searchWords(collection.title);
      if (!words.every((word) => own.some((candidate) => candidate.startsWith(word)))) continue;
      const json = cachedCollectionJson(catalog, collection);
      candidates.collection.push({
        body: json.description,
        handle: json.handle,
        id: json.id,
        featured_image: json.image
          ? {
              alt: json.image.alt,
              aspect_ratio: Math.round((json.image.width / json.image.height) * 1000) / 1000,
              height: json.image.height,
              url: json.image.src,
              width: json.image.width,
            }
          : null,
        published_at: json.published_at,
        title: json.title,
        url: `/collections/${json.handle}?${tracking(candidates.collection.length + 1, typed)}`,
      });
    }
  }

  if (context.content && words.length) {
    if (wanted.has("page")) candidates.page = matchingPages(context.content, words, options.fields, options.limit).map(({ page }, i) => pageSuggestion(page, i + 1, typed, context.shopName ?? ""));
    if (wanted.has("article")) {
      candidates.article = matchingArticles(context.content, words, options.fields, options.author ?? false, options.limit).map((found, i) => articleSuggestion(found, i + 1, typed));
    }
  }

  // With `all`, the limit is shared: take one of each type in turn until it is reached.
  const taken: Record<SuggestType, number> = { query: 0, product: 0, collection: 0, page: 0, article: 0 };
  if (options.limitScope === "each") {
    for (const type of options.types) taken[type] = Math.min(options.limit, candidates[type].length);
  } else {
    let left = options.limit;
    let progress = true;
    while (left > 0 && progress) {
      progress = false;
      for (const type of options.types) {
        if (left > 0 && taken[type] < candidates[type].length) {
          taken[type]++;
          left--;
          progress = true;
        }
      }
    }
  }
  const plural: Record<SuggestType, string> = { query: "queries", product: "products", collection: "collections", page: "pages", article: "articles" };
  const results: Record<string, unknown[]> = {};
  for (const type of SUGGEST_TYPES) if (wanted.has(type)) results[plural[type]] = candidates[type].slice(0, taken[type]);
  const prefix = context.sitePath ?? "";
  if (prefix) for (const list of Object.values(results)) for (const item of list) onSitePrefix(item as Linked, prefix);
  return { resources: { results } };
}
