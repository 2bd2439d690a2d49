/**
 * The shop info travels from the root route to the page as one JSON text
 * rather than as an object. React Router would write an object out value by
 * value on every rendered page and read it back the same way as the page
 * starts, the largest part of the page's data (about 21 KB) and a long task
 * on a phone; the text is written once per shop info and read with the
 * browser's own JSON parser.
 *
 * A page's document carries the text once, in a JSON script element of its
 * own, and the root route's data names it by a key: on its way through the
 * framework's data stream the text would be escaped, encoded and decoded
 * again several times on every rendered page. Data asked for after the page
 * has started (a client navigation that reads the root again) carries the
 * text itself. Either way the root's `shop` is a string: a text begins with
 * "{", a key never does.
 */
import { RecentMap } from "../../core/common/recent-map.ts";
import type { ShopInfo } from "../../core/contract/storefront.ts";

/** The shop info as JSON, safe inside a script element: "<" is written as its escape, which JSON reads back the same. */
export type ShopText = string & { readonly __shopText: true };

/** The id of the script element that carries a page's shop info. */
export const SHOP_INFO_ELEMENT_ID = "shop-info";

interface Written {
  text: ShopText;
  key: string;
}

/** Texts written, by the shop info they say: the platform shares one object per catalog and address. */
const written = new WeakMap<ShopInfo, Written>();
/** Keys kept at once: far more than the catalogs and addresses one server answers for. */
const KEPT_KEYS = 64;
/** Texts by key: the server's, for the pages it renders, and in the browser the one its document carries. */
const textsByKey = new RecentMap<string, ShopText>(KEPT_KEYS);

/**
 * A key for a text, short and the same for the same text on every server:
 * a 53-bit hash (two FNV-1a lanes) and the length. The few texts one server
 * keeps make two of them sharing a key vanishingly unlikely.
 */
function keyOf(text: string): string {
  let low = 0x811c9dc5;
  let high = 0x01000193;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    low = Math.imul(low ^ code, 0x01000193);
    high = Math.imul(high ^ code, 0x5bd1e995);
  }
  const hash = (high >>> 0) * 0x200000 + ((low >>> 0) & 0x1fffff);
  return `shop-${hash.toString(36)}-${text.length.toString(36)}`;
}

function writtenFor(shop: ShopInfo): Written {
  let entry = written.get(shop);
  if (entry === undefined) {
    const text = JSON.stringify(shop).replaceAll("<", "\\u003c") as ShopText;
    entry = { text, key: keyOf(text) };
    written.set(shop, entry);
  }
  return entry;
}

export function shopText(shop: ShopInfo): ShopText {
  return writtenFor(shop).text;
}

/** The key that stands for the shop info in a page's data; the document carries its text (see ShopInfoScript). */
export function shopKey(shop: ShopInfo): string {
  const { text, key } = writtenFor(shop);
  // The least recently used key goes first when there are too many.
  textsByKey.set(key, text);
  return key;
}

/** The text a key stands for: kept by the server, or in the browser read from the page's script element. */
export function shopTextOfKey(key: string): ShopText | undefined {
  const kept = textsByKey.get(key);
  if (kept !== undefined || typeof document === "undefined") return kept;
  const element = document.getElementById(SHOP_INFO_ELEMENT_ID);
  if (element?.dataset.key !== key || element.textContent === null) return undefined;
  const text = element.textContent as ShopText;
  textsByKey.set(key, text);
  return text;
}

/** Shop infos read, by their text: a page reads its own once, however many parts ask. */
const read = new Map<string, ShopInfo>();
/** Texts kept read at once (the server renders for several sites and addresses). */
const KEPT = 8;

export function shopFromText(text: string): ShopInfo {
  let shop = read.get(text);
  if (shop === undefined) {
    shop = JSON.parse(text) as ShopInfo;
    if (read.size >= KEPT) read.clear();
    read.set(text, shop);
  }
  return shop;
}

/** Whether the root's `shop` is a key (a document's) rather than the text itself, which begins with "{". */
export function isShopKey(data: string): boolean {
  return !data.startsWith("{");
}

/** The shop info the root's `shop` says: its text, or the key of the text in the page's document. */
export function shopFromData(data: string): ShopInfo | undefined {
  const text = isShopKey(data) ? shopTextOfKey(data) : data;
  return text === undefined ? undefined : shopFromText(text);
}
