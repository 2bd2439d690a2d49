/**
 * Renewals charged through Stripe (the shop's real SDK against the stand-in):
 * the card kept at checkout on the shopper's Stripe customer, each renewal an
 * off-session PaymentIntent keyed by contract, date and try (charged once
 * when two runs go at once), a declined card tried again 1, 3 and 7 days on
 * with an email each time, the subscription `failed` after the last try, and
 * a new card given on Stripe's setup page reactivating and charging it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { OrderJson } from "../../src/core/contract/storefront.ts";
import { addDays, calendarDay } from "../../src/core/subscriptions/delivery-dates.ts";
import { newCartToken } from "../../src/platform/cart/cart-model.ts";
import { paymentsFromEnvironment } from "../../src/platform/payments/stripe-payments.ts";
import { inProcessStorefront } from "../../src/platform/storefront/in-process.ts";
import { STAND_IN_SECRET_KEY, STAND_IN_WEBHOOK_SECRET, StripeStandIn } from "../stripe-stand-in.ts";
import { fixtureCatalog } from "./fixture-catalog.ts";
import { subscriptionsAdmin } from "../../src/platform/admin/subscriptions-admin.ts";
import { Shopper, type TestShop, addStaff, openTestShop, signedInCustomer } from "./harness.ts";

let shop: TestShop;
let stripe: StripeStandIn;
/** Days the shop's clock is moved on: renewals and retries fall due as time passes. */
let daysOn = 0;
const DAY_MS = 24 * 3600 * 1000;
const clock = () => Date.now() + daysOn * DAY_MS;
const ADDRESS = { first_name: "Ada", last_name: "Lovelace", address1: "12 St James's Square", city: "London", zip: "SW1Y 4JH", country: "GB" };

beforeAll(async () => {
  stripe = await new StripeStandIn().start();
  const payments = paymentsFromEnvironment({ STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY, STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET, STRIPE_API_BASE: stripe.origin });
  shop = await openTestShop({
    catalog: {
      ...fixtureCatalog,
      sellingPlanGroups: {
        "sized-serum": [{ name: "Subscribe and save", plans: [{ interval: "week" as const, intervalCount: 6, adjustment: { type: "percentage" as const, value: 10 } }] }],
      },
    },
    checkoutLimit: { limit: 1000, windowSeconds: 60 },
    payments,
    now: clock,
  });
});
afterEach(() => {
  daysOn = 0;
});
afterAll(async () => {
  await shop?.close();
  await stripe?.stop();
});

const today = () => calendarDay(new Date(clock()), shop.platform.settings.shop.timeZone);
const service = () => shop.platform.subscriptions;
const SERUM = () => shop.variant("sized-serum", 1);
const stock = async () => Number((await shop.db.query<{ q: number }>("select inventory_quantity as q from variants where id = $1", [SERUM()]))[0]!.q);

