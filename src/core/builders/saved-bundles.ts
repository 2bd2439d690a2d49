/**
 * Saved for later: what a shopper keeps to buy another time. The quiz and kit
 * builders each save their picks; the side cart and cart page save single
 * lines. The browser keeps the list for everyone; a logged-in customer's list
 * is also stored by the shop (`POST /api/save-for-later`), so it follows them
 * to another device.
 *
 * One list holds every kind, each item marked with where it was saved from.
 */

import { isPaidLine } from "../cart/line-rules.ts";

export type SavedSource = "quiz" | "kit" | "cart";

/** A kit builder pick, with the fields the kit saves. */
export interface SavedKitItem {
  source: "kit";
  product_handle: string;
  /** Index of the step (0-based) the product was picked in. */
  product_step: number;
  product_title: string;
  /** Variant id. */
  product_variant: number;
  /** Picked in the step's popup list. */
  in_popup?: boolean;
}

/** A quiz builder pick, with the fields the quiz saves. */
export interface SavedQuizItem {
  source: "quiz";
  product_handle: string;
  product_title: string;
  /** Key of the quiz step. */
  product_step: string;
  product_variant: number;
  product_is_free: boolean;
}

/** A cart line moved out of the cart, to be moved back. */
export interface SavedCartItem {
  source: "cart";
  product_handle: string;
  product_title: string;
  product_variant: number;
  quantity: number;
  /** The line's properties, so it comes back as the same line. */
  properties: Record<string, string>;
  /** The variant's name ("30 ml"), when the product has more than one. */
  variant_title?: string;
  /** The line's picture, a path on the shop. */
  image?: string;
}

export type SavedItem = SavedKitItem | SavedQuizItem | SavedCartItem;

export { SAVED_ADOPTED_KEY, SAVED_OWNER_KEY, SAVED_SENT_KEY, SAVED_STORAGE_KEY } from "./saved-storage.ts";

/** The most items a list holds; the shop refuses more. */
export const SAVED_ITEMS_LIMIT = 100;

const MAX_TEXT = 200;
/** The most of one line a saved item holds. */
export const SAVED_QUANTITY_LIMIT = 1000;
/** The most properties a saved line keeps; a line with more is not saved. */
const MAX_PROPERTIES = 20;
const HANDLE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A picture on the shop itself: a plain path (no query), never another site's address. */
const LOCAL_PATH = /^\/(?!\/)[^\s\\?#]*$/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === "string" && value.length <= MAX_TEXT;
const isId = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value > 0;

function isProperties(value: unknown): value is Record<string, string> {
  if (!isRecord(value)) return false;
  const entries = Object.entries(value);
  return entries.length <= MAX_PROPERTIES && entries.every(([key, text]) => key.length <= MAX_TEXT && isText(text));
}

/** One saved item read from storage or a request, or null when it is not one. */
export function parseSavedItem(value: unknown): SavedItem | null {
  if (!isRecord(value)) return null;
  const { source, product_handle: handle, product_title: title, product_variant: variant } = value;
  if (typeof handle !== "string" || !HANDLE.test(handle) || handle.length > MAX_TEXT || !isText(title) || !isId(variant)) return null;
  switch (source) {
    case "kit": {
      const step = value.product_step;
      if (typeof step !== "number" || !Number.isInteger(step) || step < 0 || step > 50) return null;
      return { source, product_handle: handle, product_step: step, product_title: title, product_variant: variant, ...(value.in_popup === true ? { in_popup: true } : {}) };
    }
    case "quiz": {
      const step = value.product_step;
      if (!isText(step) || step === "") return null;
      return { source, product_handle: handle, product_title: title, product_step: step, product_variant: variant, product_is_free: value.product_is_free === true };
    }
    case "cart": {
      const quantity = value.quantity;
      const properties = value.properties ?? {};
      if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 1 || quantity > SAVED_QUANTITY_LIMIT || !isProperties(properties)) return null;
      const { variant_title: variantTitle, image } = value;
      if (variantTitle !== undefined && !isText(variantTitle)) return null;
      if (image !== undefined && !(isText(image) && LOCAL_PATH.test(image))) return null;
      return {
        source,
        product_handle: handle,
        product_title: title,
        product_variant: variant,
        quantity,
        properties: { ...properties },
        ...(variantTitle ? { variant_title: variantTitle } : {}),
        ...(image ? { image } : {}),
      };
    }
    default:
      return null;
  }
}

/**
 * A saved list from storage or a request: the valid items, at most the limit.
 * Anything that is not a list is an empty list.
 */
export function parseSavedList(value: unknown): SavedItem[] {
  if (!Array.isArray(value)) return [];
  return value
    .map(parseSavedItem)
    .filter((item): item is SavedItem => item !== null)
    .slice(0, SAVED_ITEMS_LIMIT);
}

export type SavedListCheck = { ok: true; items: SavedItem[] } | { ok: false; description: string };

