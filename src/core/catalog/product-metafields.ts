/**
 * The product metafields the theme reads besides the ingredients: the badges
 * on cards and cart lines (`product_cart_badges`), the millilitres a price
 * buys (`price_per_ml.amount_ml`), the builders' 'helps with' points
 * (`helps_with`) and the merchant's add-ons (`checkout_upsell_items`). Each is
 * read by one rule here, and the back office's form for them refuses what
 * that rule would drop, so what the merchant saves is what shoppers see.
 */
import type { ProductMetafields, ProductVitals } from "../contract/shopify-types.ts";
import { HELPS_WITH_POINTS } from "../builders/routine-builder.ts";
import { hasControlCharacter } from "../common/text.ts";

/** Badges a product may carry; cards and cart lines show every one. */
export const CART_BADGES_MAX = 4;
/** A badge is a short label on a pill. */
export const CART_BADGE_LENGTH_MAX = 24;
/** The most millilitres a product may hold: ten litres. */
export const AMOUNT_ML_MAX = 10_000;
/** A 'helps with' point is one line under a builder card. */
export const HELPS_WITH_LENGTH_MAX = 80;
/** Products the merchant may name as a product's add-ons. */
export const UPSELL_ITEMS_MAX = 10;
/** The product page offers this many of them as tick boxes; the side cart's upsells take them all. */
export const PRODUCT_PAGE_ADD_ONS = 3;

const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string").map((entry) => entry.trim()).filter((entry) => entry !== "") : [];

/** The badges to show: the non-empty texts, in order. */
export function cartBadgesOf(metafields: Pick<ProductMetafields, "product_cart_badges"> | undefined): string[] {
  return texts(metafields?.product_cart_badges);
}

/** The builders' 'helps with' points: the non-empty texts, in order. */
export function helpsWithOf(metafields: Pick<ProductMetafields, "helps_with"> | undefined): string[] {
  return texts(metafields?.helps_with);
}

/** The millilitres the product holds when no variant names its own volume; null when it does not say. */
export function amountMlOf(metafields: Pick<ProductMetafields, "price_per_ml"> | undefined): number | null {
  const amount = metafields?.price_per_ml?.amount_ml;
  return typeof amount === "number" && Number.isFinite(amount) && amount > 0 ? amount : null;
}

/** The products the merchant pairs with this one, by handle: each once, never the product itself. */
export function upsellHandlesOf(metafields: Pick<ProductMetafields, "checkout_upsell_items"> | undefined, ownHandle: string): string[] {
  return [...new Set(texts(metafields?.checkout_upsell_items))].filter((handle) => handle !== ownHandle);
}

/** The builders' numbered points (`helps_with_point_0` to `_9`) for a 'helps with' list; earlier points are replaced. */
export function withHelpsWithPoints(vitals: ProductVitals, points: readonly string[]): ProductVitals {
  const next: ProductVitals = {};
  for (const [key, value] of Object.entries(vitals)) if (!key.startsWith("helps_with_point_")) next[key] = value;
  points.slice(0, HELPS_WITH_POINTS).forEach((point, index) => {
    next[`helps_with_point_${index}`] = point;
  });
  return next;
}

/** The four metafields as the back office edits them. */
export interface ThemeMetafields {
  badges: string[];
  amountMl: number | null;
  helpsWith: string[];
  upsellHandles: string[];
}

/** The form's field names. */
export const THEME_METAFIELD_FIELDS = { badges: "cart_badges", amountMl: "amount_ml", helpsWith: "helps_with", upsellHandles: "upsell_items" } as const;

/** The metafields of a product as the form shows them. */
export function themeMetafieldsOf(custom: ProductMetafields, ownHandle: string): ThemeMetafields {
  return { badges: cartBadgesOf(custom), amountMl: amountMlOf(custom), helpsWith: helpsWithOf(custom), upsellHandles: upsellHandlesOf(custom, ownHandle) };
}

/** What separates a list's entries in Shopify's product CSV ("Vegan; New"); so no badge or point may hold one. */
export const LIST_SEPARATOR = ";";

/** One entry per line; blank lines dropped. */
const lines = (text: string): string[] =>
  text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");

const AMOUNT = /^(\d{1,12}(?:\.\d{1,2})?)\s*(?:ml)?$/i;
const HANDLE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** "50", "50 ml" or "7.5" as millilitres; null when empty; a message when it is not a volume. */
export function parseAmountMl(text: string): { amountMl: number | null } | { error: string } {
  if (text.trim() === "") return { amountMl: null };
  const match = AMOUNT.exec(text.trim());
  const amount = match ? Number(match[1]) : NaN;
  if (!(amount > 0)) return { error: "Enter the size in millilitres, such as 50, or leave it empty for products not sold by volume." };
  if (amount > AMOUNT_ML_MAX) return { error: `Enter a size of at most ${AMOUNT_ML_MAX.toLocaleString("en-GB")} ml.` };
  return { amountMl: amount };
}

/**
 * The four fields as typed (badges, points and handles one per line), checked
 * by the rules the theme reads them with; errors keyed by `keys`. Whether each
 * handle names a product is the catalog's to say (`unknownHandles`).
 */
