/**
 * The saved-for-later list in the browser: kept in localStorage for every
 * shopper, and for a logged-in customer (`window.ShopCustomer`, id and hash)
 * sent to the shop with `POST /api/save-for-later` whenever it differs from
 * the list last sent, so it follows them to another device.
 *
 * One store, read with `useSavedList`; the builders and the cart change their
 * own part with `saveFrom`. After a customer logs in, `syncWithShop` takes
 * the shop's list in once per browser session; after they log out, their
 * list leaves this browser (the shop keeps it).
 */
import { useSyncExternalStore } from "react";
import { type SavedItem, type SavedSource, parseSavedList, replaceSaved, sameSavedList } from "../../core/builders/saved-bundles.ts";
import { NEWSLETTER_BUNDLE_PATH } from "../../core/marketing/newsletter.ts";
import { SAVED_ADOPTED_KEY, SAVED_OWNER_KEY, SAVED_SENT_KEY, SAVED_STORAGE_KEY } from "../../core/builders/saved-storage.ts";

export const SAVE_FOR_LATER_PATH = "/api/save-for-later";

export interface ShopCustomer {
  id: number;
  hash: string;
  /** Present on pages the shop rendered for the customer; the saved-bundle record needs it. */
  email?: string;
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

function readText(storage: "localStorage" | "sessionStorage", key: string): string | null {
  try {
    return window[storage].getItem(key);
  } catch {
    return null;
  }
}

function writeText(storage: "localStorage" | "sessionStorage", key: string, value: string | null): void {
  try {
    if (value === null) window[storage].removeItem(key);
    else window[storage].setItem(key, value);
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
    if (event.key !== SAVED_STORAGE_KEY && event.key !== null) return;
    list = readStorage(SAVED_STORAGE_KEY);
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The saved list, kept current; empty during server rendering and hydration. */
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

let sending: Promise<void> = Promise.resolve();

/**
 * Sends the list for a logged-in customer, only when it differs from the one
 * last sent from this browser. Sends go one after another, each with the list
 * as it is by then, so the shop never ends with an older list than the last sent.
 */
export function sendIfChanged(customer: ShopCustomer | null = null): Promise<void> {
  const send = () => sendNow(customer ?? shopCustomer());
  sending = sending.then(send, send);
  return sending;
}

async function sendNow(customer: ShopCustomer | null): Promise<void> {
  if (!customer) return;
  const current = savedList();
  if (readText("localStorage", SAVED_SENT_KEY) !== null && sameSavedList(current, readStorage(SAVED_SENT_KEY))) return;
  try {
    const response = await fetch(SAVE_FOR_LATER_PATH, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ customer: customer.id, hash: customer.hash, shop: window.location.host, data: current }),
    });
    if (!response.ok) throw new Error(`Saving for later answered ${response.status}`);
    writeStorage(SAVED_SENT_KEY, current);
  } catch (error) {
    console.error(error);
  }
  await recordBundleOnce(customer, current);
}

/** Where the browser notes that a customer's saved bundle was recorded with the email list. */
const recordedKey = (customerId: number) => `saved:recorded:${customerId}`;

/**
 * The stored bundle record: the first time a logged-in customer's list holds
 * builder picks, they are posted once to the email list's provider with the
 * customer's email (`ue`) and `@account`, so a reminder can follow. A failed
 * post is logged and tried again with the next save.
 */
async function recordBundleOnce(customer: ShopCustomer, items: readonly SavedItem[]): Promise<void> {
  const picks = items.filter((item) => item.source === "quiz" || item.source === "kit");
  if (!customer.email || picks.length === 0 || readText("localStorage", recordedKey(customer.id)) !== null) return;
  try {
    const response = await fetch(NEWSLETTER_BUNDLE_PATH, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams({ ue: customer.email, "@account": String(customer.id), bundle: JSON.stringify(picks) }),
    });
    if (!response.ok) throw new Error(`Recording the saved bundle answered ${response.status}`);
    writeText("localStorage", recordedKey(customer.id), String(Date.now()));
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

async function fetchServerList(customer: ShopCustomer): Promise<SavedItem[]> {
  const query = new URLSearchParams({ customer: String(customer.id), hash: customer.hash });
  const response = await fetch(`${SAVE_FOR_LATER_PATH}?${query}`, { credentials: "same-origin", headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`Reading saved for later answered ${response.status}`);
  const answer = (await response.json()) as { data?: unknown };
  return parseSavedList(answer.data);
}

/** Whether the page needs `syncWithShop`: a customer not yet synced this session, or a customer's list left behind by a logout. */
export function needsSync(customer: ShopCustomer | null): boolean {
  if (typeof window === "undefined") return false;
  if (customer) return readText("sessionStorage", SAVED_ADOPTED_KEY) !== String(customer.id);
  return readText("localStorage", SAVED_OWNER_KEY) !== null;
}

let syncing: { id: number; done: Promise<void> } | null = null;

/**
 * Brings the browser's list in step with who is logged in:
 *
 * - a customer, once per browser session: the shop's list is taken in (the
 *   page's, when it rendered one, else read from the shop) and the merged
 *   list sent back; a list another customer left here is replaced, not merged;
 * - nobody, after a customer logged out here: their list leaves the browser.
 */
export function syncWithShop(customer: ShopCustomer | null, serverItems?: readonly SavedItem[]): Promise<void> {
  if (!needsSync(customer)) return Promise.resolve();
  if (!customer) {
    writeText("localStorage", SAVED_OWNER_KEY, null);
    writeText("localStorage", SAVED_SENT_KEY, null);
    writeText("sessionStorage", SAVED_ADOPTED_KEY, null);
    publish([]);
    return Promise.resolve();
  }
  if (syncing?.id === customer.id) return syncing.done;
  const done = (async () => {
    try {
      const items = serverItems ?? (await fetchServerList(customer));
      // Checked again: another caller may have synced while the list was read.
      if (!needsSync(customer)) return;
      const owner = readText("localStorage", SAVED_OWNER_KEY);
      if (owner !== null && owner !== String(customer.id)) {
        publish([...items]);
        writeStorage(SAVED_SENT_KEY, items);
      } else {
        adoptServerList(items);
      }
      writeText("localStorage", SAVED_OWNER_KEY, String(customer.id));
      writeText("sessionStorage", SAVED_ADOPTED_KEY, String(customer.id));
      // The page may not have set `window.ShopCustomer` yet (just logged in): the list is sent for this customer.
      await sendIfChanged(customer);
    } catch (error) {
      // The shop could not be read: the browser keeps its list and tries on the next page.
      console.error(error);
    } finally {
      syncing = null;
    }
  })();
  syncing = { id: customer.id, done };
  return done;
}
