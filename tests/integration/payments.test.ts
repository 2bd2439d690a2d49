/**
 * Taking payments through Stripe: the shop's real Stripe SDK talks to a
 * local stand-in (STRIPE_API_BASE), and events are signed with Stripe's own
 * scheme. An order waits as pending holding its stock, is paid only by a
 * verified webhook (once per event, in any order), gives its stock back when
 * its session expires, is refunded automatically when paid after it was
 * cancelled, and is refunded through the provider from the back office.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { StaffJson } from "../../src/core/admin/admin.ts";
import type { AdminOrdersClient } from "../../src/core/admin/admin-orders.ts";
import type { OrderJson } from "../../src/core/contract/storefront.ts";
import { ordersAdmin } from "../../src/platform/admin/orders-admin.ts";
import { LAPSED_AFTER_MS, PAYMENT_WINDOW_MS } from "../../src/platform/payments/payment-service.ts";
import { paymentsFromEnvironment } from "../../src/platform/payments/stripe-payments.ts";
import { demoCatalog } from "../../src/platform/seed/demo-catalog.ts";
import { STAND_IN_SECRET_KEY, STAND_IN_WEBHOOK_SECRET, StripeStandIn } from "../stripe-stand-in.ts";
import { Shopper, type TestShop, addStaff, openTestShop } from "./harness.ts";

let shop: TestShop;
let stripe: StripeStandIn;
let admin: AdminOrdersClient;
const GEL = "clarifying-gel-cleanser";
const contact = { email: "grace@example.com", first_name: "Grace", last_name: "Hopper", address1: "1 Harbour Road", city: "Bristol", zip: "BS1 4RN", country: "GB" };

beforeAll(async () => {
  stripe = await new StripeStandIn().start();
  const payments = paymentsFromEnvironment({ STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY, STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET, STRIPE_API_BASE: stripe.origin });
  shop = await openTestShop({ catalog: demoCatalog, checkoutLimit: { limit: 10_000, windowSeconds: 600 }, payments });
  const owner: StaffJson = await addStaff(shop.db, "owner@lumenandleaf.example", "Owner", "owner");
  admin = ordersAdmin(shop.db, shop.platform.catalog, shop.platform.mailer, shop.platform.settings, async () => owner, "http://shop.test", shop.platform.payments?.provider);
});
afterAll(async () => {
  await shop?.close();
  await stripe?.stop();
});
beforeEach(async () => {
  stripe.refuseRefunds = null;
  await shop.db.query("update variants set inventory_management = 'shopify', inventory_policy = 'deny', inventory_quantity = 10 where id = $1", [shop.variant(GEL)]);
  await shop.db.query("update catalog_meta set inventory_revision = inventory_revision + 1 where id = 1");
  await shop.db.query("delete from outbox");
});

const stockOf = async () => Number((await shop.db.query<{ inventory_quantity: number }>("select inventory_quantity from variants where id = $1", [shop.variant(GEL)]))[0]?.inventory_quantity);
const orderOf = async (token: string) => (await (await new Shopper(shop.app).get(`/orders/${token}.json`)).json()) as { order: OrderJson };
const confirmations = async () => (await shop.db.query<{ subject: string }>("select subject from outbox where subject like '%confirmed%' or subject like '%Order%' order by id")).length;

/** Places `quantity` gels (with a code if given) and answers the order and its session at the stand-in. */
async function placeOrder(quantity = 2, code?: string) {
  const shopper = new Shopper(shop.app);
  expect((await shopper.postJson("/cart/add.js", { id: shop.variant(GEL), quantity })).status).toBe(200);
  if (code) await shopper.postJson("/cart/update.js", { discount: code });
  const response = await shopper.postJson("/checkout.json", contact);
  expect(response.status).toBe(200);
  const { order } = (await response.json()) as { order: OrderJson };
  const created = stripe.created.at(-1);
  if (!created) throw new Error("no session was created");
  return { order, created, session: created.session, shopper };
}

function postEvent(event: { body: string; signature?: string }, headers: Record<string, string> = {}) {
  return new Shopper(shop.app).request("/webhooks/stripe", {
    method: "POST",
    headers: { "content-type": "application/json; charset=utf-8", ...(event.signature ? { "stripe-signature": event.signature } : {}), ...headers },
    body: event.body,
  });
}

