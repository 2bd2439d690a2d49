/**
 * Renewals charged through Stripe (issue 40): `--contracts N` (default 200)
 * subscriptions due today, each with a kept card, renewed by two runs of the
 * renewal job at once, batch after batch, against the local Stripe stand-in
 * (the shop's real SDK over HTTP on 127.0.0.1). Prints the time per renewal
 * (order placed and its off-session PaymentIntent taken) and checks that
 * every contract made exactly one PaymentIntent and one paid order.
 * `DATABASE_URL` runs it on a throwaway PostgreSQL database, else PGlite in memory.
 */
import { parseArgs } from "node:util";
import { calendarDay } from "../src/core/subscriptions/delivery-dates.ts";
import { paymentsFromEnvironment } from "../src/platform/payments/stripe-payments.ts";
import { fixtureCatalog } from "../tests/integration/fixture-catalog.ts";
import { Shopper, openTestShop, signedInCustomer } from "../tests/integration/harness.ts";
import { STAND_IN_SECRET_KEY, STAND_IN_WEBHOOK_SECRET, StripeStandIn } from "../tests/stripe-stand-in.ts";

const { values } = parseArgs({ options: { contracts: { type: "string", default: "200" } } });
const count = Number(values.contracts);
const stripe = await new StripeStandIn().start();
const shop = await openTestShop({
  catalog: { ...fixtureCatalog, sellingPlanGroups: { "sized-serum": [{ name: "Subscribe and save", plans: [{ interval: "week", intervalCount: 6, adjustment: { type: "percentage", value: 10 } }] }] } },
  checkoutLimit: { limit: 1000, windowSeconds: 60 },
  payments: paymentsFromEnvironment({ STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY, STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET, STRIPE_API_BASE: stripe.origin }),
});
try {
  // One subscription made as a shopper makes it (checkout, paid on the stand-in), then copied.
  const { session } = await signedInCustomer(shop.db, "bench@example.com");
  const shopper = new Shopper(shop.app);
  const product = (await (await shopper.get("/products/sized-serum.js")).json()) as { selling_plan_groups: { selling_plans: { id: number }[] }[] };
  await shopper.postJson("/cart/add.js", { id: shop.variant("sized-serum", 1), quantity: 2, selling_plan: product.selling_plan_groups[0]!.selling_plans[0]!.id });
  const placed = await shop.app.request("/checkout.json", {
    method: "POST",
    headers: { "content-type": "application/json", cookie: `${shopper.cartCookie}; customer_session=${session}` },
    body: JSON.stringify({ email: "bench@example.com", first_name: "Ada", last_name: "Lovelace", address1: "12 St James's Square", city: "London", zip: "SW1Y 4JH", country: "GB" }),
  });
  if (placed.status !== 200) throw new Error(`checkout answered ${placed.status}`);
  const paid = stripe.pay(stripe.created.at(-1)!.session.id);
  const event = stripe.event("checkout.session.completed", paid);
  await shop.app.request("/webhooks/stripe", { method: "POST", headers: { "content-type": "application/json", "stripe-signature": event.signature }, body: event.body });
  const today = calendarDay(new Date(), shop.platform.settings.shop.timeZone);
  await shop.db.query("update variants set inventory_management = null");
  const [template] = await shop.db.query<{ id: number; payment_method_id: string | null }>("select id, payment_method_id from subscription_contracts");
  if (!template?.payment_method_id) throw new Error("the card was not kept");
  await shop.db.query(
    `insert into subscription_contracts (customer_id, selling_plan_id, interval, interval_count, lines, delivery_price, shipping_price, shipping_method, shipping_address, email, currency, site, shop_url,
       anchor_date, deliveries, next_date, payment_customer_id, payment_method_id)
     select customer_id, selling_plan_id, interval, interval_count, lines, delivery_price, shipping_price, shipping_method, shipping_address, email, currency, site, shop_url,
       anchor_date, deliveries, next_date, payment_customer_id, payment_method_id from subscription_contracts, generate_series(2, $2::int) where id = $1`,
    [template.id, count],
  );
  await shop.db.query("update subscription_contracts set next_date = $1", [today]);
  const started = performance.now();
  let runs = 0;
  for (;;) {
    const [a, b] = await Promise.all([shop.platform.subscriptions.renewDue(), shop.platform.subscriptions.renewDue()]);
    runs += 2;
    if (a + b === 0) break;
  }
  const seconds = (performance.now() - started) / 1000;
  const [orders] = await shop.db.query<{ paid: number; all: number }>("select count(*) filter (where payment_status = 'paid')::int as paid, count(*)::int as all from orders where cart_token like 'subscription:%'");
  const keys = new Set(stripe.charges.map((charge) => charge.idempotencyKey));
  console.log(
    JSON.stringify({
      database: process.env.DATABASE_URL ? "postgresql" : "pglite",
      contracts: count,
      runs,
      seconds: Number(seconds.toFixed(2)),
      ms_per_renewal: Number(((seconds * 1000) / count).toFixed(1)),
      renewal_orders: orders!.all,
      paid: orders!.paid,
      payment_intents: stripe.charges.length,
      distinct_keys: keys.size,
    }),
  );
} finally {
  await shop.close();
  await stripe.stop();
}
