import { Hono } from "hono";
import { refusalIn } from "../../core/i18n/form-messages.ts";
import { CHECKOUT_REFUSAL_STATUS, type CheckoutRefusal } from "../../core/checkout/checkout.ts";
import type { Platform } from "../services.ts";
import { readBody } from "./body.ts";
import { notFound } from "./errors.ts";
import { cartToken } from "./cookies.ts";
import { shopUrlOf } from "./origin.ts";
import { siteUrl } from "../../core/sites/sites.ts";
import { SESSION_COOKIE, clientAddress } from "./account-cookies.ts";
import { getCookie } from "hono/cookie";
import { postLimit } from "./requests.ts";
import { invoiceResponse } from "../orders/invoice.ts";

/** A refusal in Shopify's JSON error shape: field errors only when there are some, the stock figures only for a stock refusal. */
function refusalBody({ reason, description, errors, variant_id, available }: CheckoutRefusal) {
  return {
    status: CHECKOUT_REFUSAL_STATUS[reason],
    message: "Checkout Error",
    description,
    ...(Object.keys(errors).length ? { errors } : {}),
    ...(variant_id === undefined ? {} : { variant_id, available }),
  };
}

/** Placing the shopper's cart as an order (`POST /checkout.json`) and reading an order back by its token. */
export function checkoutRoutes(platform: Platform): Hono {
  const app = new Hono();

  app.post("/checkout.json", postLimit, async (c) => {
    const body = await readBody(c);
    // A signed-in customer's order is theirs (and may hold subscriptions).
    const customer = await platform.customers.customerForSession(getCookie(c, SESSION_COOKIE));
    const result = await platform.orders.checkout(cartToken(c), body, siteUrl(shopUrlOf(c), platform.site), clientAddress(c), customer?.id);
    if (!result.ok) {
      if (result.retry_after !== undefined) c.header("retry-after", String(result.retry_after));
      // The checkout's own scripts show these words to the shopper: they are the site's language, as the cart's refusals are.
      return c.json(refusalBody(refusalIn(result, platform.translate)), CHECKOUT_REFUSAL_STATUS[result.reason]);
    }
    if (customer) await platform.customers.attachOrder(result.order.id, customer.id);
    return c.json({ order: result.order });
  });

  // The invoice is the order's, so its link is the order's: whoever holds the order's token (its page's address) may have it.
  app.get("/orders/:token{[a-f0-9]{32}}/invoice.pdf", async (c) => {
    const order = await platform.orders.find(c.req.param("token"));
    if (!order) throw notFound("Order not found");
    return invoiceResponse(order, platform);
  });

  app.get("/orders/:file{[a-f0-9]{32}\\.json}", async (c) => {
    const order = await platform.orders.find(c.req.param("file").replace(/\.json$/, ""));
    if (!order) throw notFound("Order not found");
    return c.json({ order });
  });

  return app;
}
