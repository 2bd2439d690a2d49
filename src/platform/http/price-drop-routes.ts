/**
 * "Tell me when the price drops" over HTTP:
 *
 *   POST /price-drop/follow               form fields product_id, email, consent (and the spam field): JSON
 *                                         {errors: [], status} to a script (`following` for a signed-in customer's
 *                                         own address, else `confirmation_sent`; 422 with the fields' errors, 429
 *                                         when this address asked too often); a plain form goes back to its page
 *                                         with ?price_drop=following|sent|error.
 *   GET  /price-drop/confirm?f=&n=&t=     a guest's signed confirmation link → the product page, ?price_drop=confirmed
 *   GET  /price-drop/unfollow?f=&p=&t=    the signed link in every price email: the follow is removed → the product
 *                                         page, ?price_drop=unfollowed
 */
import type { Context } from "hono";
import { Hono } from "hono";
import { PRICE_DROP_CONFIRM_PATH, PRICE_DROP_OUTCOME_PARAM, PRICE_DROP_PATH, PRICE_DROP_UNFOLLOW_PATH } from "../../core/catalog/price-drop.ts";
import type { Platform } from "../services.ts";
import { inProcessStorefront } from "../storefront/in-process.ts";
import { accountRequest } from "./account-cookies.ts";
import { readBody } from "./body.ts";
import { cartToken } from "./cookies.ts";
import { shopUrlOf } from "./origin.ts";
import { postLimit, safeLocalPath, wantsJson } from "./requests.ts";

/** The page a plain form came from (its own origin only), with the outcome. */
function backTo(c: Context, body: Record<string, unknown>, outcome: string): string {
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
  url.searchParams.set(PRICE_DROP_OUTCOME_PARAM, outcome);
  url.hash = "price-drop";
  return `${url.pathname}${url.search}${url.hash}`;
}

export function priceDropRoutes(platform: Platform): Hono {
  const app = new Hono();
  const { priceDrops } = platform;
  /** A link's landing: the product page on the site the link was sent from, saying what the link did. */
  const land = (c: Context, productPath: string | null, outcome: string) =>
    productPath ? c.redirect(`${platform.site.path}${productPath}?${PRICE_DROP_OUTCOME_PARAM}=${outcome}#price-drop`, 303) : c.redirect("/newsletter?state=invalid", 303);

  app.post(PRICE_DROP_PATH, postLimit, async (c) => {
    const body = await readBody(c);
    const customer = await inProcessStorefront(platform, cartToken(c), shopUrlOf(c), accountRequest(c)).account.customer();
    const answer = await priceDrops.follow(body, {
      ip: accountRequest(c).ip,
      customer: customer ? { id: customer.id, email: customer.email } : null,
      siteCode: platform.site.code,
      shopUrl: `${shopUrlOf(c)}${platform.site.path}`,
    });
    if (answer.retryAfter !== undefined) c.header("retry-after", String(answer.retryAfter));
    if (!wantsJson(c)) return c.redirect(backTo(c, body, answer.errors.length ? "error" : answer.status === "following" ? "following" : "sent"), 303);
    const { retryAfter, ...reply } = answer;
    return c.json(reply, retryAfter !== undefined ? 429 : answer.errors.length ? 422 : 200);
  });

  app.get(PRICE_DROP_CONFIRM_PATH, async (c) => {
    const { outcome, productPath } = await priceDrops.confirm(c.req.query());
    return land(c, productPath, outcome);
  });

  app.get(PRICE_DROP_UNFOLLOW_PATH, async (c) => {
    const { outcome, productPath } = await priceDrops.unfollow(c.req.query());
    return land(c, productPath, outcome);
  });

  return app;
}
