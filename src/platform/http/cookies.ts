/** The shop's cookies: the cart, the product-view counter's viewer id, the discount link's code. */
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { isCartToken, newCartToken } from "../cart/cart-model.ts";

export const CART_COOKIE = "cart";
export const CART_COOKIE_MAX_AGE = 14 * 24 * 60 * 60;
/** The JS-readable cookie Shopify sets for a discount link; themes read it to show the code. */
export const DISCOUNT_COOKIE = "discount_code";
export const VIEWER_COOKIE = "viewer";
const VIEWER_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** Whether the shopper reached the shop over HTTPS: the request's own scheme, or X-Forwarded-Proto only behind a proxy the shop trusts (TRUST_PROXY). */
export const isHttps = (c: Context) => {
  if (new URL(c.req.url).protocol === "https:") return true;
  const trustProxy = (c.get("shopAddress") as { trustProxy?: boolean } | undefined)?.trustProxy ?? false;
  return trustProxy && c.req.header("x-forwarded-proto") === "https";
};

/** Reads the cart token from the cookie, or makes a new one and sets the cookie. */
export function cartToken(c: Context): string {
  const existing = getCookie(c, CART_COOKIE);
  if (isCartToken(existing)) return existing;
  const token = newCartToken();
  setCookie(c, CART_COOKIE, token, { path: "/", httpOnly: true, sameSite: "Lax", secure: isHttps(c), maxAge: CART_COOKIE_MAX_AGE });
  return token;
}

/** A random id for the product-view counter, kept in an HttpOnly cookie; it identifies a browser, not a person. */
export function viewerId(c: Context): string {
  const existing = getCookie(c, VIEWER_COOKIE);
  if (existing && /^[a-f0-9]{32}$/.test(existing)) return existing;
  const id = newCartToken();
  setCookie(c, VIEWER_COOKIE, id, { path: "/", httpOnly: true, sameSite: "Lax", secure: isHttps(c), maxAge: VIEWER_COOKIE_MAX_AGE });
  return id;
}

/** The discount link's code, readable by scripts as Shopify's is. */
export function setDiscountCookie(c: Context, code: string): void {
  setCookie(c, DISCOUNT_COOKIE, code, { path: "/", sameSite: "Lax", secure: isHttps(c) });
}
