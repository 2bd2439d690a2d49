/**
 * The shop's email list over HTTP, as the newsletter form's provider:
 *
 *   POST /newsletter/subscribe        form fields ue, @add_to_lists, skintype, skin_sensitivity (and the spam
 *                                     field): JSON {errors: [], status} to a script; a plain form goes back to
 *                                     its page with ?newsletter=sent|error (the same for an address already
 *                                     on the list, which is told by email)
 *   GET  /newsletter/confirm?s=&n=&t= the signed confirmation link → /newsletter?state=…
 *   GET|POST /newsletter/unsubscribe?s=&t=  one click, signed per address → /newsletter?state=unsubscribed
 *   POST /newsletter/bundle           the saved bundle recorded against an email, once
 *   GET  /newsletter/recommendations?instance=&limit=&email=&skintype=  products picked for a skin type (and, for
 *                                     the logged-in customer's own email, their answers and orders)
 *
 * `@account` is the logged-in customer as the session proves it; a posted
 * value is never believed.
 */
import type { Context } from "hono";
import { Hono } from "hono";
import { NEWSLETTER_BUNDLE_PATH, NEWSLETTER_RECOMMENDATIONS_PATH, NEWSLETTER_SUBSCRIBE_PATH } from "../../core/marketing/newsletter.ts";
import { type Platform } from "../platform.ts";
import { inProcessStorefront } from "../storefront/in-process.ts";
import { newsletterRecommendations } from "../marketing/recommendations.ts";
import { accountRequest } from "./account-cookies.ts";
import { readBody } from "./body.ts";
import { cartToken, existingCartToken } from "./cookies.ts";
import { shopUrlOf } from "./origin.ts";
import { sitePath } from "../../core/sites/sites.ts";
import { formPage, postLimit, wantsJson } from "./requests.ts";

/** The logged-in customer, as the session cookie proves it. */
async function sessionCustomer(c: Context, platform: Platform): Promise<{ id: number; email: string } | null> {
  const customer = await inProcessStorefront(platform, cartToken(c), shopUrlOf(c), accountRequest(c)).account.customer();
  return customer ? { id: customer.id, email: customer.email } : null;
}

const customerId = async (c: Context, platform: Platform) => (await sessionCustomer(c, platform))?.id ?? null;

function withOutcome(path: string, outcome: string): string {
  const url = new URL(path, "http://shop.invalid");
  url.searchParams.set("newsletter", outcome);
  url.hash = "newsletter";
  return `${url.pathname}${url.search}${url.hash}`;
}

export function newsletterRoutes(platform: Platform): Hono {
  const app = new Hono();
  const { newsletter } = platform;

  app.post(NEWSLETTER_SUBSCRIBE_PATH, postLimit, async (c) => {
    const body = await readBody(c);
    const source = typeof body.source === "string" && /^[a-z-]{1,40}$/.test(body.source) ? body.source : "form";
    const answer = await newsletter.signup(body, { ip: accountRequest(c).ip, customerId: await customerId(c, platform), shopUrl: shopUrlOf(c), locale: platform.site.language, source, cartToken: existingCartToken(c) });
    if (answer.retryAfter !== undefined) c.header("retry-after", String(answer.retryAfter));
    if (!wantsJson(c)) {
      return c.redirect(withOutcome(formPage(c, body), answer.errors.length ? "error" : "sent"), 303);
    }
    const { retryAfter, ...reply } = answer;
    return c.json(reply, retryAfter !== undefined ? 429 : answer.errors.length ? 422 : 200);
  });

  app.get("/newsletter/confirm", async (c) => {
    const outcome = await newsletter.confirm(c.req.query(), shopUrlOf(c));
    return c.redirect(sitePath(platform.site, `/newsletter?state=${outcome}`), 303);
  });

  // One click from an email (GET), or a mail client's one-click unsubscribe (POST).
  app.on(["GET", "POST"], "/newsletter/unsubscribe", async (c) => {
    const outcome = await newsletter.unsubscribe(c.req.query());
    if (c.req.method === "POST") return c.json({ unsubscribed: outcome === "unsubscribed" }, outcome === "unsubscribed" ? 200 : 400);
    return c.redirect(sitePath(platform.site, `/newsletter?state=${outcome}`), 303);
  });

  app.post(NEWSLETTER_BUNDLE_PATH, postLimit, async (c) => {
    const body = await readBody(c);
    const answer = await newsletter.recordBundle(body, { ip: accountRequest(c).ip, customerId: await customerId(c, platform) });
    return c.json(answer, answer.errors.length ? 422 : 200);
  });

  app.get(NEWSLETTER_RECOMMENDATIONS_PATH, async (c) => {
    const limit = Math.min(12, Math.max(1, Number.parseInt(c.req.query("limit") ?? "4", 10) || 4));
    const products = await newsletterRecommendations(platform, {
      limit,
      email: c.req.query("email") ?? null,
      skintype: c.req.query("skintype") ?? null,
      customer: await sessionCustomer(c, platform),
    });
    c.header("cache-control", "private, no-store");
    return c.json({ instance: c.req.query("instance") ?? null, products });
  });

  return app;
}
