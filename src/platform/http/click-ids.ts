import type { MiddlewareHandler } from "hono";
import { setCookie } from "hono/cookie";
import { CLICK_ID_COOKIE_DAYS, clickIdsIn } from "../../core/marketing/click-ids.ts";
import { consentFromCookieHeader } from "../../core/marketing/consent.ts";

/**
 * Keeps a marketing click id from the address (`?gclid=…`, `fbclid`,
 * `msclkid`, `ttclid`) in a cookie named after its parameter, for 365 days,
 * Secure and SameSite=Lax, set on the very response to the landing request, so
 * it works without JavaScript and before any script runs. Not HttpOnly: the
 * shop's pixels read it, and it is no secret (it was in the address). A newer
 * click replaces the older id; an invalid value is ignored. Only with the
 * shopper's marketing consent (the consent cookie).
 */
export function clickIdCookies(): MiddlewareHandler {
  return async (c, next) => {
    // Most requests (assets, API calls) carry no query: they are not parsed at all.
    // Marketing cookies wait for marketing consent; the page keeps the id for the session and sets it once consent is given.
    if ((c.req.method === "GET" || c.req.method === "HEAD") && c.req.url.includes("?") && consentFromCookieHeader(c.req.header("cookie"))?.marketing) {
      for (const { name, value } of clickIdsIn(new URL(c.req.url).searchParams)) {
        setCookie(c, name, value, { path: "/", maxAge: CLICK_ID_COOKIE_DAYS * 24 * 60 * 60, secure: true, sameSite: "Lax" });
      }
    }
    await next();
  };
}
