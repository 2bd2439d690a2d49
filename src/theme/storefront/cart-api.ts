/**
 * The browser's typed client for the cart calls of the storefront AJAX API.
 * Every call carries a random `v` query so no cache between the shopper and the
 * shop ever answers with a stale cart. The theme's own calls ask for the whole
 * cart view (`view=drawer`) and carry the gifts the shopper removed by hand
 * this session, so the shop decides gifts with them and answers everything
 * the cart draws in one reply.
 */
import { onSite } from "./site-address.ts";
import type { CartViewJson } from "../../core/cart-view-json.ts";
import { REMOVED_GIFTS_HEADER, REMOVED_GIFTS_STORAGE_KEY } from "../../core/free-gifts.ts";

/** A refused cart call, carrying the text the shop gave for it (Shopify's `description`) and, for view calls, the cart as it now is. */
export class CartApiError extends Error {
  readonly status: number;
  readonly view: CartViewJson | null;

  constructor(message: string, status: number, view: CartViewJson | null = null) {
    super(message);
    this.name = "CartApiError";
    this.status = status;
    this.view = view;
  }
}

export interface CartItemInput {
  id: number;
  quantity: number;
  properties?: Record<string, string>;
}

const UNREACHABLE = "We could not reach the shop. Check your connection and try again.";

function versioned(path: string, view: boolean): string {
  return `${onSite(path)}?${view ? "view=drawer&" : ""}v=${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** Handles of gifts removed by hand in this browser session. */
export function removedGifts(): string[] {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(REMOVED_GIFTS_STORAGE_KEY) ?? "[]");
    return Array.isArray(stored) ? stored.filter((entry): entry is string => typeof entry === "string") : [];
  } catch {
    return [];
  }
}

function storeRemovedGifts(handles: string[]): void {
  try {
    window.sessionStorage.setItem(REMOVED_GIFTS_STORAGE_KEY, JSON.stringify([...new Set(handles)]));
  } catch {
    // Private mode or a full store: the gift may come back, nothing worse.
  }
}

/** Removing a gift by hand is remembered for the session, so it is not added back by itself. */
export const rememberRemovedGift = (handle: string) => storeRemovedGifts([...removedGifts(), handle]);
/** A gift chosen again is no longer one the shopper turned down. */
export const forgetRemovedGift = (handle: string) => storeRemovedGifts(removedGifts().filter((entry) => entry !== handle));

async function request<T>(path: string, body?: unknown, view = false): Promise<T> {
  let response: Response;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const removed = removedGifts();
  if (removed.length) headers[REMOVED_GIFTS_HEADER] = removed.join(",");
  try {
    response = await fetch(versioned(path, view), {
      method: body === undefined ? "GET" : "POST",
      credentials: "same-origin",
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new CartApiError(UNREACHABLE, 0);
  }
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const carried = answer && typeof answer === "object" && "view" in answer ? ((answer as { view: CartViewJson }).view ?? null) : null;
    throw new CartApiError(errorText(answer, response.status), response.status, carried);
  }
  return answer as T;
}

function errorText(answer: unknown, status: number): string {
  if (answer && typeof answer === "object") {
    const { description, message } = answer as { description?: unknown; message?: unknown };
    if (typeof description === "string" && description) return description;
    if (typeof message === "string" && message) return message;
  }
  return status >= 500 ? "Something went wrong on our side. Please try again." : "Your cart could not be changed.";
}

/** The whole cart view: what the side cart and the cart page draw. */
export function getCartView(): Promise<CartViewJson> {
  return request<CartViewJson>("/cart.js", undefined, true);
}

/** Adds items (attributes may ride along) and answers the cart view, with the lines added under `added`. */
export function addToCartView(items: CartItemInput[], attributes?: Record<string, string>): Promise<CartViewJson> {
  return request<CartViewJson>("/cart/add.js", { items, ...(attributes ? { attributes } : {}) }, true);
}

/** Sets one line (by its key) to a quantity, 0 removing it, and answers the cart view. */
export function changeLineView(key: string, quantity: number): Promise<CartViewJson> {
  return request<CartViewJson>("/cart/change.js", { id: key, quantity }, true);
}

/** Sets the cart's discount codes (comma-separated; empty removes them all) and answers the cart view. */
export function setDiscountCodesView(codes: readonly string[]): Promise<CartViewJson> {
  return request<CartViewJson>("/cart/update.js", { discount: codes.join(",") }, true);
}

/** Empties the cart and answers the cart view. */
export function clearCartView(): Promise<CartViewJson> {
  return request<CartViewJson>("/cart/clear.js", {}, true);
}
