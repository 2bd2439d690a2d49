/**
 * Product search: an inverted index from word to the products holding it and
 * in which fields, built once per catalog revision (WeakMap on the catalog).
 *
 * Matching: text is folded (NFD, marks dropped, lower case, ß -> ss …) and cut
 * into words at anything not a letter or digit. Every word of the query must
 * be the start of some word of the product (`ser` finds "Sérum"), in any
 * searched field. A few English filler words (`for`, `with` …) are ignored
 * when the query has other words.
 *
 * Ranking, best first:
 *   4  the whole title is the query ("Vitamin C Serum")
 *   3  every query word starts a title word
 *   2  every query word is in the title, type or vendor
 *   1  some query word matched only a tag (or a variant, SKU, description)
 * then by how strongly each word matched (title 3, type or vendor 2, other 1,
 * summed), then bestsellers, then reviews count, then title. Products a
 * shopper cannot browse to (unpublished, hidden gifts, samples) are never
 * indexed. Sold-out products go last unless asked otherwise.
 */
import { type Catalog, type CatalogProduct, wordsCatalog } from "./catalog.ts";
import type { PriceRange, StockFilter } from "../../core/catalog/collection-url.ts";
import type { PriceFacet, StockFacet } from "../../core/contract/storefront.ts";
import { type CatalogIndex, availability, catalogIndex } from "./catalog-index.ts";
import { andVariantFilters, filtersAnything, narrowByVariants, variantFilters } from "./variant-filters.ts";
import { type Bitset, bitsetOf, hasBit, setBit } from "./bitset.ts";
import { isBrowsable } from "./recommendations.ts";

/** The fields a search can look in, named as Shopify's `resources[options][fields]`. */
export const SEARCH_FIELDS = {
  title: 1,
  product_type: 2,
  vendor: 4,
  tag: 8,
  "variants.title": 16,
  "variants.sku": 32,
  "variants.barcode": 64,
  body: 128,
} as const;

export type SearchField = keyof typeof SEARCH_FIELDS;

export const DEFAULT_SEARCH_FIELDS: readonly SearchField[] = ["title", "product_type", "vendor", "tag"];

const TITLE = SEARCH_FIELDS.title;
const TYPE_OR_VENDOR = SEARCH_FIELDS.product_type | SEARCH_FIELDS.vendor;

/** Letters NFD does not take apart into a base letter and a mark. */
const FOLDED: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };

/** Case- and accent-free form of a text: `Sérum ÉCLAT` -> `serum eclat`. */
export function foldText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => FOLDED[letter] ?? letter);
}