export function readThemeMetafields(
  input: { badges: string; amountMl: string; helpsWith: string; upsellHandles: string },
  ownHandle: string,
  keys: Record<keyof ThemeMetafields, string> = THEME_METAFIELD_FIELDS,
): { fields: ThemeMetafields; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const badges = lines(input.badges);
  const seenBadges = new Set(badges.map((badge) => badge.toLowerCase()));
  if (badges.length > CART_BADGES_MAX) errors[keys.badges] = `Use at most ${CART_BADGES_MAX} badges.`;
  else if (badges.some((badge) => badge.length > CART_BADGE_LENGTH_MAX)) errors[keys.badges] = `Keep each badge to ${CART_BADGE_LENGTH_MAX} characters or fewer.`;
  else if (seenBadges.size < badges.length) errors[keys.badges] = "Write each badge once.";
  else if (badges.some((badge) => hasControlCharacter(badge, { lineBreaks: false }))) errors[keys.badges] = "Remove the special characters from the badges.";
  else if (badges.some((badge) => badge.includes(LIST_SEPARATOR))) errors[keys.badges] = "Leave semicolons out of the badges: the product CSV separates badges with them.";

  const amount = parseAmountMl(input.amountMl);
  if ("error" in amount) errors[keys.amountMl] = amount.error;

  const helpsWith = lines(input.helpsWith);
  if (helpsWith.length > HELPS_WITH_POINTS) errors[keys.helpsWith] = `Use at most ${HELPS_WITH_POINTS} points.`;
  else if (helpsWith.some((point) => point.length > HELPS_WITH_LENGTH_MAX)) errors[keys.helpsWith] = `Keep each point to ${HELPS_WITH_LENGTH_MAX} characters or fewer.`;
  else if (helpsWith.some((point) => hasControlCharacter(point, { lineBreaks: false }))) errors[keys.helpsWith] = "Remove the special characters from the points.";
  else if (helpsWith.some((point) => point.includes(LIST_SEPARATOR))) errors[keys.helpsWith] = "Leave semicolons out of the points: the product CSV separates points with them.";

  // A product's address works too: /products/rose-face-oil (or within a collection, /collections/face/products/rose-face-oil) is its handle.
  const handles = lines(input.upsellHandles).map((line) => line.replace(/^(?:https?:\/\/[^/]+)?\/?(?:collections\/[^/?#]+\/)?products\//i, "").replace(/[?#].*$/, "").replace(/\/$/, ""));
  const badHandle = handles.find((handle) => !HANDLE.test(handle));
  if (handles.length > UPSELL_ITEMS_MAX) errors[keys.upsellHandles] = `Name at most ${UPSELL_ITEMS_MAX} products.`;
  else if (badHandle !== undefined) errors[keys.upsellHandles] = `“${badHandle.slice(0, 60)}” is not a product handle: a handle is lower-case letters, digits and single hyphens, such as rose-face-oil.`;
  else if (handles.includes(ownHandle)) errors[keys.upsellHandles] = "A product cannot be its own add-on: remove its handle.";
  else if (new Set(handles).size < handles.length) errors[keys.upsellHandles] = "Name each product once.";

  return { fields: { badges, amountMl: "amountMl" in amount ? amount.amountMl : null, helpsWith, upsellHandles: handles }, errors };
}

/** The message for handles that name no product in the catalog. */
export function unknownHandlesMessage(unknown: readonly string[]): string {
  const named = unknown.slice(0, 3).map((handle) => `“${handle}”`).join(", ");
  return unknown.length === 1 ? `No product has the handle ${named}: check it on the product's page.` : `No products have the handles ${named}${unknown.length > 3 ? "…" : ""}: check them on the products' pages.`;
}

/** The product's metafield groups with the four fields written in (an empty one removed). */
export function writeThemeMetafields(custom: ProductMetafields, vitals: ProductVitals, fields: ThemeMetafields): { custom: ProductMetafields; vitals: ProductVitals } {
  const next: ProductMetafields = { ...custom };
  const set = <K extends keyof ProductMetafields>(key: K, value: ProductMetafields[K] | null) => {
    if (value === null) delete next[key];
    else next[key] = value;
  };
  set("product_cart_badges", fields.badges.length ? fields.badges : null);
  set("price_per_ml", fields.amountMl === null ? null : { amount_ml: fields.amountMl });
  set("helps_with", fields.helpsWith.length ? fields.helpsWith : null);
  set("checkout_upsell_items", fields.upsellHandles.length ? fields.upsellHandles : null);
  return { custom: next, vitals: withHelpsWithPoints(vitals, fields.helpsWith) };
}

/** Metafield groups holding the four fields: `custom`, and the builders' `vitals`. */
export interface ThemedMetafieldGroups {
  custom?: ProductMetafields;
  vitals?: ProductVitals;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The product's metafields with the `given` fields written in, the others
 * kept; the very same object when nothing changes as the theme reads it. The
 * builders' numbered points follow 'helps with' only when it changes.
 */
export function withThemeMetafields<T extends ThemedMetafieldGroups>(metafields: T, ownHandle: string, given: Partial<ThemeMetafields>): T {
  const current = themeMetafieldsOf(metafields.custom ?? {}, ownHandle);
  const next: ThemeMetafields = { ...current, ...given };
  if (sameJson(next, current)) return metafields;
  const written = writeThemeMetafields(metafields.custom ?? {}, metafields.vitals ?? {}, next);
  return { ...metafields, custom: written.custom, ...(sameJson(next.helpsWith, current.helpsWith) ? {} : { vitals: written.vitals }) };
}
