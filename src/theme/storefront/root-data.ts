/**
 * What the root route gives every page: the shop (as the text or key of its
 * info), whether the page is a fragment or the back office, the cart's
 * count, the announcement bar as it stands, the customer, the cookie choice
 * and the country chosen in the footer. Its own module, so the frame's parts
 * read its type without importing the root route they are part of.
 */
import type { RouterContextProvider } from "react-router";
import { isAdminPath } from "../../core/admin/admin.ts";
import { announcementClockStart, announcementPage } from "../../core/marketing/announcement.ts";
import { consentFromCookieHeader } from "../../core/marketing/consent.ts";
import { countryFromCookieHeader } from "../../core/sites/localization.ts";
import { COOKIE_SETTINGS_PARAMETER } from "../marketing/consent/consent-script.ts";
import { documentRequestContext, storefrontContext } from "./context.ts";
import { shopKey, shopText } from "./shop-text.ts";

export async function rootData(request: Request, context: Readonly<RouterContextProvider>) {
  const storefront = context.get(storefrontContext);
  const url = new URL(request.url);
  // `?view=ajax` asks for a page's swappable area alone (a filtered collection, a page of search results): no frame, so no cart or customer.
  const fragment = url.searchParams.get("view") === "ajax";
  // The back office has its own frame (its pages and their data requests, /admin.data): no shop header, cart or customer.
  const admin = isAdminPath(url.pathname);
  const [shop, cart, customer] = fragment || admin
    ? [await storefront.shop(), null, null]
    : await Promise.all([storefront.shop(), storefront.cart(), storefront.account.customer()]);
  const bar = shop.announcementBar;
  const now = Date.now();
  // The bar as it stands until its next change, the same whatever second it is drawn in; the browser's clock counts down after hydration.
  const clock = bar?.enabled ? announcementClockStart(bar.messages, now) : null;
  const announcement = bar && clock && shop.countdownWords ? { ...announcementPage(bar.messages, now, clock, shop.countdownWords, shop.timeZone ?? "UTC"), clock } : null;
  // A logged-in customer's id and hash ride on every page, as Shopify themes expose `customer.id`, for features that prove who is asking.
  return {
    // A document carries the shop info in its own element (ShopInfoScript); data asked for later carries the text.
    shop: context.get(documentRequestContext) ? shopKey(shop) : shopText(shop),
    fragment,
    admin,
    cartCount: cart?.item_count ?? 0,
    announcement,
    customer: customer ? { id: customer.id, hash: customer.hash, email: customer.email, first_name: customer.first_name } : null,
    // The cookie choice as the request carries it: the tags' defaults and whether the banner asks.
    consent: consentFromCookieHeader(request.headers.get("cookie")),
    cookieSettings: url.searchParams.has(COOKIE_SETTINGS_PARAMETER),
    // The country the shopper chose in the footer's selector, for the selector to show.
    country: shop.sites ? countryFromCookieHeader(request.headers.get("cookie"), shop.sites) : null,
  };
}

export type RootData = Awaited<ReturnType<typeof rootData>>;
