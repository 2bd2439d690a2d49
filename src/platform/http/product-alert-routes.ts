/**
 * Product alerts over HTTP, one shape for every kind:
 *
 *   POST {follow}                   form fields: the variant (`id`) or product (`product_id`), email, consent (and
 *                                   the spam field): JSON {errors: [], status} to a script (`following` for a
 *                                   signed-in customer's own address, else `confirmation_sent`; 422 with the
 *                                   fields' errors, 429 when this address asked too often); a plain form goes back
 *                                   to its page with ?{param}=following|sent|error. The answer is the same whether
 *                                   or not the address already follows.
 *   GET  {confirm}?…&n=&t=          the signed confirmation link → the product page, ?{param}=confirmed
 *   GET  {unfollow}?…&t=            the signed link that ends the alert → the product page, ?{param}=unfollowed
 *
 * Back in stock: /back-in-stock/request, /back-in-stock/confirm?r=, and /back-in-stock/add?r=&v=&t=, the link in
 * the "it's back" email that puts the variant in the cart and shows the cart (a refusal is shown there in words).
 * Price drops: /price-drop/follow, /price-drop/confirm?f=, /price-drop/unfollow?f=&p=.
 */
import { Hono } from "hono";
import { BACK_IN_STOCK_ADD_PATH, BACK_IN_STOCK_CONFIRM_PATH, BACK_IN_STOCK_OUTCOME_PARAM, BACK_IN_STOCK_PATH } from "../../core/catalog/back-in-stock.ts";
import { PRICE_DROP_CONFIRM_PATH, PRICE_DROP_OUTCOME_PARAM, PRICE_DROP_PATH, PRICE_DROP_UNFOLLOW_PATH } from "../../core/catalog/price-drop.ts";
import type { AlertAnswer, AlertContext, LinkOutcome } from "../catalog/product-alerts.ts";
import type { Platform } from "../services.ts";
import { inProcessStorefront } from "../storefront/in-process.ts";
import { accountRequest } from "./account-cookies.ts";
import { readBody } from "./body.ts";
import { redirectWithCartError } from "./cart-routes.ts";
import { cartToken } from "./cookies.ts";
import { asApiError, cartRefusalError } from "./errors.ts";
import { shopUrlOf } from "./origin.ts";
import { formPage, postLimit, wantsJson } from "./requests.ts";

type Query = Record<string, string | undefined>;

/** One kind's addresses and what its service does with each. */
interface AlertRoutes {
  /** The outcome's query parameter, and the product page's anchor for the form. */
  param: string;
  anchor: string;
  follow: [path: string, (form: Record<string, unknown>, context: AlertContext) => Promise<AlertAnswer>];
  links: [path: string, (query: Query) => Promise<LinkOutcome>][];
}

/** A page of the shop (its own origin only) with the outcome in `param` and the form's anchor. */
function withOutcome(path: string, routes: AlertRoutes, outcome: string): string {
  const url = new URL(path, "http://shop.invalid");
  url.searchParams.set(routes.param, outcome);
  url.hash = routes.anchor;
  return `${url.pathname}${url.search}${url.hash}`;
}

function alertRoutes(app: Hono, platform: Platform, routes: AlertRoutes): void {
  const [followPath, follow] = routes.follow;
  app.post(followPath, postLimit, async (c) => {
    const body = await readBody(c);
    const customer = await inProcessStorefront(platform, cartToken(c), shopUrlOf(c), accountRequest(c)).account.customer();
    const answer = await follow(body, {
      ip: accountRequest(c).ip,
      customer: customer ? { id: customer.id, email: customer.email } : null,
      siteCode: platform.site.code,
      shopUrl: `${shopUrlOf(c)}${platform.site.path}`,
      locale: platform.site.language,
    });
    if (answer.retryAfter !== undefined) c.header("retry-after", String(answer.retryAfter));
    if (!wantsJson(c)) return c.redirect(withOutcome(formPage(c, body), routes, answer.errors.length ? "error" : answer.status === "following" ? "following" : "sent"), 303);
    const { retryAfter, ...reply } = answer;
    return c.json(reply, retryAfter !== undefined ? 429 : answer.errors.length ? 422 : 200);
  });
  // A link lands on the product page of the site it was sent from, saying what it did.
  for (const [path, open] of routes.links) {
    app.get(path, async (c) => {
      const { outcome, productPath } = await open(c.req.query());
      return c.redirect(productPath ? withOutcome(`${platform.site.path}${productPath}`, routes, outcome) : "/newsletter?state=invalid", 303);
    });
  }
}

export function productAlertRoutes(platform: Platform): Hono {
  const app = new Hono();
  const { backInStock, priceDrops } = platform;
  alertRoutes(app, platform, {
    param: BACK_IN_STOCK_OUTCOME_PARAM,
    anchor: "back-in-stock",
    follow: [BACK_IN_STOCK_PATH, (form, context) => backInStock.request(form, context)],
    links: [[BACK_IN_STOCK_CONFIRM_PATH, (query) => backInStock.confirm(query)]],
  });
  alertRoutes(app, platform, {
    param: PRICE_DROP_OUTCOME_PARAM,
    anchor: "price-drop",
    follow: [PRICE_DROP_PATH, (form, context) => priceDrops.follow(form, context)],
    links: [
      [PRICE_DROP_CONFIRM_PATH, (query) => priceDrops.confirm(query)],
      [PRICE_DROP_UNFOLLOW_PATH, (query) => priceDrops.unfollow(query)],
    ],
  });

  app.get(BACK_IN_STOCK_ADD_PATH, async (c) => {
    const variantId = await backInStock.addLinkVariant(c.req.query());
    if (variantId === null) return c.redirect("/cart", 303);
    try {
      const change = await platform.carts.add(cartToken(c), [{ id: variantId, quantity: 1, properties: {} }]);
      if (change.error) return redirectWithCartError(c, cartRefusalError(change.error));
    } catch (failure) {
      const error = asApiError(failure);
      if (!error) throw failure;
      return redirectWithCartError(c, error);
    }
    return c.redirect("/cart", 303);
  });

  return app;
}