/** The words of a text, folded: `Vitamin-C Sérum 30ml` -> `vitamin`, `c`, `serum`, `30ml`. */
export function searchWords(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const FILLER_WORDS: ReadonlySet<string> = new Set(["a", "an", "and", "the", "for", "with", "of", "in", "on", "to", "my", "by", "or"]);
const MAX_QUERY_WORDS = 10;
const MAX_WORD_LENGTH = 50;

/** The words a query is matched by: folded, filler dropped (unless that leaves none), de-duplicated, at most ten. */
export function queryWords(query: string): string[] {
  const words = searchWords(query.slice(0, 500)).map((word) => word.slice(0, MAX_WORD_LENGTH));
  const meaningful = words.filter((word) => !FILLER_WORDS.has(word));
  return [...new Set(meaningful.length ? meaningful : words)].slice(0, MAX_QUERY_WORDS);
}

/** Words to the products holding them, for some of the fields. */
interface WordIndex {
  /** Every indexed word, sorted by code unit, so the words with a prefix are one run. */
  words: string[];
  /** Per word: the ordinals of the products holding it (ascending) … */
  postings: Int32Array[];
  /** … and, at the same positions, the fields it was found in (SEARCH_FIELDS bits). */
  fields: Uint8Array[];
  /** Per ordinal: the product's own words are `forward[forwardStart[o]…forwardStart[o + 1])`, as positions in `words` (ascending) … */
  forwardStart: Int32Array;
  /** (one array for every product, not an array each: 50,000 small arrays cost more than their contents) */
  forward: Int32Array;
  /** … and the fields each was found in, at the same positions. */
  forwardFields: Uint8Array;
  /** Own words per searchable product, on average: what checking one product against a word costs. */
  wordsPerProduct: number;
}

interface SearchIndex {
  /** Title, type, vendor, tags, variant titles: what searches look in by default. */
  main: WordIndex;
  /** SKUs, barcodes, descriptions: built the first time a search asks for them. */
  extra: WordIndex | null;
  /** Per ordinal: the folded title's words joined by one space, or null when not searchable. */
  titleKey: (string | null)[];
  /** Per ordinal: the title's words in lower case as written (accents kept), for query suggestions… */
  titleSpellings: string[][];
  /** …and the same words folded. */
  titleFolded: string[][];
  /** Scratch space of one ranking (ranking is synchronous, so one set serves every request); `seen` is all zeros between rankings. */
  seen: Uint8Array;
  touched: Int32Array;
}

const EXTRA_FIELDS = SEARCH_FIELDS["variants.sku"] | SEARCH_FIELDS["variants.barcode"] | SEARCH_FIELDS.body;

const searchIndexes = new WeakMap<Catalog, SearchIndex>();

/** The search index of `catalog`, built on first use (the base catalogue's as soon as it loads). */
export function searchIndex(catalog: Catalog): SearchIndex {
  // A site whose words are the base's finds what the base finds: the same ordinals, the base's index.
  const words = wordsCatalog(catalog);
  if (words !== catalog) return searchIndex(words);
  let index = searchIndexes.get(catalog);
  if (!index) {
    index = buildSearchIndex(catalogIndex(catalog));
    searchIndexes.set(catalog, index);
  }
  return index;
}

const stripHtml = (html: string) => html.replace(/<[^>]*>/g, " ").replace(/&[a-z]+;|&#\d+;/gi, " ");

/** Lower-case words as written: `Sérum Éclat` -> `sérum`, `éclat`. */
const spelledWords = (text: string) =>
  text
    .normalize("NFC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * An index of the words `wordsOf` finds in each browsable product. The
 * products are read twice: once to count each word's products, then to
 * fill lists made at their exact size. Growing a list per word instead left
 * about 45 MiB of garbage at 50,000 products, and V8's heap grew by twice as
 * much while the index was built (a site's, built while pages are being
 * served, comes on top of theirs).
 */
function buildWordIndex(index: CatalogIndex, wordsOf: (product: CatalogProduct, add: (words: string[], field: number) => void) => void): WordIndex {
  const own = new Map<string, number>();
  const add = (words: string[], field: number) => {
    for (const word of words) own.set(word, (own.get(word) ?? 0) | field);
  };
  // Each product as the catalogue shows it (a site's words), none of them kept; `visit` sees its words and their fields.
  const eachProduct = (visit: (ordinal: number) => void) => {
    for (let ordinal = 0; ordinal < index.size; ordinal++) {
      const product = index.shown(ordinal, false);
      if (!isBrowsable(product)) continue;
      own.clear();
      wordsOf(product, add);
      visit(ordinal);
    }
  };
  // Per word: first how many products hold it, then (once the words are sorted) its position among them.
  const numbers = new Map<string, number>();
  eachProduct(() => {
    for (const word of own.keys()) numbers.set(word, (numbers.get(word) ?? 0) + 1);
  });
  const words = [...numbers.keys()].sort();
  const postings = words.map((word) => new Int32Array(numbers.get(word)!));
  const fields = postings.map((list) => new Uint8Array(list.length));
  words.forEach((word, id) => numbers.set(word, id));
  const filled = new Int32Array(words.length);
  eachProduct((ordinal) => {
    for (const [word, found] of own) {
      const id = numbers.get(word)!;
      const at = filled[id]!++;
      postings[id]![at] = ordinal;
      fields[id]![at] = found;
    }
  });
  // The same pairs the other way round, product -> words, with word positions ascending (words are visited in order).
  const forwardStart = new Int32Array(index.size + 1);
  for (const list of postings) for (const ordinal of list) forwardStart[ordinal + 1]! += 1;
  let searchable = 0;
  for (let ordinal = 0; ordinal < index.size; ordinal++) {
    if (forwardStart[ordinal + 1]! > 0) searchable += 1;
    forwardStart[ordinal + 1]! += forwardStart[ordinal]!;
  }
  const pairs = forwardStart[index.size]!;
  const forward = new Int32Array(pairs);
  const forwardFields = new Uint8Array(pairs);
  const next = forwardStart.slice(0, index.size);
  postings.forEach((list, id) => {
    for (let p = 0; p < list.length; p++) {
      const slot = next[list[p]!]!++;
      forward[slot] = id;
      forwardFields[slot] = fields[id]![p]!;
    }
  });
  return {
    words,
    postings,
    fields,
    forwardStart,
    forward,
    forwardFields,
    wordsPerProduct: searchable ? pairs / searchable : 0,
  };
}

function buildSearchIndex(index: CatalogIndex): SearchIndex {
  const titleKey: (string | null)[] = new Array<string | null>(index.size).fill(null);
  const titleSpellings: string[][] = Array.from({ length: index.size }, () => []);
  const titleFolded: string[][] = Array.from({ length: index.size }, () => []);
  // Types, vendors, tags, variant titles and many titles repeat: fold each distinct text once.
  const folded = new Map<string, string[]>();
  const foldedWords = (text: string) => {
    let words = folded.get(text);
    if (!words) folded.set(text, (words = searchWords(text)));
    return words;
  };
  // Titles share most of their words: one string per distinct word, not one per title.
  const words = new Map<string, string>();
  const sharedWord = (word: string) => {
    const known = words.get(word);
    if (known !== undefined) return known;
    words.set(word, word);
    return word;
  };
  // Many products share a title: its key and word lists are made once and held once (they are only read).
  const titles = new Map<string, { key: string; spellings: string[]; folded: string[] }>();
  const main = buildWordIndex(index, (product, add) => {
    const ordinal = index.ordinalOf.get(product.id)!;
    const title = foldedWords(product.title);
    let words = titles.get(product.title);
    if (!words) {
      const spellings = spelledWords(product.title).map(sharedWord);
      words = { key: title.join(" "), spellings, folded: spellings.map((word) => sharedWord(foldText(word))) };
      titles.set(product.title, words);
    }
    titleKey[ordinal] = words.key;
    titleSpellings[ordinal] = words.spellings;
    titleFolded[ordinal] = words.folded;
    add(title, SEARCH_FIELDS.title);
    add(foldedWords(product.productType), SEARCH_FIELDS.product_type);
    add(foldedWords(product.vendor), SEARCH_FIELDS.vendor);
    for (const tag of product.tags) add(foldedWords(tag), SEARCH_FIELDS.tag);
    for (const variant of product.variants) {
      if (variant.title !== "Default Title") add(foldedWords(variant.title), SEARCH_FIELDS["variants.title"]);
    }
  });
  return { main, extra: null, titleKey, titleSpellings, titleFolded, seen: new Uint8Array(index.size), touched: new Int32Array(index.size) };
}

function extraIndex(index: SearchIndex, base: CatalogIndex): WordIndex {
  index.extra ??= buildWordIndex(base, (product, add) => {
    for (const variant of product.variants) {
      add(searchWords(variant.sku), SEARCH_FIELDS["variants.sku"]);
      if (variant.barcode) add(searchWords(variant.barcode), SEARCH_FIELDS["variants.barcode"]);
    }
    add(searchWords(stripHtml(product.bodyHtml)), SEARCH_FIELDS.body);
  });
  return index.extra;
}

/** Index of the first word not below `prefix`. */
function lowerBound(words: string[], prefix: string): number {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (words[middle]! < prefix) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Positions in `index.words` of the words starting with `prefix`. */
function wordRange(index: WordIndex, prefix: string): [number, number] {
  const start = lowerBound(index.words, prefix);
  let end = start;
  while (end < index.words.length && index.words[end]!.startsWith(prefix)) end++;
  return [start, end];
}

/** How strongly a word matched, from the fields it was found in. */
const strength = (fields: number) => (fields & TITLE ? 3 : fields & TYPE_OR_VENDOR ? 2 : fields ? 1 : 0);

export type UnavailableProducts = "show" | "hide" | "last";

export interface RankOptions {
  fields?: readonly SearchField[];
  unavailable?: UnavailableProducts;
  /** Only products in this set (Shopify's price and availability filters); all when absent. */
  within?: Bitset;
  /** Every product matching the words (and not hidden as sold out), before `within`, is added to this set. */
  matchedInto?: Bitset;
  /** Only the best `limit` are needed (the total is still counted): saves sorting every match. */
  limit?: number;
}

export interface Ranking {
  /** Ordinals, best first: all matches, or the best `limit`. */
  ordinals: Int32Array;
  /** How many products match. */
  total: number;
}

// Ranking keys pack (availability, tier, strength, popularity) into one double, so ranking is sorting numbers.
const POPULARITY_SPAN = 2 ** 20;

/**
 * The products matching `query`, best first (see the top of this file).
 * None for a query without words.
 */
export function rankProducts(catalog: Catalog, query: string, options: RankOptions = {}): Ranking {
  const words = queryWords(query);
  if (!words.length) return { ordinals: new Int32Array(0), total: 0 };
  const base = catalogIndex(catalog);
  if (base.size >= POPULARITY_SPAN) throw new RangeError("catalog too large for the search ranking keys");
  const index = searchIndex(catalog);
  let fieldMask = 0;
  for (const field of options.fields ?? DEFAULT_SEARCH_FIELDS) fieldMask |= SEARCH_FIELDS[field];

  // The words' index is built from the catalogue it belongs to (the base's, for a site with the base's words).
  const parts = fieldMask & EXTRA_FIELDS ? [index.main, extraIndex(index, catalogIndex(wordsCatalog(catalog)))] : [index.main];

  // Rarest word first: the candidate list starts small and only shrinks.
  const ranges = words
    .map((word) => parts.map((part) => ({ part, range: wordRange(part, word) })))
    .map((found) => ({ found, cost: found.reduce((sum, { part, range }) => sum + sumPostings(part, range), 0) }))
    .sort((a, b) => a.cost - b.cost);

  // Per product: the fields the current word was found in (0 = not found), and the ordinals touched.
  const { seen, touched } = index;
  let candidates = new Int32Array(0);
  let tier = new Uint8Array(0);
  let score = new Uint8Array(0);
  let count = 0;
  ranges.forEach(({ found, cost }, position) => {
    // A later word with many postings ("c" after "vitamin") is cheaper to look up in the few candidates' own words.
    const perCandidate = found.reduce((sum, { part }) => sum + part.wordsPerProduct, 0);
    const lookUp = position > 0 && count * perCandidate < cost;
    let touchedCount = 0;
    if (lookUp) {
      for (let c = 0; c < count; c++) {
        const ordinal = candidates[c]!;
        let fieldsFound = 0;
        for (const { part, range } of found) fieldsFound |= ownFieldsIn(part, ordinal, range);
        seen[ordinal] = fieldsFound & fieldMask;
        touched[touchedCount++] = ordinal;
      }
    } else {
      for (const { part, range } of found) {
        for (let w = range[0]; w < range[1]; w++) {
          const postings = part.postings[w]!;
          const fields = part.fields[w]!;
          for (let p = 0; p < postings.length; p++) {
            const fieldsFound = fields[p]! & fieldMask;
            if (!fieldsFound) continue;
            const ordinal = postings[p]!;
            if (seen[ordinal] === 0) touched[touchedCount++] = ordinal;
            seen[ordinal]! |= fieldsFound;
          }
        }
      }
    }
    if (position === 0) {
      candidates = touched.slice(0, touchedCount);
      count = touchedCount;
      tier = new Uint8Array(count).fill(3);
      score = new Uint8Array(count);
    }
    let kept = 0;
    for (let c = 0; c < count; c++) {
      const ordinal = candidates[c]!;
      const matched = strength(seen[ordinal]!);
      if (!matched) continue;
      candidates[kept] = ordinal;
      tier[kept] = Math.min(tier[c]!, matched);
      score[kept] = score[c]! + matched;
      kept++;
    }
    count = kept;
    for (let t = 0; t < touchedCount; t++) seen[touched[t]!] = 0;
  });

  const fullQuery = searchWords(query).join(" ");
  const mode = options.unavailable ?? "last";
  const available = mode === "show" ? null : availability(base, catalog);
  const keys = new Float64Array(count);
  let total = 0;
  for (let c = 0; c < count; c++) {
    const ordinal = candidates[c]!;
    const isAvailable = available === null || hasBit(available, ordinal);
    if (mode === "hide" && !isAvailable) continue;
    if (options.matchedInto) setBit(options.matchedInto, ordinal);
    if (options.within && !hasBit(options.within, ordinal)) continue;
    const level = tier[c] === 3 && index.titleKey[ordinal] === fullQuery ? 4 : tier[c]!;
    const order = (mode === "last" && isAvailable ? 1000 : 0) + level * 100 + score[c]!;
    keys[total++] = order * POPULARITY_SPAN + (POPULARITY_SPAN - 1 - base.popularityRank[ordinal]!);
  }
  const best = largestFirst(keys.subarray(0, total), Math.min(total, options.limit ?? total));
  const ordinals = new Int32Array(best.length);
  for (let i = 0; i < best.length; i++) ordinals[i] = base.byPopularity[POPULARITY_SPAN - 1 - (best[i]! % POPULARITY_SPAN)]!;
  return { ordinals, total };
}

/** The `k` largest keys, largest first. A full sort when most are wanted; otherwise a min-heap of `k`. */
function largestFirst(keys: Float64Array, k: number): Float64Array {
  if (k <= 0) return new Float64Array(0);
  if (k * 4 >= keys.length) return Float64Array.from(keys).sort().reverse().subarray(0, k);
  const heap = new Float64Array(k);
  let size = 0;
  const siftDown = (from: number) => {
    let i = from;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < size && heap[left]! < heap[smallest]!) smallest = left;
      if (right < size && heap[right]! < heap[smallest]!) smallest = right;
      if (smallest === i) return;
      const swap = heap[i]!;
      heap[i] = heap[smallest]!;
      heap[smallest] = swap;
      i = smallest;
    }
  };
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (size < k) {
      let child = size++;
      heap[child] = key;
      while (child > 0) {
        const parent = (child - 1) >> 1;
        if (heap[parent]! <= heap[child]!) break;
        const swap = heap[parent]!;
        heap[parent] = heap[child]!;
        heap[child] = swap;
        child = parent;
      }
    } else if (key > heap[0]!) {
      heap[0] = key;
      siftDown(0);
    }
  }
  return heap.sort().reverse();
}

/** The fields in which a product holds a word whose position is in `[start, end)`. */
function ownFieldsIn(index: WordIndex, ordinal: number, [start, end]: [number, number]): number {
  const { forward } = index;
  if (start >= end || ordinal + 1 >= index.forwardStart.length) return 0;
  let low = index.forwardStart[ordinal]!;
  const last = index.forwardStart[ordinal + 1]!;
  let high = last;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (forward[middle]! < start) low = middle + 1;
    else high = middle;
  }
  let fields = 0;
  for (let i = low; i < last && forward[i]! < end; i++) fields |= index.forwardFields[i]!;
  return fields;
}

