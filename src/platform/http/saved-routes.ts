/**
 * Saved for later over HTTP, for a logged-in customer's browser:
 *
 *   POST /api/save-for-later  {customer, hash, shop, data: [saved items]}
 *        replaces the customer's list; answers {ok: true, data: [stored items]}
 *   GET  /api/save-for-later?customer=&hash=
 *        answers {data: [saved items]}
 *
 * The id and hash prove the customer (401 otherwise); `shop` must be this
 * shop's host (422 otherwise). Refusals answer in Shopify's JSON error shape.
 */
import type { Context } from "hono";
import { Hono } from "hono";
import type { Platform } from "../services.ts";
import type { SavedAnswer } from "../accounts/saved-for-later.ts";
import { readBody } from "./body.ts";
import { ApiError, unprocessable } from "./errors.ts";
import { requestOrigin } from "./origin.ts";
import { postLimit } from "./requests.ts";

export const SAVE_FOR_LATER_PATH = "/api/save-for-later";

/** The hosts a shopper reaches this shop on: the request's own (as a trusted proxy forwards it), and the configured address's. */
function shopHosts(c: Context): Set<string> {
  const options = c.get("shopAddress");
  const hosts = new Set([new URL(requestOrigin(c.req.raw, options?.trustProxy ?? false)).host]);
  if (options?.shopUrl) hosts.add(new URL(options.shopUrl).host);
  return hosts;
}

/** A refusal of the saved-list service in Shopify's status and body. */
function refusal(c: Context, answer: Exclude<SavedAnswer, { ok: true }>): ApiError {
  switch (answer.kind) {
    case "unknown_customer":
      return new ApiError(401, { status: 401, message: "Unauthorized", description: answer.description });
    case "invalid":
      return unprocessable(answer.description);
    case "too_many":
      c.header("retry-after", String(answer.retryAfter));
      return new ApiError(429, { status: 429, message: "Too Many Requests", description: answer.description });
  }
}

export function savedRoutes(platform: Platform): Hono {
  const app = new Hono();

  app.use(SAVE_FOR_LATER_PATH, async (c, next) => {
    await next();
    // A customer's list is theirs alone: never kept by a cache on the way.
    c.header("cache-control", "private, no-store");
  });

  app.get(SAVE_FOR_LATER_PATH, async (c) => {
    const answer = await platform.savedForLater.read(c.req.query("customer"), c.req.query("hash"));
    if (!answer.ok) throw refusal(c, answer);
    return c.json({ data: answer.items });
  });

  app.post(SAVE_FOR_LATER_PATH, postLimit, async (c) => {
    const body = await readBody(c);
    const shop = typeof body.shop === "string" ? body.shop.trim().toLowerCase() : "";
    if (!shopHosts(c).has(shop)) throw unprocessable("shop must be this shop's address");
    const answer = await platform.savedForLater.replace(body.customer, body.hash, body.data);
    if (!answer.ok) throw refusal(c, answer);
    return c.json({ ok: true, data: answer.items });
  });

  return app;
}
