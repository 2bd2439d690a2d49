/**
 * The browser's one cart store. It holds the cart view the shop last
 * answered (cart, line display, gifts, bars, upsells), the quantities the
 * shopper chose that the shop has not answered yet, the loading flag and the
 * cart's error texts. Every change goes through one queue, so answers arrive
 * in the order changes were made and an older answer never overwrites a
 * newer cart. Each change's own answer is the new view: nothing is read again.
 * `cart:updated` goes out after every answer for code outside React.
 */
import { useSyncExternalStore } from "react";
import type { CartViewJson } from "../../core/cart/cart-view-json.ts";
import { GIFT_GROUP_PROPERTY, GIFT_PROPERTY, canAddGift } from "../../core/cart/free-gifts.ts";
import type { MessageValues, Translate } from "../../core/i18n/messages.ts";
import type { LineItemJson } from "../../core/contract/shopify-types.ts";
import {
  CartApiError,
  type CartItemInput,
  addToCartView,
  changeLineView,
  clearCartView,
  getCartView,
  setDiscountCodesView,
} from "../storefront/cart-api.ts";
import { announceCart } from "../storefront/cart-events.ts";
import { type PendingQuantity, settle, withPendingQuantities } from "./cart-lines.ts";

/** How long typing may pause before a quantity is sent. */
const TYPING_DELAY_MS = 500;

export interface CartState {
  /** The shop's last answer; null until the first one on this page. */
  view: CartViewJson | null;
  /** Quantities chosen but not yet answered, by line key. */
  pending: Readonly<Record<string, PendingQuantity>>;
  /** Cart changes queued or running: the loading flag. */
  busy: number;
  /** The error area's text, and what dismissing it does. */
  error: string | null;
}


let state: CartState = { view: null, pending: {}, busy: 0, error: null };
let translate: Translate | null = null;
let sequence = 0;
let chain: Promise<unknown> = Promise.resolve();
const listeners = new Set<() => void>();
const typing = new Map<string, { timer: ReturnType<typeof setTimeout>; send: () => void }>();

