/** The shop's cookies: the cart, the product-view counter's viewer id, the discount link's code. */
import type { Context, MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { RecentMap } from "../../core/common/recent-map.ts";
import { isCartToken, newCartToken } from "../cart/cart-model.ts";
import { hmacHex, sameText } from "../accounts/secrets.ts";
import type { ShopSecrets } from "../accounts/shop-secrets.ts";

export const CART_COOKIE = "cart";
export const CART_COOKIE_MAX_AGE = 14 * 24 * 60 * 60;
/** The JS-readable cookie Shopify sets for a discount link; themes read it to show the code. */
export const DISCOUNT_COOKIE = "discount_code";
export const VIEWER_COOKIE = "viewer";
const VIEWER_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** Whether the shopper reached the shop over HTTPS: the request's own scheme, or X-Forwarded-Proto only behind a proxy the shop trusts (TRUST_PROXY). */
export const isHttps = (c: Context) => {
  // A request's address is serialized, its scheme in lower case.
  if (c.req.url.startsWith("https:")) return true;
  const trustProxy = (c.get("shopAddress") as { trustProxy?: boolean } | undefined)?.trustProxy ?? false;
  return trustProxy && c.req.header("x-forwarded-proto") === "https";
};

/** The name of the shop secret that signs cart cookies, and where a request keeps it. */
export const CART_COOKIE_SECRET = "cart-cookie";
const CART_KEY = "cartCookieKey";

/**
 * The cart cookie carries the cart's token and the shop's signature of it,
 * `token.signature`: only the server makes cart tokens, so a client cannot
 * choose one (and with it a cart) by writing its own cookie.
 */
export function signedCartCookie(token: string, key: string): string {
  return `${token}.${hmacHex(key, `cart:${token}`).slice(0, 32)}`;
}

/** Cart cookies whose signature was found good under `checkedKey`, the least recently used first out: a shopper's later calls skip the signature's work. */
let checkedKey = "";
const CHECKED_COOKIES = 5000;
const checkedCookies = new RecentMap<string, string>(CHECKED_COOKIES);

/** The token of a cart cookie the shop signed, or null for anything else. */
export function tokenOfCartCookie(value: string | undefined, key: string): string | null {
  if (!value) return null;
  if (key !== checkedKey) {
    checkedCookies.clear();
    checkedKey = key;
  }
  const known = checkedCookies.get(value);
  if (known) return known;
  const [token, signature, ...rest] = value.split(".");
  if (rest.length > 0 || !isCartToken(token) || !signature) return null;
  if (!sameText(signedCartCookie(token, key), `${token}.${signature}`)) return null;
  checkedCookies.set(value, token);
  return token;
}

/** Puts the cart cookie's key on every request (read once from the database, then from memory). */
export function cartCookieKeys(secrets: ShopSecrets): MiddlewareHandler {
  return async (c, next) => {
    c.set(CART_KEY, await secrets.get(CART_COOKIE_SECRET));
    await next();
  };
}

export function cartCookieKey(c: Context): string {
  const key = c.get(CART_KEY) as string | undefined;
  if (!key) throw new Error("the cart cookie's key is not loaded for this request");
  return key;
}

/** The cart token of a cookie the shop signed, or null when the request brings none. */
export function existingCartToken(c: Context): string | null {
  return tokenOfCartCookie(getCookie(c, CART_COOKIE), cartCookieKey(c));
}

/** Reads the cart token from a cookie the shop signed, or makes a new token and sets its cookie. */
export function cartToken(c: Context): string {
  const existing = existingCartToken(c);
  if (existing) return existing;
  const token = newCartToken();
  setCartCookie(c, token);
  return token;
}

/** Makes `token` this browser's cart. */
export function setCartCookie(c: Context, token: string): void {
  setCookie(c, CART_COOKIE, signedCartCookie(token, cartCookieKey(c)), { path: "/", httpOnly: true, sameSite: "Lax", secure: isHttps(c), maxAge: CART_COOKIE_MAX_AGE });
}

/**
 * A random id for the product-view counter, kept in an HttpOnly cookie; it
 * identifies a browser, not a person. `isNew` says the request brought none.
 */
export function viewerId(c: Context): { id: string; isNew: boolean } {
  const existing = getCookie(c, VIEWER_COOKIE);
  if (existing && /^[a-f0-9]{32}$/.test(existing)) return { id: existing, isNew: false };
  const id = newCartToken();
  setCookie(c, VIEWER_COOKIE, id, { path: "/", httpOnly: true, sameSite: "Lax", secure: isHttps(c), maxAge: VIEWER_COOKIE_MAX_AGE });
  return { id, isNew: true };
}

/** The discount link's code, readable by scripts as Shopify's is. */
export function setDiscountCookie(c: Context, code: string): void {
  setCookie(c, DISCOUNT_COOKIE, code, { path: "/", sameSite: "Lax", secure: isHttps(c) });
}
