/**
 * What the account needs from a request, and the cookies it sets: the
 * customer's session, the bot check's trip, and the cart at login.
 */
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { serialize } from "hono/utils/cookie";
import type { IncomingMessage } from "node:http";
import type { CookieChanges } from "../accounts/customer-service.ts";
import { CART_COOKIE, CART_COOKIE_MAX_AGE, cartCookieKey, signedCartCookie } from "./cookies.ts";
import { requestOrigin, shopUrlOf } from "./origin.ts";

export const SESSION_COOKIE = "customer_session";
export const CHALLENGE_COOKIE = "challenge";

/** The request as the account sees it; `secure` says whether cookies must be HTTPS-only. */
export interface AccountRequest {
  ip: string;
  sessionToken: string | undefined;
  challengeToken: string | undefined;
  shopUrl: string;
  secure: boolean;
  /** Signs a cart cookie the answer sets (the customer's cart at login); without it no cart cookie is set. */
  cartCookieKey?: string;
}

const trustsProxy = (c: Context): boolean => c.get("shopAddress")?.trustProxy ?? false;

/**
 * The client's address: the socket's, or behind a proxy the shop trusts
 * (TRUST_PROXY), the last address in X-Forwarded-For, which that proxy
 * appended: the ones before it are whatever the client claimed.
 */
export function clientAddress(c: Context): string {
  if (trustsProxy(c)) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",").map((part) => part.trim()).filter(Boolean).at(-1);
    if (forwarded && forwarded.length <= 64) return forwarded;
  }
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? "unknown";
}

export function accountRequest(c: Context): AccountRequest {
  return {
    ip: clientAddress(c),
    sessionToken: getCookie(c, SESSION_COOKIE),
    challengeToken: getCookie(c, CHALLENGE_COOKIE),
    shopUrl: shopUrlOf(c),
    // X-Forwarded-Proto counts only from a trusted proxy (requestOrigin reads it only then).
    secure: requestOrigin(c.req.raw, trustsProxy(c)).startsWith("https:"),
    cartCookieKey: cartCookieKey(c),
  };
}

/** Set-Cookie values for an answer's cookie changes: HttpOnly, SameSite=Lax, Secure over HTTPS. */
export function accountCookies(changes: CookieChanges | undefined, secure: boolean, cartKey?: string): string[] {
  if (!changes) return [];
  const options = { path: "/", httpOnly: true, sameSite: "Lax", secure } as const;
  const cookie = (name: string, value: string | null, maxAge: number) => serialize(name, value ?? "", { ...options, maxAge: value === null ? 0 : maxAge });
  const cookies: string[] = [];
  if (changes.session !== undefined) cookies.push(cookie(SESSION_COOKIE, changes.session?.token ?? null, changes.session?.maxAge ?? 0));
  if (changes.challenge !== undefined) cookies.push(cookie(CHALLENGE_COOKIE, changes.challenge?.token ?? null, changes.challenge?.maxAge ?? 0));
  if (changes.cart !== undefined && (changes.cart === null || cartKey)) cookies.push(cookie(CART_COOKIE, changes.cart === null || !cartKey ? null : signedCartCookie(changes.cart, cartKey), CART_COOKIE_MAX_AGE));
  return cookies;
}
