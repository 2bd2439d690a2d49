import type { SellingPlanGroup } from "../subscriptions/selling-plans.ts";
/**
 * The back office's catalog: the product list, a product's edit form, and
 * the rules every change to a product obeys (the form's and the CSV
 * import's alike): prices in pence written as "12.50", tags, weights, SKUs.
 */
import { formatInciList, parseInciList } from "../catalog/inci.ts";
import type { AdminAnswer } from "./answers.ts";
import type { AdminPicturesClient } from "../catalog/product-pictures.ts";
import { THEME_METAFIELD_FIELDS, type ThemeMetafields, readThemeMetafields } from "../catalog/product-metafields.ts";
import { decimalAmount, parseMoney } from "../money/money.ts";
import { hasControlCharacter } from "../common/text.ts";

/** Products listed per page. */
export const PRODUCTS_PAGE_SIZE = 50;
export const PRODUCT_TITLE_MAX = 255;
export const PRODUCT_DESCRIPTION_MAX = 20_000;
export const PRODUCT_INGREDIENTS_MAX = 4_000;
export const PRODUCT_TYPE_MAX = 255;
export const PRODUCT_VENDOR_MAX = 255;
export const PRODUCT_TAG_MAX = 255;
export const PRODUCT_TAGS_MAX = 250;
export const VARIANT_SKU_MAX = 100;
/** The dearest price the shop takes: £1,000,000.00, in pence. */
export const PRICE_MAX = 100_000_000;
/** The heaviest variant, in grams (a tonne). */
export const GRAMS_MAX = 1_000_000;

export interface AdminProductRow {
  id: number;
  handle: string;
  title: string;
  vendor: string;
  productType: string;
  published: boolean;
  variantCount: number;
  /** The cheapest and dearest variant, in pence. */
  priceMin: number;
  priceMax: number;
}

export interface AdminProductList {
  rows: AdminProductRow[];
  total: number;
  page: number;
  pageCount: number;
  query: string;
}

export interface AdminVariantDetail {
  id: number;
  title: string;
  sku: string;
  price: number;
  compareAtPrice: number | null;
  grams: number;
}

export interface AdminCollectionRef {
  id: number;
  handle: string;
  title: string;
}

export interface AdminProductDetail {
  id: number;
  handle: string;
  title: string;
  bodyHtml: string;
  ingredients: string;
  /** The badges, size, 'helps with' points and add-ons the theme reads. */
  themeMetafields: ThemeMetafields;
  vendor: string;
  productType: string;
  tags: string[];
  published: boolean;
  collectionIds: number[];
  variants: AdminVariantDetail[];
  /** The product as last saved: an edit made from an older copy is refused rather than overwriting someone else's. */
  version: string;
  /** Every collection the product may join, in title order. */
  collections: AdminCollectionRef[];
  /** Subscribe and save: the product's (first) selling plan group, edited on its page; null when it is sold once only. */
  sellingPlanGroup: SellingPlanGroup | null;
}

/** A collection as the back office lists it. */
export interface AdminCollectionRow {
  id: number;
  handle: string;
  title: string;
  hidden: boolean;
  productCount: number;
}

export interface AdminCollectionDetail {
  id: number;
  handle: string;
  title: string;
  bodyHtml: string;
  /** Hidden collections (samples, gifts) hold products without being listed for browsing. */
  hidden: boolean;
  /** The products in it, in the collection's order. */
  productIds: number[];
  /** Every product it may hold, in title order. */
  products: { id: number; title: string; handle: string; published: boolean }[];
  version: string;
}

export interface AdminCatalogClient {
  list(options: { query?: string; page?: number }): Promise<AdminProductList>;
  product(id: number): Promise<AdminProductDetail | null>;
  /**
   * Saves the product form: fields `title`, `description`, `ingredients`,
   * `cart_badges`, `amount_ml`, `helps_with`, `upsell_items`,
   * `vendor`, `product_type`, `tags`, `published`, `collection_<id>`, `version`,
   * and per variant `variant_<id>_price`, `_compare_at_price`, `_sku`, `_grams`.
   * Errors are keyed by those names.
   */
  update(id: number, form: Record<string, unknown>): Promise<AdminAnswer>;
  /** Saves the product's subscribe-and-save plans (`readPlanForm`'s fields); no plans left: sold once only. */
  updateSellingPlans(id: number, form: Record<string, unknown>): Promise<AdminAnswer>;
  collections(): Promise<AdminCollectionRow[]>;
  collection(id: number): Promise<AdminCollectionDetail | null>;
  /** Saves the collection form: `title`, `description`, `version`, and `product_<id>` for each product it holds. */
  updateCollection(id: number, form: Record<string, unknown>): Promise<AdminAnswer>;
  /** The whole catalog in Shopify's product CSV columns; null for anyone but the owner. */
  exportCsv(): Promise<string | null>;
  /** Creates and updates products from a Shopify product CSV, all or nothing. */
  importCsv(csv: string): Promise<AdminAnswer>;
  /** The pictures the merchant uploads for a product. */
  pictures: AdminPicturesClient;
}

