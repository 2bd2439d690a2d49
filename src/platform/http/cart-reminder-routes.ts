/**
 * The links in an abandoned-cart reminder (cart/cart-reminders.ts):
 *
 *   GET /cart/restore?r=&t=         the signed link: the cart comes back in this browser, and the shopper sees it.
 *                                   A customer's cart follows them, so a browser not signed in as them is asked to
 *                                   sign in first; a guest's cart becomes this browser's cart (lines the browser
 *                                   held join it), or, signed in, joins the customer's cart.
 *   GET /cart/reminders/stop?r=&t=  a customer's one-click way out (one with a subscription unsubscribes instead).
 */
import { Hono } from "hono";
import { CART_REMINDERS_STOP_PATH, CART_RESTORE_PATH, restoredCart, stopCartReminders } from "../cart/cart-reminders.ts";
import type { Platform } from "../services.ts";
import { inProcessStorefront } from "../storefront/in-process.ts";
import { accountRequest } from "./account-cookies.ts";
import { existingCartToken, setCartCookie } from "./cookies.ts";
import { shopUrlOf } from "./origin.ts";

export function cartReminderRoutes(platform: Platform): Hono {
  const app = new Hono();

  app.get(CART_RESTORE_PATH, async (c) => {
    c.header("cache-control", "private, no-store");
    const restored = await restoredCart(platform, c.req.query());
    if (!restored) return c.redirect("/cart", 303);
    const browserCart = existingCartToken(c);
    const customer = await inProcessStorefront(platform, browserCart ?? restored.token, shopUrlOf(c), accountRequest(c)).account.customer();
    if (restored.customerId !== null) {
      if (customer?.id === restored.customerId) return c.redirect("/cart", 303);
      return c.redirect(`/account/login?return_url=${encodeURIComponent("/cart")}`, 303);
    }
    if (customer && browserCart) {
      await platform.carts.mergeInto(browserCart, restored.token);
    } else {
      if (browserCart && browserCart !== restored.token) await platform.carts.mergeInto(restored.token, browserCart);
      setCartCookie(c, restored.token);
    }
    return c.redirect("/cart", 303);
  });

  app.get(CART_REMINDERS_STOP_PATH, async (c) => {
    const stopped = await stopCartReminders(platform, c.req.query());
    return c.redirect(`/newsletter?state=${stopped ? "unsubscribed" : "invalid"}`, 303);
  });

  return app;
}
