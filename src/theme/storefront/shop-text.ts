/**
 * The shop info travels from the root route to the page as one JSON text
 * rather than as an object. React Router would write an object out value by
 * value on every rendered page and read it back the same way as the page
 * starts, the largest part of the page's data (about 21 KB) and a long task
 * on a phone; the text is written once per shop info and read with the
 * browser's own JSON parser.
 */
import type { ShopInfo } from "../../core/storefront.ts";

/** The shop info as the root route sends it. */
export type ShopText = string & { readonly __shopText: true };

/** Texts written, by the shop info they say: the platform shares one object per catalog and address. */
const written = new WeakMap<ShopInfo, ShopText>();

export function shopText(shop: ShopInfo): ShopText {
  let text = written.get(shop);
  if (text === undefined) {
    text = JSON.stringify(shop) as ShopText;
    written.set(shop, text);
  }
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
