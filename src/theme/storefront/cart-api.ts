/**
 * The browser's typed client for the cart calls of the storefront AJAX API.
 * Every call carries a random `v` query so no cache between the shopper and the
 * shop ever answers with a stale cart. The theme's own calls ask for the whole
 * cart view (`view=drawer`), so the shop answers everything the cart draws in
 * one reply (the gifts the shopper removed by hand are kept with the cart).
 */
import { onSite } from "./site-address.ts";
import type { CartViewJson } from "../../core/cart/cart-view-json.ts";

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
  /** Subscribe and save: the selling plan chosen. */
  selling_plan?: number;
}

const UNREACHABLE = "We could not reach the shop. Check your connection and try again.";

function versioned(path: string, view: boolean): string {
  return `${onSite(path)}?${view ? "view=drawer&" : ""}v=${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

async function request<T>(path: string, body?: unknown, view = false): Promise<T> {
  let response: Response;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
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