function sumPostings(index: WordIndex, [start, end]: [number, number]): number {
  let total = 0;
  for (let w = start; w < end; w++) total += index.postings[w]!.length;
  return total;
}

export interface SearchResults {
  /** The query as searched: trimmed, inner spaces collapsed. */
  query: string;
  products: CatalogProduct[];
  total: number;
  page: number;
  pageCount: number;
  perPage: number;
  /** The range asked for and the highest price among the matches in the stock state asked for. */
  price: PriceFacet;
  /** In stock and out of stock among the matches within the range. */
  availability: StockFacet[];
}

/**
 * One page of the products matching `query`, best first, within Shopify's price and availability filters when
 * given (the same rule as a collection's), with their facets: the highest price and the stock counts among the
 * matches, each within the other filter.
 */
export function searchProducts(
  catalog: Catalog,
  query: string,
  options: { page?: number; perPage?: number; price?: PriceRange | null; availability?: readonly StockFilter[] } & Omit<RankOptions, "limit" | "within" | "matchedInto"> = {},
): SearchResults {
  const cleaned = query.trim().replace(/\s+/g, " ").slice(0, 500);
  const perPage = Math.min(250, Math.max(1, Math.trunc(options.perPage ?? 24) || 24));
  const asked = Math.max(1, Math.trunc(options.page ?? 1) || 1);
  const index = catalogIndex(catalog);
  const variants = variantFilters(index, catalog, options.price, options.availability);
  const within = filtersAnything(variants) ? andVariantFilters(bitsetOf(index.size).fill(0xffffffff), variants) : undefined;
  const matched = bitsetOf(index.size);
  const { ordinals, total } = rankProducts(catalog, cleaned, { ...options, ...(within ? { within } : {}), matchedInto: matched, limit: Math.min(asked, 100_000) * perPage });
  const { price, availability: stock } = narrowByVariants(index, catalog, matched, variants);
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(pageCount, asked);
  return {
    query: cleaned,
    products: Array.from(ordinals.subarray((page - 1) * perPage, page * perPage), (ordinal) => index.shown(ordinal)),
    total,
    page,
    pageCount,
    perPage,
    price,
    availability: stock,
  };
}