/** A posted field as text: strings trimmed, finite numbers written out, anything else empty. */
export const fieldText = (value: unknown): string =>
  typeof value === "string" ? value.trim() : typeof value === "number" && Number.isFinite(value) ? String(value) : "";

/** Tags as a comma-separated list: trimmed, empty ones dropped, each once (ignoring case), in the order given. */
export function parseTags(input: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of input.split(",")) {
    const tag = raw.trim();
    if (tag === "" || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

export interface ProductFields {
  title: string;
  bodyHtml: string;
  ingredients: string;
  vendor: string;
  productType: string;
  tags: string[];
  published: boolean;
}

export interface VariantFields {
  sku: string;
  price: number;
  compareAtPrice: number | null;
  grams: number;
}

type Errors = Record<string, string>;

/** A line of text: no longer than `max`, no control characters (and no line breaks unless `lines`). */
function checkText(errors: Errors, key: string, value: string, what: string, max: number, { required = false, lines = false } = {}): void {
  if (required && value === "") errors[key] = `Enter the ${what}.`;
  else if (value.length > max) errors[key] = `Keep the ${what} to ${max.toLocaleString("en-GB")} characters or fewer.`;
  else if (hasControlCharacter(value, { lineBreaks: lines })) errors[key] = `Remove the special characters from the ${what}.`;
}

/**
 * The product's own fields, checked; errors keyed by `keys` (the form's
 * field names, or the CSV's columns).
 */
export function checkProductFields(
  input: { title: string; description: string; ingredients: string; vendor: string; productType: string; tags: string; published: boolean },
  keys: Record<"title" | "description" | "ingredients" | "vendor" | "productType" | "tags", string>,
): { fields: ProductFields; errors: Errors } {
  const errors: Errors = {};
  checkText(errors, keys.title, input.title, "title", PRODUCT_TITLE_MAX, { required: true });
  checkText(errors, keys.description, input.description, "description", PRODUCT_DESCRIPTION_MAX, { lines: true });
  checkText(errors, keys.ingredients, input.ingredients, "ingredients", PRODUCT_INGREDIENTS_MAX, { lines: true });
  checkText(errors, keys.vendor, input.vendor, "vendor", PRODUCT_VENDOR_MAX);
  checkText(errors, keys.productType, input.productType, "product type", PRODUCT_TYPE_MAX);
  const tags = parseTags(input.tags);
  if (tags.length > PRODUCT_TAGS_MAX) errors[keys.tags] = `Use at most ${PRODUCT_TAGS_MAX} tags.`;
  else if (tags.some((tag) => tag.length > PRODUCT_TAG_MAX)) errors[keys.tags] = `Keep each tag to ${PRODUCT_TAG_MAX} characters or fewer.`;
  else if (hasControlCharacter(input.tags, { lineBreaks: false })) errors[keys.tags] = "Remove the special characters from the tags.";
  return {
    fields: {
      title: input.title,
      bodyHtml: input.description,
      // A list pasted from a label is kept as INCI writes it: one name per comma, spaced and capitalised.
      ingredients: formatInciList(parseInciList(input.ingredients)),
      vendor: input.vendor,
      productType: input.productType,
      tags,
      published: input.published,
    },
    errors,
  };
}

/**
 * A variant's price, compare-at price, SKU and weight, checked. The price is
 * required; the compare-at price (the price before a sale) is empty or above
 * the price; the weight is whole grams, empty meaning 0.
 */
export function checkVariantFields(
  input: { price: string; compareAtPrice: string; sku: string; grams: string },
  keys: Record<"price" | "compareAtPrice" | "sku" | "grams", string>,
): { fields: VariantFields; errors: Errors } {
  const errors: Errors = {};
  const price = parseMoney(input.price);
  if (input.price === "") errors[keys.price] = "Enter the price, such as 12.50.";
  else if (price === null) errors[keys.price] = "Enter the price in pounds and pence, such as 12.50.";
  else if (price > PRICE_MAX) errors[keys.price] = `Enter a price of at most ${decimalAmount(PRICE_MAX)}.`;
  let compareAtPrice: number | null = null;
  if (input.compareAtPrice !== "") {
    compareAtPrice = parseMoney(input.compareAtPrice);
    if (compareAtPrice === null) errors[keys.compareAtPrice] = "Enter the compare-at price in pounds and pence, such as 15.00, or leave it empty.";
    else if (compareAtPrice > PRICE_MAX) errors[keys.compareAtPrice] = `Enter a compare-at price of at most ${decimalAmount(PRICE_MAX)}.`;
    else if (price !== null && compareAtPrice <= price) errors[keys.compareAtPrice] = "The compare-at price is the price before a sale: make it more than the price, or leave it empty.";
  }
  checkText(errors, keys.sku, input.sku, "SKU", VARIANT_SKU_MAX);
  let grams = 0;
  if (input.grams !== "") {
    grams = Number(input.grams);
    if (!/^\d+$/.test(input.grams)) errors[keys.grams] = "Enter the weight as a whole number of grams, such as 250.";
    else if (grams > GRAMS_MAX) errors[keys.grams] = `Enter a weight of at most ${GRAMS_MAX.toLocaleString("en-GB")} grams.`;
  }
  return { fields: { sku: input.sku, price: price ?? 0, compareAtPrice, grams }, errors };
}

export interface ProductEdit {
  product: ProductFields;
  themeMetafields: ThemeMetafields;
  collectionIds: number[];
  variants: Map<number, VariantFields>;
  version: string;
}

/**
 * The product form as posted, checked against the product's handle and
 * variants; or every field's error, with the add-ons' handles when they read
 * well, so the catalog can say at once which of them it does not have.
 */
export function readProductForm(form: Record<string, unknown>, handle: string, variantIds: readonly number[]): { edit: ProductEdit } | { errors: Errors; upsellHandles: string[] } {
  const { fields: product, errors } = checkProductFields(
    {
      title: fieldText(form.title),
      description: fieldText(form.description),
      ingredients: fieldText(form.ingredients),
      vendor: fieldText(form.vendor),
      productType: fieldText(form.product_type),
      tags: fieldText(form.tags),
      published: ["1", "on", "true"].includes(fieldText(form.published)),
    },
    { title: "title", description: "description", ingredients: "ingredients", vendor: "vendor", productType: "product_type", tags: "tags" },
  );
  const themed = readThemeMetafields(
    { badges: fieldText(form.cart_badges), amountMl: fieldText(form.amount_ml), helpsWith: fieldText(form.helps_with), upsellHandles: fieldText(form.upsell_items) },
    handle,
  );
  Object.assign(errors, themed.errors);
  const variants = new Map<number, VariantFields>();
  for (const id of variantIds) {
    const key = (name: string) => `variant_${id}_${name}`;
    const checked = checkVariantFields(
      { price: fieldText(form[key("price")]), compareAtPrice: fieldText(form[key("compare_at_price")]), sku: fieldText(form[key("sku")]), grams: fieldText(form[key("grams")]) },
      { price: key("price"), compareAtPrice: key("compare_at_price"), sku: key("sku"), grams: key("grams") },
    );
    Object.assign(errors, checked.errors);
    variants.set(id, checked.fields);
  }
  const collectionIds = tickedIds(form, "collection_");
  if (Object.keys(errors).length > 0) return { errors, upsellHandles: themed.errors[THEME_METAFIELD_FIELDS.upsellHandles] ? [] : themed.fields.upsellHandles };
  return { edit: { product, themeMetafields: themed.fields, collectionIds, variants, version: fieldText(form.version) } };
}

export const COLLECTION_TITLE_MAX = 255;

export interface CollectionEdit {
  title: string;
  bodyHtml: string;
  productIds: number[];
  version: string;
}

/** The ids a form ticks for boxes named `<prefix><id>`. */
function tickedIds(form: Record<string, unknown>, prefix: string): number[] {
  const pattern = new RegExp(`^${prefix}(\\d+)$`);
  return Object.keys(form)
    .map((name) => pattern.exec(name))
    .filter((match): match is RegExpExecArray => match !== null && ["1", "on", "true"].includes(fieldText(form[match[0]])))
    .map((match) => Number(match[1]))
    .filter(Number.isSafeInteger);
}

/** The collection form as posted: its title and description, checked, and the products ticked. */
export function readCollectionForm(form: Record<string, unknown>): { edit: CollectionEdit } | { errors: Errors } {
  const errors: Errors = {};
  const title = fieldText(form.title);
  const description = fieldText(form.description);
  checkText(errors, "title", title, "title", COLLECTION_TITLE_MAX, { required: true });
  checkText(errors, "description", description, "description", PRODUCT_DESCRIPTION_MAX, { lines: true });
  if (Object.keys(errors).length > 0) return { errors };
  return { edit: { title, bodyHtml: description, productIds: tickedIds(form, "product_"), version: fieldText(form.version) } };
}