/**
 * A list sent to the shop, checked strictly: it must be a list of at most
 * the limit, every item a saved item. Nothing is dropped quietly, so what the
 * shop stores is what the browser holds.
 */
export function checkSavedList(value: unknown): SavedListCheck {
  if (!Array.isArray(value)) return { ok: false, description: "data must be a list of saved items" };
  if (value.length > SAVED_ITEMS_LIMIT) return { ok: false, description: `data must hold at most ${SAVED_ITEMS_LIMIT} saved items` };
  const items: SavedItem[] = [];
  for (const [index, entry] of value.entries()) {
    const item = parseSavedItem(entry);
    if (!item) return { ok: false, description: `data[${index}] is not a saved item` };
    items.push(item);
  }
  return { ok: true, items };
}

/** The items saved from one place. */
export function savedFrom<S extends SavedSource>(list: readonly SavedItem[], source: S): Extract<SavedItem, { source: S }>[] {
  return list.filter((item): item is Extract<SavedItem, { source: S }> => item.source === source);
}

/** The list with one place's items replaced by `items`, the other places' kept. */
export function replaceSaved(list: readonly SavedItem[], source: SavedSource, items: readonly SavedItem[]): SavedItem[] {
  return [...list.filter((item) => item.source !== source), ...items.filter((item) => item.source === source)].slice(0, SAVED_ITEMS_LIMIT);
}

/** A stable text of a list: the same items in the same order give the same text. */
export function savedListKey(list: readonly SavedItem[]): string {
  return JSON.stringify(list.map(canonical));
}

/** Objects as their entries sorted by name, at every depth, so the order names were written in does not count. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (!isRecord(value)) return value;
  return Object.entries(value)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, entry]) => [name, canonical(entry)]);
}

/** Whether two lists hold the same items in the same order. */
export function sameSavedList(a: readonly SavedItem[], b: readonly SavedItem[]): boolean {
  return a.length === b.length && savedListKey(a) === savedListKey(b);
}

/** What makes two saved cart lines the same line: the variant and the properties. */
export function savedCartKey(item: Pick<SavedCartItem, "product_variant" | "properties">): string {
  const properties = Object.entries(item.properties).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([item.product_variant, properties]);
}

/** A cart line as the cart answers it, the fields a saved line needs. */
export interface SaveableLine {
  handle: string;
  product_type: string;
  price: number;
  final_line_price: number;
  product_title: string;
  variant_id: number;
  variant_title: string | null;
  quantity: number;
  properties: Record<string, string> | null;
  featured_image: { url: string | null } | null;
}

/**
 * A cart line as a saved item, or null when it cannot be saved and moved back
 * as the same line (more properties than a saved line keeps, texts too long).
 */
export function savedCartItem(line: SaveableLine): SavedCartItem | null {
  const candidate = {
    source: "cart",
    product_handle: line.handle,
    product_title: line.product_title,
    product_variant: line.variant_id,
    quantity: Math.min(line.quantity, SAVED_QUANTITY_LIMIT),
    properties: line.properties ?? {},
    ...(line.variant_title ? { variant_title: line.variant_title } : {}),
    ...(line.featured_image?.url && LOCAL_PATH.test(line.featured_image.url) ? { image: line.featured_image.url } : {}),
  };
  const item = parseSavedItem(candidate);
  return item?.source === "cart" ? item : null;
}

/**
 * Whether a cart line offers 'Save for later': a line the shopper pays for
 * (not a free gift, a sample or a free line) that can come back as the same line.
 */
export function canSaveForLater(line: SaveableLine): boolean {
  return isPaidLine({ ...line, properties: line.properties ?? {} }) && savedCartItem(line) !== null;
}

export type SaveLineResult = { ok: true; list: SavedItem[] } | { ok: false; reason: "full" };

/**
 * The list with a cart line saved: the same line saved before gains its
 * quantity (up to the quantity limit) and moves to the top of the cart's
 * items; a new line goes first among them. A full list takes no new line.
 */
export function saveCartLine(list: readonly SavedItem[], item: SavedCartItem): SaveLineResult {
  const key = savedCartKey(item);
  const cartItems = savedFrom(list, "cart");
  const same = cartItems.find((saved) => savedCartKey(saved) === key);
  if (!same && list.length >= SAVED_ITEMS_LIMIT) return { ok: false, reason: "full" };
  const merged: SavedCartItem = same ? { ...item, quantity: Math.min(SAVED_QUANTITY_LIMIT, same.quantity + item.quantity) } : item;
  return { ok: true, list: replaceSaved(list, "cart", [merged, ...cartItems.filter((saved) => saved !== same)]) };
}

/** The list without one saved cart line (found by its variant and properties). */
export function withoutSavedCartItem(list: readonly SavedItem[], item: Pick<SavedCartItem, "product_variant" | "properties">): SavedItem[] {
  const key = savedCartKey(item);
  return list.filter((saved) => saved.source !== "cart" || savedCartKey(saved) !== key);
}
