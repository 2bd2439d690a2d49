/**
 * Shopify's customer form as the shop's newsletter takes it. Dawn's sign-up
 * forms post `form_type=customer`, `contact[email]` and `contact[tags]=newsletter`
 * to `/contact`; the shop reads them as a newsletter sign-up (double opt-in, as
 * every sign-up) and sends the shopper back to the page they came from, with
 * `?customer_posted=true` when it went through, as Shopify does.
 */
import { type Site, pathWithinSite } from "../sites/sites.ts";
import { NEWSLETTER_FIELDS } from "./newsletter.ts";

/** The `form_type` of Shopify's customer (newsletter) form. */
export const CUSTOMER_FORM_TYPE = "customer";
/** The address parameter a page reads after a customer form went through. */
export const CUSTOMER_POSTED_PARAM = "customer_posted";
/** The address parameter the shop's own newsletter forms come back with (`sent` or `error`). */
export const NEWSLETTER_OUTCOME_PARAM = "newsletter";
/** The footer's sign-up form, where the page scrolls to with the outcome. */
export const NEWSLETTER_FORM_ANCHOR = "newsletter";

/** The customer form's fields as the newsletter's sign-up names them (its spam field included). */
export function customerFormSignup(form: Record<string, unknown>): Record<string, string> {
  const text = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
  return { [NEWSLETTER_FIELDS.email]: text("contact[email]").trim(), [NEWSLETTER_FIELDS.trap]: text("contact[website]") };
}

/**
 * Where a customer form's post goes back to: the page of this shop it came
 * from (its `Referer`, when it names this origin; else the home page), with
 * `customer_posted=true` when the sign-up went through or `newsletter=error`
 * when it was refused, scrolled to the sign-up form. A Referer of another
 * origin is never followed (no open redirect). The path is the one within
 * `site`, as the theme's routes name pages (the shop's edge adds the prefix).
 */
export function customerFormReturn(referer: string | null, ownOrigin: string, signedUp: boolean, site: Pick<Site, "path">): string {
  let back = new URL("/", ownOrigin);
  if (referer) {
    try {
      const from = new URL(referer);
      if (from.origin === ownOrigin) back = from;
    } catch {
      // An unreadable Referer is no page of the shop.
    }
  }
  const search = new URLSearchParams(back.search);
  search.delete(CUSTOMER_POSTED_PARAM);
  search.delete(NEWSLETTER_OUTCOME_PARAM);
  if (signedUp) search.set(CUSTOMER_POSTED_PARAM, "true");
  else search.set(NEWSLETTER_OUTCOME_PARAM, "error");
  // A path starting `//` would name another host to the browser.
  const path = pathWithinSite(site, back.pathname.replace(/^\/+/, "/"));
  return `${path}?${search.toString()}#${NEWSLETTER_FORM_ANCHOR}`;
}