function postEvent(event: { body: string; signature: string }) {
  return new Shopper(shop.app).request("/webhooks/stripe", { method: "POST", headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": event.signature }, body: event.body });
}

/** A signed-in customer who subscribes to 2 sized serums every 6 weeks and pays on the stand-in: their contract, its card and their account client. */
async function subscribed(email: string) {
  // The session outlives the days the tests move the clock on.
  const { id: customerId, session } = await signedInCustomer(shop.db, email, 60);
  const shopper = new Shopper(shop.app);
  const product = (await (await shopper.get("/products/sized-serum.js")).json()) as { selling_plan_groups: { selling_plans: { id: number }[] }[] };
  const plan = product.selling_plan_groups[0]!.selling_plans[0]!.id;
  expect((await shopper.postJson("/cart/add.js", { id: SERUM(), quantity: 2, selling_plan: plan })).status).toBe(200);
  const response = await shop.app.request("/checkout.json", {
    method: "POST",
    headers: { "content-type": "application/json", cookie: `${shopper.cartCookie}; customer_session=${session}`, "x-forwarded-for": "203.0.113.61" },
    body: JSON.stringify({ email, ...ADDRESS }),
  });
  expect(response.status).toBe(200);
  const { order } = (await response.json()) as { order: OrderJson };
  const created = stripe.created.at(-1)!;
  stripe.pay(created.session.id);
  expect((await postEvent(stripe.event("checkout.session.completed", created.session))).status).toBe(200);
  const [contract] = await service().forCustomer(customerId);
  const request = { ip: "203.0.113.62", sessionToken: session, challengeToken: undefined, shopUrl: "http://localhost", secure: false };
  const account = inProcessStorefront(shop.platform, newCartToken(), "http://localhost", request).account;
  return { customerId, order, created, contract: contract!, card: stripe.cardOf(created.session), account };
}

/** Makes a contract's next delivery due today, as if its first order was 6 weeks ago. */
async function makeDue(contractId: number) {
  await shop.db.query("update subscription_contracts set anchor_date = $2, deliveries = 1, next_date = $3 where id = $1", [contractId, addDays(today(), -42), today()]);
}

/** A subscription whose card Stripe declines with `code`, its next delivery due today. */
async function declinedAndDue(email: string, code: string) {
  const subscription = await subscribed(email);
  stripe.declined.set(subscription.card, code);
  await makeDue(subscription.contract.id);
  return subscription;
}

const renewalOrders = (contractId: number) =>
  shop.db.query<{ id: number; total_price: number; payment_status: string; payment_reference: string | null; payment_method: string | null; fulfillment_status: string }>(
    "select id, total_price, payment_status, payment_reference, payment_method, fulfillment_status from orders where cart_token = $1 order by id",
    [`subscription:${contractId}`],
  );
const chargesOf = (contractId: number) => stripe.charges.filter((charge) => (charge.params.metadata as { contract_id?: string } | undefined)?.contract_id === String(contractId));
const mailTo = (email: string) => shop.db.query<{ subject: string; text_body: string }>("select subject, text_body from outbox where recipient = $1 order by id", [email]);
const events = async (contractId: number) =>
  (await shop.db.query<{ kind: string; detail: Record<string, unknown> }>("select kind, detail from subscription_events where contract_id = $1 order by id", [contractId])).map((event) => ({ kind: event.kind, ...event.detail }));

describe("the card kept at checkout", () => {
  it("opens the session on the shopper's Stripe customer, keeping the card for off-session use, and records it on the contract once paid", async () => {
    const { customerId, created, contract, card } = await subscribed("keep-card@example.com");
    const [customer] = await shop.db.query<{ payment_customer_id: string }>("select payment_customer_id from customers where id = $1", [customerId]);
    expect(customer!.payment_customer_id).toMatch(/^cus_test_/);
    expect(created.params).toMatchObject({ mode: "payment", customer: customer!.payment_customer_id, payment_intent_data: { setup_future_usage: "off_session" } });
    expect(created.params.customer_email).toBeUndefined();
    const [row] = await shop.db.query<{ payment_customer_id: string; payment_method_id: string }>("select payment_customer_id, payment_method_id from subscription_contracts where id = $1", [contract.id]);
    expect(row).toEqual({ payment_customer_id: customer!.payment_customer_id, payment_method_id: card });
  });

  it("keeps asking for the email only on an order without subscription lines", async () => {
    const shopper = new Shopper(shop.app);
    await shopper.postJson("/cart/add.js", { id: SERUM(), quantity: 1 });
    expect((await shopper.postJson("/checkout.json", { email: "once@example.com", ...ADDRESS }, { "x-forwarded-for": "203.0.113.63" })).status).toBe(200);
    const params = stripe.created.at(-1)!.params;
    expect(params).toMatchObject({ customer_email: "once@example.com" });
    expect(params.customer).toBeUndefined();
    expect((params.payment_intent_data as Record<string, unknown>).setup_future_usage).toBeUndefined();
  });
});

describe("a renewal charged off-session", () => {
  it("charges once when two runs go at once: one PaymentIntent for the order's total, keyed by contract, date and try; the order paid and confirmed", async () => {
    const { contract, card } = await subscribed("renew-paid@example.com");
    await makeDue(contract.id);
    const before = await stock();
    const runs = await Promise.all([service().renewDue(), service().renewDue()]);
    expect(runs[0] + runs[1]).toBe(1);
    const [order, ...more] = await renewalOrders(contract.id);
    expect(more).toEqual([]);
    const charges = chargesOf(contract.id);
    expect(charges).toHaveLength(1);
    const [row] = await shop.db.query<{ payment_customer_id: string }>("select payment_customer_id from subscription_contracts where id = $1", [contract.id]);
    expect(charges[0]!.params).toMatchObject({ amount: String(order!.total_price), currency: "gbp", customer: row!.payment_customer_id, payment_method: card, off_session: "true", confirm: "true" });
    expect(charges[0]!.idempotencyKey).toBe(`renewal-${contract.id}-${today()}-1`);
    expect(order).toMatchObject({ payment_status: "paid", payment_reference: charges[0]!.intent.id, payment_method: "Visa •••• 4242" });
    expect(await stock()).toBe(before - 2);
    // Another run the same day charges nothing more.
    expect(await service().renewDue()).toBe(0);
    expect(chargesOf(contract.id)).toHaveLength(1);
    const confirmations = (await mailTo("renew-paid@example.com")).filter((message) => message.subject.startsWith("Order "));
    // The first order's and the renewal's.
    expect(confirmations).toHaveLength(2);
    expect((await events(contract.id)).map((event) => event.kind)).toEqual(["created", "renewed", "charged"]);
  });
});

describe("a declined card", () => {
  it("fails the try, emails the retry days, tries again 1, 3 and 7 days on (once per try when runs overlap), then fails the subscription and voids the order", async () => {
    const { contract, account } = await declinedAndDue("declined@example.com", "card_declined");
    const first = today();
    const before = await stock();
    expect(await service().renewDue()).toBe(1);
    const [order] = await renewalOrders(contract.id);
    expect(order).toMatchObject({ payment_status: "pending" });
    expect(await stock()).toBe(before - 2);
    const [listed] = (await account.subscriptions())!;
    expect(listed).toMatchObject({ status: "active", paymentRetryOn: addDays(first, 1), cardUpdatable: true });
    const [failedMail] = (await mailTo("declined@example.com")).filter((message) => message.subject.startsWith("We could not take your subscription payment"));
    const dayText = (date: string) => new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
    expect(failedMail!.text_body).toContain(`We will try again on ${dayText(addDays(first, 1))}, ${dayText(addDays(first, 3))} and ${dayText(addDays(first, 7))}.`);
    expect(failedMail!.text_body).toContain(`/account/subscriptions#subscription-${contract.id}-card`);
    // Not before the retry day.
    expect(await service().renewDue()).toBe(0);
    expect(chargesOf(contract.id)).toHaveLength(1);
    // Each retry day: one try, however many runs.
    for (const [offset, attempt] of [[1, 2], [3, 3]] as const) {
      daysOn = offset;
      await Promise.all([service().renewDue(), service().renewDue()]);
      expect(chargesOf(contract.id).map((charge) => charge.idempotencyKey)).toEqual(
        Array.from({ length: attempt }, (_, index) => `renewal-${contract.id}-${first}-${index + 1}`),
      );
    }
    daysOn = 6;
    await service().renewDue();
    expect(chargesOf(contract.id)).toHaveLength(3);
    daysOn = 7;
    await service().renewDue();
    expect(chargesOf(contract.id)).toHaveLength(4);
    const [after] = (await account.subscriptions())!;
    expect(after).toMatchObject({ status: "failed", paymentRetryOn: null, cardUpdatable: true });
    expect((await renewalOrders(contract.id))[0]).toMatchObject({ payment_status: "voided", fulfillment_status: "cancelled" });
    expect(await stock()).toBe(before);
    const failures = (await events(contract.id)).filter((event) => event.kind === "payment_failed");
    expect(failures).toEqual([1, 2, 3, 4].map((attempt) => expect.objectContaining({ attempt, code: "card_declined", retry_on: attempt < 4 ? addDays(first, [1, 3, 7][attempt - 1]!) : null })));
    const mails = (await mailTo("declined@example.com")).filter((message) => message.subject.startsWith("We could not take"));
    expect(mails).toHaveLength(4);
    expect(mails[3]!.text_body).toContain("your subscription is on hold");
    // The merchant's page: failed, each declined try in its history, the renewal's order voided.
    const owner = await addStaff(shop.db, "renewals-owner@lumenandleaf.example", "Olive Owner", "owner");
    const page = await subscriptionsAdmin(shop.db, service(), async () => owner).subscription(contract.id);
    expect(page).toMatchObject({ status: "failed", renewals: [{ scheduled_date: first, status: "failed", retry_on: null }] });
    expect(page!.events.filter((event) => event.kind === "payment_failed")).toHaveLength(4);
    // A failed subscription is not renewed, nor counted as due.
    await shop.db.query("update subscription_contracts set next_date = $2 where id = $1", [contract.id, today()]);
    const due = await service().dueWithin(7);
    expect(await service().renewDue()).toBe(0);
    expect(chargesOf(contract.id)).toHaveLength(4);
    await shop.db.query("update subscription_contracts set status = 'active' where id = $1", [contract.id]);
    expect(await service().dueWithin(7)).toBe(due + 1);
    await shop.db.query("update subscription_contracts set status = 'failed' where id = $1", [contract.id]);

    // The customer gives a new card on Stripe's setup page: the subscription is active again and its delivery charged to it.
    const asked = await account.changeSubscription(String(contract.id), { intent: "update_card" });
    const setup = stripe.created.at(-1)!;
    expect(asked).toMatchObject({ ok: true, redirect: setup.session.url });
    const [row] = await shop.db.query<{ payment_customer_id: string }>("select payment_customer_id from subscription_contracts where id = $1", [contract.id]);
    expect(setup.params).toMatchObject({ mode: "setup", currency: "gbp", customer: row!.payment_customer_id, metadata: { contract_id: String(contract.id) } });
    expect(setup.params.success_url).toBe("http://localhost/account/subscriptions?card=updated");
    stripe.pay(setup.session.id);
    const newCard = stripe.cardOf(setup.session);
    const event = stripe.event("checkout.session.completed", setup.session);
    expect((await postEvent(event)).status).toBe(200);
    // The same event again changes nothing.
    expect((await postEvent(event)).status).toBe(200);
    const [reactivated] = (await account.subscriptions())!;
    expect(reactivated).toMatchObject({ status: "active", paymentRetryOn: null, nextDate: addDays(today(), 42) });
    const charges = chargesOf(contract.id);
    expect(charges).toHaveLength(5);
    expect(charges[4]!.params).toMatchObject({ payment_method: newCard });
    expect(charges[4]!.idempotencyKey).toBe(`renewal-${contract.id}-${today()}-1`);
    const orders = await renewalOrders(contract.id);
    expect(orders.map((each) => each.payment_status)).toEqual(["voided", "paid"]);
    expect(await stock()).toBe(before - 2);
    expect((await events(contract.id)).map((each) => each.kind).slice(-4)).toEqual(["payment_failed", "card_updated", "renewed", "charged"]);
  });

  it("tries a renewal still being retried at once with the new card, declined for authentication", async () => {
    const { contract, card, account } = await declinedAndDue("retrying@example.com", "authentication_required");
    expect(await service().renewDue()).toBe(1);
    expect((await events(contract.id)).at(-1)).toMatchObject({ kind: "payment_failed", code: "authentication_required", attempt: 1 });
    expect(await account.changeSubscription(String(contract.id), { intent: "update_card" })).toMatchObject({ ok: true, redirect: stripe.created.at(-1)!.session.url });
    const setup = stripe.created.at(-1)!;
    stripe.pay(setup.session.id);
    expect((await postEvent(stripe.event("checkout.session.completed", setup.session))).status).toBe(200);
    const charges = chargesOf(contract.id);
    expect(charges.map((charge) => [charge.params.payment_method, charge.idempotencyKey])).toEqual([
      [card, `renewal-${contract.id}-${today()}-1`],
      [stripe.cardOf(setup.session), `renewal-${contract.id}-${today()}-2`],
    ]);
    expect((await renewalOrders(contract.id)).map((order) => order.payment_status)).toEqual(["paid"]);
    expect(await account.subscriptions()).toEqual([expect.objectContaining({ status: "active", paymentRetryOn: null })]);
  });

  it("stops trying a renewal whose order the merchant cancelled", async () => {
    const { contract, account } = await declinedAndDue("cancelled-renewal@example.com", "card_declined");
    expect(await service().renewDue()).toBe(1);
    const [order] = await renewalOrders(contract.id);
    await shop.db.query("update orders set payment_status = 'voided', fulfillment_status = 'cancelled' where id = $1", [order!.id]);
    daysOn = 1;
    await service().renewDue();
    expect(chargesOf(contract.id)).toHaveLength(1);
    expect(await account.subscriptions()).toEqual([expect.objectContaining({ status: "active", paymentRetryOn: null })]);
  });

  it("refuses to start a card update for someone else's subscription", async () => {
    const { contract } = await subscribed("owner-of-card@example.com");
    const { account } = await subscribed("not-the-owner@example.com");
    const count = stripe.created.length;
    expect(await account.changeSubscription(String(contract.id), { intent: "update_card" })).toMatchObject({ ok: false, reason: "conflict" });
    expect(stripe.created).toHaveLength(count);
  });
});
