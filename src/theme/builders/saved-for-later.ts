/**
 * The saved-for-later list in the browser: kept in localStorage for every
 * shopper, and for a logged-in customer (`window.ShopCustomer`, id and hash)
 * sent to the shop with `POST /api/save-for-later` whenever it differs from
 * the list last sent, so it follows them to another device.
 *
 * One store, read with `useSavedList`; the builders and the cart change their
 * own part with `saveFrom`.
 */
import { useSyncExternalStore } from "react";
import { SAVED_SENT_KEY, SAVED_STORAGE_KEY, type SavedItem, type SavedSource, parseSavedList, replaceSaved, sameSavedList } from "../../core/saved-bundles.ts";

export const SAVE_FOR_LATER_PATH = "/api/save-for-later";

interface ShopCustomer {
  id: number;
  hash: string;
}

const EMPTY: SavedItem[] = [];
let list: SavedItem[] | null = null;
const listeners = new Set<() => void>();

function readStorage(key: string): SavedItem[] {
  try {
    const text = window.localStorage.getItem(key);
    return text === null ? [] : parseSavedList(JSON.parse(text));
  } catch (error) {
    // Storage that cannot be read or parsed is an empty list.
    console.error(error);
    return [];
  }
}

function writeStorage(key: string, items: readonly SavedItem[]): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(items));
  } catch (error) {
    console.error(error);
  }
}

/** The whole list as the browser holds it. */
export function savedList(): SavedItem[] {
  if (typeof window === "undefined") return EMPTY;
  list ??= readStorage(SAVED_STORAGE_KEY);
  return list;
}

function publish(next: SavedItem[]): void {
  list = next;
  writeStorage(SAVED_STORAGE_KEY, next);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's change is this tab's change too.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== SAVED_STORAGE_KEY) return;
    list = readStorage(SAVED_STORAGE_KEY);
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The saved list, kept current; empty during server rendering. */
export function useSavedList(): SavedItem[] {
  return useSyncExternalStore(subscribe, savedList, () => EMPTY);
}

function shopCustomer(): ShopCustomer | null {
  const customer = (window as unknown as { ShopCustomer?: ShopCustomer }).ShopCustomer;
  return customer && typeof customer.id === "number" && typeof customer.hash === "string" ? customer : null;
}

/**
 * Replaces what one place saved (the quiz's picks, the kit's picks, the
 * cart's saved lines) and sends the list to the shop when a customer is
 * logged in. Resolves once the list is stored in the browser and, for a
 * customer, sent (a failed send is logged; the browser keeps the list).
 */
export async function saveFrom(source: SavedSource, items: readonly SavedItem[]): Promise<void> {
  publish(replaceSaved(savedList(), source, items));
  await sendIfChanged();
}

/**
 * Sends the list for a logged-in customer, only when it differs from the one
 * last sent from this browser.
 */
export async function sendIfChanged(): Promise<void> {
  const customer = shopCustomer();
  if (!customer) return;
  const current = savedList();
  if (sameSavedList(current, readStorage(SAVED_SENT_KEY)) && window.localStorage.getItem(SAVED_SENT_KEY) !== null) return;
  try {
    const response = await fetch(SAVE_FOR_LATER_PATH, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ customer: customer.id, hash: customer.hash, shop: window.location.host, data: current }),
    });
    if (!response.ok) throw new Error(`Saving for later answered ${response.status}`);
    writeStorage(SAVED_SENT_KEY, current);
  } catch (error) {
    console.error(error);
  }
}

/**
 * Takes in the list the shop holds for the logged-in customer (another
 * device's): the shop's list wins for the places it has items from, the
 * browser's for the others.
 */
export function adoptServerList(serverItems: readonly SavedItem[]): void {
  let next = savedList();
  for (const source of new Set(serverItems.map((item) => item.source))) next = replaceSaved(next, source, serverItems);
  if (!sameSavedList(next, savedList())) publish(next);
  writeStorage(SAVED_SENT_KEY, serverItems);
}