describe("checking out with Stripe", () => {
  it("creates a session at the shop's prices and currency, and holds the stock while the order waits", async () => {
    const { order, created, shopper } = await placeOrder(2, "GLOW10");
    // Two gels at £16 with 10% off by code, under the free-shipping threshold.
    expect(order).toMatchObject({ financial_status: "pending", total_price: 2880 + 395, test: false, payment: { provider: "stripe", pay_url: created.session.url } });
    expect(created.params).toMatchObject({
      mode: "payment",
      customer_email: contact.email,
      client_reference_id: String(order.id),
      metadata: { order_id: String(order.id) },
      success_url: `http://localhost/orders/${order.token}`,
      line_items: [{ quantity: "2", price_data: { currency: "gbp", unit_amount: "1440", product_data: { name: order.line_items[0]?.title } } }],
      shipping_options: [{ shipping_rate_data: { type: "fixed_amount", fixed_amount: { amount: "395", currency: "gbp" } } }],
    });
    expect(created.session.amount_total).toBe(order.total_price);
    expect(created.idempotencyKey).toBe(`checkout-${order.token}`);
    expect(await stockOf()).toBe(8);
    // The cart is the order's now; nothing is confirmed before the payment.
    expect((await (await shopper.get("/cart.js")).json()).item_count).toBe(0);
    expect(await confirmations()).toBe(0);
    expect((await orderOf(order.token)).order).toMatchObject({ financial_status: "pending", payment: { pay_url: created.session.url } });
  });

  it("sends the checkout form to the session's page", async () => {
    const shopper = new Shopper(shop.app);
    await shopper.postJson("/cart/add.js", { id: shop.variant(GEL), quantity: 1 });
    const response = await shopper.postJson("/checkout.json", contact);
    const { order } = (await response.json()) as { order: OrderJson };
    expect(order.payment.pay_url).toMatch(new RegExp(`^${stripe.origin}/c/pay/cs_test_`));
  });
});

describe("the webhook", () => {
  it("refuses a missing or wrong signature and changes nothing", async () => {
    const { order, session } = await placeOrder();
    stripe.pay(session.id);
    const forged = stripe.event("checkout.session.completed", session, { signedWith: "whsec_someone_else" });
    expect((await postEvent(forged)).status).toBe(400);
    expect((await postEvent({ body: forged.body })).status).toBe(400);
    // A body changed after signing is refused too.
    const genuine = stripe.event("checkout.session.completed", session);
    expect((await postEvent({ body: genuine.body.replace(String(order.id), "1"), signature: genuine.signature })).status).toBe(400);
    expect((await orderOf(order.token)).order.financial_status).toBe("pending");
    expect(await shop.db.query("select id from payment_events where id = $1", [JSON.parse(forged.body).id])).toEqual([]);
  });

  it("marks the order paid from a good signature, once however often the event comes, with its method and reference", async () => {
    const { order, session } = await placeOrder();
    stripe.pay(session.id);
    const event = stripe.event("checkout.session.completed", session);
    // Stripe's servers post from elsewhere: the shop's cross-site refusal does not apply to the webhook.
    const answer = await postEvent(event, { "sec-fetch-site": "cross-site", origin: "https://stripe.example" });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true, duplicate: false });
    const paid = (await orderOf(order.token)).order;
    expect(paid).toMatchObject({ financial_status: "paid", payment: { provider: "stripe", method: "Visa •••• 4242", reference: session.payment_intent, pay_url: null } });
    expect(await confirmations()).toBe(1);
    // Replayed: answered, and nothing happens twice.
    expect(await (await postEvent(event)).json()).toEqual({ received: true, duplicate: true });
    // The same news in another event (the async success) changes nothing either.
    expect((await postEvent(stripe.event("checkout.session.async_payment_succeeded", session))).status).toBe(200);
    expect(await confirmations()).toBe(1);
    expect(await stockOf()).toBe(8);
  });

  it("keeps a paid order paid when an older event about its session arrives late", async () => {
    const { order, session } = await placeOrder();
    const expiredBefore = stripe.event("checkout.session.expired", { ...session, status: "expired" });
    stripe.pay(session.id);
    expect((await postEvent(stripe.event("checkout.session.completed", session))).status).toBe(200);
    expect((await postEvent(expiredBefore)).status).toBe(200);
    expect((await orderOf(order.token)).order).toMatchObject({ financial_status: "paid", fulfillment_status: "unfulfilled" });
    expect(await stockOf()).toBe(8);
  });
});

describe("a session that ends unpaid", () => {
  it("gives the stock back and voids the order when the session expires", async () => {
    const { order, session } = await placeOrder(3);
    expect(await stockOf()).toBe(7);
    expect((await postEvent(stripe.event("checkout.session.expired", stripe.expire(session.id)))).status).toBe(200);
    expect(await stockOf()).toBe(10);
    expect((await orderOf(order.token)).order).toMatchObject({ financial_status: "voided", fulfillment_status: "cancelled", payment: { pay_url: null } });
    // Expired again (a duplicate under another id): the stock is not given back twice.
    expect((await postEvent(stripe.event("checkout.session.expired", session))).status).toBe(200);
    expect(await stockOf()).toBe(10);
  });

  it("refunds a payment that arrives after the order was cancelled", async () => {
    const { order, session } = await placeOrder(2);
    expect(await admin.cancel(order.id, { reason: "customer", restock: "on" })).toMatchObject({ ok: true });
    expect(await stockOf()).toBe(10);
    expect(stripe.session(session.id).status).toBe("expired");
    // The shopper had paid just before the session ended.
    Object.assign(stripe.session(session.id), { status: "complete", payment_status: "paid", payment_intent: "pi_test_late" });
    expect((await postEvent(stripe.event("checkout.session.completed", stripe.session(session.id)))).status).toBe(200);
    const refund = stripe.refunds.at(-1);
    expect(refund?.refund).toMatchObject({ payment_intent: "pi_test_late", amount: order.total_price });
    const [row] = await shop.db.query<{ provider_refund_id: string; amount: string }>("select provider_refund_id, amount from refunds where order_id = $1 and provider_refund_id is not null", [order.id]);
    expect({ ...row, amount: Number(row?.amount) }).toEqual({ provider_refund_id: refund?.refund.id, amount: order.total_price });
    expect((await orderOf(order.token)).order).toMatchObject({ financial_status: "refunded", total_refunded: order.total_price });
    expect(await stockOf()).toBe(10);
  });
});

