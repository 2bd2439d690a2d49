/**
 * Refuses a request that would start one more cart when its client address
 * has started too many lately (429 with Retry-After, in Shopify's JSON shape
 * on the API and as a short page otherwise). Only requests that change a
 * cart count, and only when they carry no cart the shop made: a shopper with
 * a cart goes on as before.
 */
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { AddressGate } from "../accounts/address-gate.ts";
import { clientAddress } from "./account-cookies.ts";
import { CART_COOKIE, cartCookieKey, tokenOfCartCookie } from "./cookies.ts";
import { refusalPage, wantsJson } from "./requests.ts";

const TOO_MANY = "Too many new carts from this address. Please try again later.";

/** Whether a request changes the cart: any post to the cart's paths, and the cart links that add by a GET. */
export function changesCart(method: string, path: string): boolean {
  if (method === "POST") return path === "/cart" || path.startsWith("/cart/");
  return method === "GET" && (/^\/cart\/(add(\.js|\.json)?|\d+:\d+(,\d+:\d+)*)$/.test(path) || path.startsWith("/discount/"));
}

export function newCartGuard(gate: AddressGate): MiddlewareHandler {
  return async (c, next) => {
    if (changesCart(c.req.method, c.req.path) && tokenOfCartCookie(getCookie(c, CART_COOKIE), cartCookieKey(c)) === null) {
      const verdict = await gate.admit(clientAddress(c));
      if (!verdict.allowed) {
        c.header("retry-after", String(verdict.retryAfter));
        return wantsJson(c) ? c.json({ status: 429, message: "Too Many Requests", description: TOO_MANY }, 429) : refusalPage(c, 429, "Too many requests", TOO_MANY);
      }
    }
    await next();
  };
}
