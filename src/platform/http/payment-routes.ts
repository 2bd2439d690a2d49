import { Hono } from "hono";
import type { Platform } from "../services.ts";
import { postLimit } from "./requests.ts";

/** The path Stripe posts its events to (set it as the webhook endpoint in Stripe's dashboard). */
export const STRIPE_WEBHOOK_PATH = "/webhooks/stripe";

/**
 * The payment provider's webhook: its raw body is read as sent (the signature
 * covers the exact bytes), believed only with a valid signature (400 and no
 * change otherwise), and handled once per event id.
 */
export function paymentRoutes(platform: Platform): Hono {
  const app = new Hono();

  app.post(STRIPE_WEBHOOK_PATH, postLimit, async (c) => {
    if (!platform.payments) return c.json({ status: 404, message: "Not Found", description: "This shop takes no payments through Stripe." }, 404);
    const outcome = await platform.payments.receive(await c.req.text(), c.req.header("stripe-signature"));
    c.header("cache-control", "no-store");
    if (outcome === "refused") return c.json({ status: 400, message: "Bad Request", description: "The event's signature is missing or does not match." }, 400);
    return c.json({ received: true, duplicate: outcome === "duplicate" });
  });

  return app;
}
