/**
 * Saved for later: what a shopper keeps to buy another time. The quiz and kit
 * builders each save their picks; the side cart and cart page save single
 * lines. The browser keeps the list for everyone; a logged-in customer's list
 * is also stored by the shop (`POST /api/save-for-later`), so it follows them
 * to another device.
 *
 * One list holds every kind, each item marked with where it was saved from.
 */

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
}

export type SavedItem = SavedKitItem | SavedQuizItem | SavedCartItem;

/** The browser storage key of the whole list. */
export const SAVED_STORAGE_KEY = "lumen-leaf:saved-for-later";
/** The browser storage key of the list last sent to the shop, so an unchanged list is not sent again. */
export const SAVED_SENT_KEY = "lumen-leaf:saved-for-later:sent";

/** The most items a list holds; the shop refuses more. */
export const SAVED_ITEMS_LIMIT = 100;

const MAX_TEXT = 200;
const HANDLE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === "string" && value.length <= MAX_TEXT;
const isId = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value > 0;

function isProperties(value: unknown): value is Record<string, string> {
  if (!isRecord(value)) return false;
  const entries = Object.entries(value);
  return entries.length <= 20 && entries.every(([key, text]) => key.length <= MAX_TEXT && isText(text));
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
      if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 1 || quantity > 1000 || !isProperties(properties)) return null;
      return { source, product_handle: handle, product_title: title, product_variant: variant, quantity, properties };
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
  return JSON.stringify(list.map((item) => Object.entries(item).sort(([a], [b]) => a.localeCompare(b))));
}

/** Whether two lists hold the same items in the same order. */
export function sameSavedList(a: readonly SavedItem[], b: readonly SavedItem[]): boolean {
  return a.length === b.length && savedListKey(a) === savedListKey(b);
}