function set(patch: Partial<CartState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export const cartState = (): CartState => state;

export function subscribeCart(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const SERVER_STATE: CartState = { view: null, pending: {}, busy: 0, error: null };

/** The store in a component; on the server it is empty and components draw their loader's view. */
export function useCartState(): CartState {
  return useSyncExternalStore(subscribeCart, cartState, () => SERVER_STATE);
}

/** The site's translator, which writes the store's messages (given once by the page). */
export function setCartTexts(translator: Translate): void {
  translate = translator;
}

const text = (key: "quantity_error" | "cart_error_generic" | "gift_limit_error" | "gift_not_qualified" | "gift_unavailable", values?: MessageValues) => translate?.(key, values) ?? "";

/** A view a page rendered with (the cart page's loader): taken unless a newer answer is here already. */
export function seedCartView(view: CartViewJson): void {
  if (state.view === null || (state.busy === 0 && Object.keys(state.pending).length === 0)) set({ view });
}

function take(view: CartViewJson, relayed = false): void {
  set({ view });
  announceCart(view.cart, relayed);
}

/** Runs cart work one after another; the loading flag is set while any is queued or running. */
function enqueue<T>(work: () => Promise<T>): Promise<T> {
  set({ busy: state.busy + 1 });
  const result = chain.then(work);
  chain = result.catch(() => undefined).finally(() => set({ busy: state.busy - 1 }));
  return result;
}

/** Runs work that answers a cart view in the queue, and takes the view. */
export function applyCartWork(work: () => Promise<CartViewJson>): Promise<void> {
  return enqueue(work).then(
    (view) => take(view),
    (error: unknown) => console.error(error),
  );
}

/** Reads the cart view afresh (first opening; `relayed` for another tab's change). */
export function refreshCart(relayed = false): Promise<void> {
  return enqueue(getCartView).then(
    (view) => take(view, relayed),
    (error: unknown) => console.error(error),
  );
}

/** The lines as the shopper expects them now: chosen quantities applied at once, totals as the shop said. */
export function currentLines(current: CartState): LineItemJson[] {
  return current.view ? withPendingQuantities(current.view.cart.items, current.pending) : [];
}

function send(line: LineItemJson, quantity: number, mine: number): void {
  void enqueue(async () => {
    try {
      take(await changeLineView(line.key, quantity));
    } catch (failure) {
      console.error(failure);
      if (failure instanceof CartApiError && failure.view) take(failure.view);
      if (quantity === 0) {
        // A line that cannot be removed leaves the cart in an unknown state: it is emptied and shown afresh.
        await clearCartView().then(take, (clearFailure: unknown) => console.error(clearFailure));
        set({ error: text("cart_error_generic") });
      } else {
        const refused = failure instanceof CartApiError && failure.status >= 400 && failure.status < 500;
        set({ error: refused ? text("quantity_error", { title: line.product_title }) : text("cart_error_generic") });
        if (!(failure instanceof CartApiError && failure.view)) await getCartView().then(take, () => undefined);
      }
    } finally {
      set({ pending: settle(state.pending, line.key, mine) });
    }
  });
}

/** Sets a line's quantity; 0 removes it. `delay` waits for typing to pause. */
export function setQuantity(line: LineItemJson, quantity: number, { delay = false } = {}): void {
  const mine = ++sequence;
  set({ error: null, pending: { ...state.pending, [line.key]: { quantity, sequence: mine } } });
  const waiting = typing.get(line.key);
  if (waiting) clearTimeout(waiting.timer);
  typing.delete(line.key);
  const go = () => {
    typing.delete(line.key);
    send(line, quantity, mine);
  };
  if (delay) typing.set(line.key, { timer: setTimeout(go, TYPING_DELAY_MS), send: go });
  else go();
}

/** Sends the quantity typed into one line now, if it is still waiting for typing to pause. */
export function flushQuantity(line: LineItemJson): void {
  const waiting = typing.get(line.key);
  if (!waiting) return;
  clearTimeout(waiting.timer);
  waiting.send();
}

/** Sends quantities still waiting for typing to pause. */
export function flushQuantities(): void {
  for (const { timer, send: go } of [...typing.values()]) {
    clearTimeout(timer);
    go();
  }
}

/** Removes lines; the shop remembers a gift removed by hand with the cart, so it is not added back by itself. */
export function removeLines(lines: LineItemJson[]): void {
  for (const line of lines) setQuantity(line, 0);
}

export function dismissCartError(): void {
  set({ error: null });
}

/** Shows a text in the cart's error area (a change refused before it reached the shop). */
export function reportCartError(message: string): void {
  set({ error: message });
}

/** The shopper picks a gift: refused with the limit message when the group is full. */
export function chooseGift(groupKey: string, handle: string): void {
  const view = state.view;
  if (!view) return;
  const verdict = canAddGift({ groups: view.gifts, remove: [], autoAdd: [] }, groupKey, handle);
  if (!verdict.ok) {
    const limit = verdict.group?.limit ?? 0;
    set({ error: verdict.reason === "limit" && limit > 0 ? text("gift_limit_error", { limit }) : text("gift_not_qualified") });
    return;
  }
  const gift = verdict.group.gifts.find((candidate) => candidate.handle === handle);
  if (!gift || gift.variantId === null || gift.disabled) {
    set({ error: text("gift_unavailable") });
    return;
  }
  const variantId = gift.variantId;
  set({ error: null });
  void enqueue(async () => {
    try {
      take(await addToCartView([{ id: variantId, quantity: 1, properties: { [GIFT_PROPERTY]: "true", [GIFT_GROUP_PROPERTY]: groupKey } }]));
    } catch (failure) {
      console.error(failure);
      if (failure instanceof CartApiError && failure.view) take(failure.view);
      set({ error: failure instanceof CartApiError ? failure.message : text("cart_error_generic") });
    }
  });
}

/**
 * Sets the cart's discount codes in the queue; answers the fresh view, or
 * null when the shop refused (its words go to the cart's error area).
 */
export function setDiscountCodes(codes: readonly string[]): Promise<CartViewJson | null> {
  set({ error: null });
  return enqueue(async () => {
    try {
      const view = await setDiscountCodesView(codes);
      take(view);
      return view;
    } catch (failure) {
      console.error(failure);
      set({ error: failure instanceof CartApiError ? failure.message : text("cart_error_generic") });
      return null;
    }
  });
}

export interface AddOutcome {
  /** The lines the add landed on, with their new quantities. */
  lines: LineItemJson[];
  view: CartViewJson;
}

/**
 * Adds items, with attributes riding along, in the cart's queue; answers the
 * lines added and the fresh view, which the store takes. Extras (add-ons) go
 * in a second add whose failure is logged and ignored.
 */
export function addItems(items: CartItemInput[], extras: CartItemInput[], attributes: Record<string, string>, after?: (view: CartViewJson) => Promise<CartViewJson>): Promise<AddOutcome> {
  return enqueue(async () => {
    let view: CartViewJson;
    try {
      view = await addToCartView(items, attributes);
    } catch (failure) {
      // A change kept with a word for the shopper (one per order, stock) still draws the cart as it now is.
      if (failure instanceof CartApiError && failure.view) take(failure.view);
      throw failure;
    }
    const lines = [...(view.added ?? [])];
    if (extras.length) {
      try {
        view = await addToCartView(extras);
        lines.push(...(view.added ?? []));
      } catch (error) {
        console.error(new Error("An add-on product could not be added", { cause: error }));
      }
    }
    if (after) view = await after(view);
    take(view);
    return { lines, view };
  });
}
