/**
 * The browser's typed client for the cart calls of the storefront AJAX API.
 * Every call carries a random `v` query so no cache between the shopper and the
 * shop ever answers with a stale cart (the spec asks for it on every cart call).
 */
import type { CartJson, LineItemJson } from "../../core/shopify-types.ts";

/** A refused cart call, carrying the text the shop gave for it (Shopify's `description`). */
export class CartApiError extends Error {
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.name = "CartApiError";
    this.status = status;
  }
}

export interface CartItemInput {
  id: number;
  quantity: number;
  properties?: Record<string, string>;
}

export interface CartUpdateInput {
  /** Variant id or line key to quantity, or one quantity per line in cart order. */
  updates?: Record<string, number> | number[];
  note?: string;
  attributes?: Record<string, string>;
}

const UNREACHABLE = "We could not reach the shop. Check your connection and try again.";

function versioned(path: string): string {
  return `${path}?v=${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

async function request<T>(path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(versioned(path), {
      method: body === undefined ? "GET" : "POST",
      credentials: "same-origin",
      headers: body === undefined ? { Accept: "application/json" } : { Accept: "application/json", "Content-Type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new CartApiError(UNREACHABLE, 0);
  }
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new CartApiError(errorText(answer, response.status), response.status);
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

export function getCart(): Promise<CartJson> {
  return request<CartJson>("/cart.js");
}

/** Adds items; answers the lines they landed on, each with its new total quantity. */
export async function addToCart(items: CartItemInput[]): Promise<LineItemJson[]> {
  const answer = await request<{ items: LineItemJson[] }>("/cart/add.js", { items });
  return answer.items;
}

/** Sets one line (by its key) to a quantity; 0 removes it. */
export function changeLine(key: string, quantity: number, properties?: Record<string, string>): Promise<CartJson> {
  return request<CartJson>("/cart/change.js", { id: key, quantity, ...(properties ? { properties } : {}) });
}

export function updateCart(input: CartUpdateInput): Promise<CartJson> {
  return request<CartJson>("/cart/update.js", input);
}

/** Empties the cart; the side cart's last resort after a failed remove. */
export function clearCart(): Promise<CartJson> {
  return request<CartJson>("/cart/clear.js", {});
}