/** How many of the best-matching products query suggestions are drawn from. */
export const SUGGESTION_SOURCES = 50;

export interface QuerySuggestion {
  /** The suggested query: the shopper's words with the last one completed. */
  text: string;
  /** The start of `text` that matches what was typed… */
  typed: string;
  /** …and the completion after it. */
  rest: string;
}

/**
 * Queries to suggest while the shopper types: the query with its last word
 * completed to a title word of the best-matching products, most frequent
 * first, spelt as the titles spell it (lower case).
 */
export function suggestQueries(catalog: Catalog, query: string, ranked: Int32Array, limit: number): QuerySuggestion[] {
  const typed = query.normalize("NFC").trim().replace(/\s+/g, " ").replace(/[^\p{L}\p{N}]+$/u, "");
  const lastTyped = /[\p{L}\p{N}]+$/u.exec(typed)?.[0];
  if (!lastTyped || limit <= 0) return [];
  const before = typed.slice(0, typed.length - lastTyped.length);
  const last = foldText(lastTyped);
  const { titleSpellings, titleFolded } = searchIndex(catalog);
  // Completions by folded word, with how often each spelling of it occurs.
  const completions = new Map<string, { count: number; spellings: Map<string, number> }>();
  for (const ordinal of ranked.subarray(0, SUGGESTION_SOURCES)) {
    const seen = new Set<string>();
    const spellings = titleSpellings[ordinal] ?? [];
    const foldings = titleFolded[ordinal] ?? [];
    for (let i = 0; i < spellings.length; i++) {
      const word = spellings[i]!;
      const folded = foldings[i]!;
      if (!folded.startsWith(last) || seen.has(folded)) continue;
      seen.add(folded);
      let entry = completions.get(folded);
      if (!entry) completions.set(folded, (entry = { count: 0, spellings: new Map() }));
      entry.count++;
      entry.spellings.set(word, (entry.spellings.get(word) ?? 0) + 1);
    }
  }
  return [...completions]
    .sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([, { spellings }]) => {
      const word = [...spellings].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
      // The part of the word that the typed letters stand for (ß counts as ss, é as e).
      let cut = 1;
      while (cut < word.length && foldText(word.slice(0, cut)) !== last) cut++;
      return { text: before + word, typed: before + word.slice(0, cut), rest: word.slice(cut) };
    });
}
