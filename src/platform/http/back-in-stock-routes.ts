/**
 * "Email me when it's back" over HTTP:
 *
 *   POST /back-in-stock/request          form fields id, email, consent (and the spam field): JSON
 *                                        {errors: [], status} to a script (422 with the fields' errors, 429 when
 *                                        this address asked too often); a plain form goes back to its page with
 *                                        ?back_in_stock=sent|error. The answer is the same whether or not the
 *                                        address already waits for the variant.
 *   GET  /back-in-stock/confirm?r=&n=&t= the signed confirmation link → the product page, ?back_in_stock=confirmed
 *   GET  /back-in-stock/add?r=&v=&t=     the signed link in the "it's back" email: the variant goes in the cart
 *                                        and the shopper sees the cart (a refusal is shown there in words)
 */
import type { Context } from "hono";
import { Hono } from "hono";
import { BACK_IN_STOCK_ADD_PATH, BACK_IN_STOCK_CONFIRM_PATH, BACK_IN_STOCK_OUTCOME_PARAM, BACK_IN_STOCK_PATH } from "../../core/catalog/back-in-stock.ts";
import type { Platform } from "../services.ts";
import { inProcessStorefront } from "../storefront/in-process.ts";
import { accountRequest } from "./account-cookies.ts";
import { readBody } from "./body.ts";
import { redirectWithCartError } from "./cart-routes.ts";
import { cartToken } from "./cookies.ts";
import { asApiError, cartRefusalError } from "./errors.ts";
import { shopUrlOf } from "./origin.ts";
import { postLimit, safeLocalPath, wantsJson } from "./requests.ts";

/** The page a plain form came from (its own origin only), with the outcome. */
function backTo(c: Context, body: Record<string, unknown>, outcome: "sent" | "error"): string {
  let fallback = "/";
  const referer = c.req.header("referer");
  if (referer) {
    try {
      const from = new URL(referer);
      if (from.origin === new URL(c.req.url).origin) fallback = `${from.pathname}${from.search}`;
    } catch {
      // An unreadable Referer is no page of the shop.
    }
  }
  const url = new URL(safeLocalPath(body.return_to, fallback), "http://shop.invalid");
  url.searchParams.set(BACK_IN_STOCK_OUTCOME_PARAM, outcome);
  url.hash = "back-in-stock";
  return `${url.pathname}${url.search}${url.hash}`;
}

export function backInStockRoutes(platform: Platform): Hono {
  const app = new Hono();
  const { backInStock } = platform;

  app.post(BACK_IN_STOCK_PATH, postLimit, async (c) => {
    const body = await readBody(c);
    const customer = await inProcessStorefront(platform, cartToken(c), shopUrlOf(c), accountRequest(c)).account.customer();
    const answer = await backInStock.request(body, { ip: accountRequest(c).ip, customerId: customer?.id ?? null, siteCode: platform.site.code, shopUrl: `${shopUrlOf(c)}${platform.site.path}` });
    if (answer.retryAfter !== undefined) c.header("retry-after", String(answer.retryAfter));
    if (!wantsJson(c)) return c.redirect(backTo(c, body, answer.errors.length ? "error" : "sent"), 303);
    const { retryAfter, ...reply } = answer;
    return c.json(reply, retryAfter !== undefined ? 429 : answer.errors.length ? 422 : 200);
  });

  app.get(BACK_IN_STOCK_CONFIRM_PATH, async (c) => {
    const { outcome, productPath } = await backInStock.confirm(c.req.query());
    if (!productPath) return c.redirect("/newsletter?state=invalid", 303);
    return c.redirect(`${productPath}&${BACK_IN_STOCK_OUTCOME_PARAM}=${outcome}#back-in-stock`, 303);
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