describe("an order whose payment event never came", () => {
  // The hourly housekeeping's view of the clock: well past every session opened in these tests.
  const later = () => new Date(Date.now() + PAYMENT_WINDOW_MS + LAPSED_AFTER_MS + 60_000);
  const settle = (now = later()) => shop.platform.payments!.settleLapsed(now);
  // Orders the tests above left waiting are settled first, so each test counts only its own.
  beforeAll(() => settle());

  it("is left alone while its payment window lasts", async () => {
    const { order } = await placeOrder(1);
    expect(await settle(new Date())).toBe(0);
    expect((await orderOf(order.token)).order.financial_status).toBe("pending");
    expect(await stockOf()).toBe(9);
    // Settled now, so the tests below count only their own.
    expect(await settle()).toBe(1);
  });

  it("is voided with its stock back when its session ended unpaid, once", async () => {
    const { order, session } = await placeOrder(3);
    stripe.expire(session.id);
    expect(await settle()).toBe(1);
    expect(await stockOf()).toBe(10);
    expect((await orderOf(order.token)).order).toMatchObject({ financial_status: "voided", fulfillment_status: "cancelled" });
    expect(await settle()).toBe(0);
    // The event arriving after all changes nothing.
    expect((await postEvent(stripe.event("checkout.session.expired", session))).status).toBe(200);
    expect(await stockOf()).toBe(10);
  });

  it("is paid, with its confirmation sent once, when the shopper paid; a late event changes nothing", async () => {
    const { order, session } = await placeOrder(2);
    stripe.pay(session.id);
    expect(await settle()).toBe(1);
    expect((await orderOf(order.token)).order).toMatchObject({ financial_status: "paid", payment: { method: "Visa •••• 4242", reference: session.payment_intent } });
    expect(await confirmations()).toBe(1);
    expect((await postEvent(stripe.event("checkout.session.completed", session))).status).toBe(200);
    expect(await confirmations()).toBe(1);
    expect(await stockOf()).toBe(8);
  });

  it("has a session still open ended at the provider first, so it can no longer be paid", async () => {
    const { order, session } = await placeOrder(2);
    expect(await settle()).toBe(1);
    expect(stripe.session(session.id).status).toBe("expired");
    expect((await orderOf(order.token)).order.financial_status).toBe("voided");
    expect(await stockOf()).toBe(10);
  });
});

describe("refunds from the back office", () => {
  async function paidOrder(quantity = 2) {
    const placed = await placeOrder(quantity);
    stripe.pay(placed.session.id);
    expect((await postEvent(stripe.event("checkout.session.completed", placed.session))).status).toBe(200);
    return placed;
  }

  it("refunds part of a paid order through Stripe, records Stripe's refund id and returns the stock", async () => {
    const { order, session } = await paidOrder(2);
    expect(await admin.refund(order.id, { quantity_0: "1", restock: "on" })).toMatchObject({ ok: true });
    const refund = stripe.refunds.at(-1);
    expect(refund?.refund).toMatchObject({ payment_intent: session.payment_intent, amount: 1600 });
    const [row] = await shop.db.query<{ provider_refund_id: string }>("select provider_refund_id from refunds where order_id = $1", [order.id]);
    expect(row?.provider_refund_id).toBe(refund?.refund.id);
    expect(await stockOf()).toBe(9);
    const detail = await admin.order(order.id);
    expect(detail).toMatchObject({ financial_status: "partially_refunded", payment: { reference: session.payment_intent }, refunds: [{ provider_refund_id: refund?.refund.id }] });
  });

  it("says plainly when Stripe refuses the refund, and changes nothing", async () => {
    const { order } = await paidOrder(2);
    stripe.refuseRefunds = "Charge ch_1 has already been refunded.";
    const answer = await admin.refund(order.id, { quantity_0: "2", restock: "on", shipping: "on" });
    expect(answer).toMatchObject({ ok: false, reason: "upstream", description: "Nothing was refunded: Stripe did not refund the payment. Charge ch_1 has already been refunded." });
    expect(await shop.db.query("select id from refunds where order_id = $1", [order.id])).toEqual([]);
    expect(await stockOf()).toBe(8);
    expect((await orderOf(order.token)).order).toMatchObject({ financial_status: "paid", total_refunded: 0 });
  });

  it("refuses to refund an order still waiting for its payment", async () => {
    const { order } = await placeOrder(1);
    expect(await admin.refund(order.id, { quantity_0: "1" })).toMatchObject({ ok: false, reason: "conflict" });
    expect(stripe.refunds.filter((refund) => refund.refund.metadata?.order_id === String(order.id))).toEqual([]);
  });
});
