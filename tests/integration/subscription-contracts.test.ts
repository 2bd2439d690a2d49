import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";
import { fixtureCatalog } from "./fixture-catalog.ts";
import { digest, randomToken } from "../../src/platform/accounts/secrets.ts";
import { inProcessStorefront } from "../../src/platform/storefront/in-process.ts";
import { newCartToken } from "../../src/platform/cart/cart-model.ts";
import { addDays, addMonths, calendarDay } from "../../src/core/subscriptions/delivery-dates.ts";

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop({
    catalog: {
      ...fixtureCatalog,
      sellingPlanGroups: {
        "sized-serum": [{ name: "Subscribe and save", plans: [6, 8].map((count) => ({ interval: "week" as const, intervalCount: count, adjustment: { type: "percentage" as const, value: 10 } })) }],
        "plain-cleanser": [{ name: "Refill club", plans: [{ interval: "month", intervalCount: 2, adjustment: { type: "fixed_amount", value: 300 } }] }],
      },
    },
    checkoutLimit: { limit: 1000, windowSeconds: 60 },
  });
});
afterAll(async () => {
  await shop?.close();
});

const json = async (response: Response) => (await response.json()) as Record<string, any>;
const today = () => calendarDay(new Date(), shop.platform.settings.shop.timeZone);
const ADDRESS = { first_name: "Ada", last_name: "Lovelace", address1: "12 St James's Square", city: "London", zip: "SW1Y 4JH", country: "GB" };

/** A customer with an open session, and a shopper whose requests carry both the cart and the session cookie. */
async function signedInShopper(email: string) {
  const [customer] = await shop.db.query<{ id: number }>(
    "insert into customers (email, first_name, last_name, password_hash, password_salt, password_params) values ($1, 'Ada', 'Lovelace', 'x', 'x', '{}') returning id",
    [email],
  );
  const session = randomToken(32);
  await shop.db.query("insert into customer_sessions (id, customer_id, expires_at) values ($1, $2, now() + interval '1 day')", [digest(session), customer!.id]);
  const shopper = new Shopper(shop.app);
  const checkout = (body: object) =>
    shop.app.request("/checkout.json", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `${shopper.cartCookie}; customer_session=${session}`, "x-forwarded-for": "203.0.113.47" },
      body: JSON.stringify(body),
    });
  return { id: Number(customer!.id), shopper, checkout };
}

async function planIds(handle: string): Promise<number[]> {
  const product = await json(await new Shopper(shop.app).get(`/products/${handle}.js`));
  return product.selling_plan_groups.flatMap((group: { selling_plans: { id: number }[] }) => group.selling_plans.map((plan) => plan.id));
}

const stock = async (variantId: number) => Number((await shop.db.query<{ q: number }>("select inventory_quantity as q from variants where id = $1", [variantId]))[0]!.q);

/** A customer's contract on the sized serum every 6 weeks (2 × 22.50 a delivery), made at checkout. */
async function subscribed(email: string) {
  const customer = await signedInShopper(email);
  const [six] = await planIds("sized-serum");
  await customer.shopper.postJson("/cart/add.js", { id: shop.variant("sized-serum", 1), quantity: 2, selling_plan: six });
  const response = await customer.checkout({ email, ...ADDRESS });
  expect(response.status).toBe(200);
  const [contract] = await shop.platform.subscriptions.forCustomer(customer.id);
  return { customer, contract: contract! };
}

/** Makes a contract's next delivery due today, as if its first order was one interval ago. */
async function makeDue(contractId: number, weeks: number) {
  await shop.db.query("update subscription_contracts set anchor_date = $2, next_date = $3 where id = $1", [contractId, addDays(today(), -7 * weeks), today()]);
}

describe("checkout with subscription lines", () => {
  it("refuses a guest, asking them to log in or create an account, and places nothing", async () => {
    const guest = new Shopper(shop.app);
    const [six] = await planIds("sized-serum");
    await guest.postJson("/cart/add.js", { id: shop.variant("sized-serum", 1), quantity: 1, selling_plan: six });
    const before = await stock(shop.variant("sized-serum", 1));
    const response = await guest.postJson("/checkout.json", { email: "guest-sub@example.com", ...ADDRESS }, { "x-forwarded-for": "203.0.113.46" });
    expect(response.status).toBe(401);
    expect(await json(response)).toMatchObject({ status: 401, message: "Checkout Error", description: expect.stringMatching(/log in or create an account/) });
    expect(await shop.db.query("select 1 from orders where email = 'guest-sub@example.com'")).toEqual([]);
    expect(await stock(shop.variant("sized-serum", 1))).toBe(before);
  });

  it("makes one active contract per plan for the signed-in customer, with its lines, price, next date and address", async () => {
    const customer = await signedInShopper("two-plans@example.com");
    const [six] = await planIds("sized-serum");
    const [twoMonths] = await planIds("plain-cleanser");
    await customer.shopper.postJson("/cart/add.js", { id: shop.variant("sized-serum", 1), quantity: 2, selling_plan: six });
    await customer.shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 1, selling_plan: twoMonths });
    await customer.shopper.postJson("/cart/add.js", { id: shop.variant("low-stock-oil"), quantity: 1 });
    const response = await customer.checkout({ email: "two-plans@example.com", ...ADDRESS });
    expect(response.status).toBe(200);
    const { order } = await json(response);
    const [owner] = await shop.db.query<{ customer_id: number }>("select customer_id from orders where id = $1", [order.id]);
    expect(Number(owner!.customer_id)).toBe(customer.id);
    const contracts = await shop.platform.subscriptions.forCustomer(customer.id);
    // One contract per plan; the cart lists its newest line first, so the order of the two is not the point.
    expect(contracts).toHaveLength(2);
    expect(contracts).toEqual(expect.arrayContaining([
      expect.objectContaining({
        status: "active",
        interval: "week",
        intervalCount: 6,
        lines: [expect.objectContaining({ variant_id: shop.variant("sized-serum", 1), quantity: 2, selling_plan_id: six, price: 2250 })],
        deliveryPrice: 4500,
        currency: "GBP",
        nextDate: addDays(today(), 42),
      }),
      expect.objectContaining({
        status: "active",
        interval: "month",
        intervalCount: 2,
        lines: [expect.objectContaining({ variant_id: shop.variant("plain-cleanser"), quantity: 1, selling_plan_id: twoMonths, price: 900 })],
        deliveryPrice: 900,
        nextDate: addMonths(today(), 2),
      }),
    ]));
    const [stored] = await shop.db.query<{ shipping_address: { city: string }; site: string; email: string; origin_order_id: number }>(
      "select shipping_address, site, email, origin_order_id from subscription_contracts where customer_id = $1 order by id limit 1",
      [customer.id],
    );
    expect(stored).toMatchObject({ shipping_address: expect.objectContaining({ city: "London" }), email: "two-plans@example.com" });
    expect(Number(stored!.origin_order_id)).toBe(order.id);
  });
});

describe("renewals", () => {
  it("places one renewal order when two runs go at once, moves the next date on and emails the confirmation", async () => {
    const { contract } = await subscribed("renew-twice@example.com");
    const serum = shop.variant("sized-serum", 1);
    await makeDue(contract.id, 6);
    const before = await stock(serum);
    const runs = await Promise.all([shop.platform.subscriptions.renewDue(), shop.platform.subscriptions.renewDue()]);
    expect(runs.reduce((sum, placed) => sum + placed, 0)).toBe(1);
    const orders = await shop.db.query<{ total_price: number; subtotal_price: number; test: boolean; lines: { quantity: number; price: number }[] }>(
      "select total_price, subtotal_price, test, lines from orders where cart_token = $1",
      [`subscription:${contract.id}`],
    );
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ subtotal_price: 4500, test: true, lines: [expect.objectContaining({ quantity: 2, price: 2250 })] });
    expect(await stock(serum)).toBe(before - 2);
    const [after] = await shop.platform.subscriptions.forCustomer((await shop.db.query<{ customer_id: number }>("select customer_id from subscription_contracts where id = $1", [contract.id]))[0]!.customer_id);
    expect(after!.nextDate).toBe(addDays(today(), 42));
    // A third run the same day finds nothing due.
    expect(await shop.platform.subscriptions.renewDue()).toBe(0);
    const mail = await shop.db.query<{ subject: string }>("select subject from outbox where recipient = 'renew-twice@example.com' order by id");
    expect(mail.filter((message) => message.subject.startsWith("Order "))).toHaveLength(2);
  });

  it("waits when a product is out of stock, emails the customer once, and places the delivery when stock is back", async () => {
    const { contract } = await subscribed("short@example.com");
    const serum = shop.variant("sized-serum", 1);
    await makeDue(contract.id, 6);
    const kept = await stock(serum);
    await shop.db.query("update variants set inventory_quantity = 1 where id = $1", [serum]);
    expect(await shop.platform.subscriptions.renewDue()).toBe(0);
    expect(await shop.platform.subscriptions.renewDue()).toBe(0);
    expect(await shop.db.query("select 1 from orders where cart_token = $1", [`subscription:${contract.id}`])).toEqual([]);
    const waiting = await shop.db.query("select 1 from outbox where recipient = 'short@example.com' and subject like 'Your subscription delivery is waiting%'");
    expect(waiting).toHaveLength(1);
    expect((await shop.platform.subscriptions.forCustomer((await shop.db.query<{ customer_id: number }>("select customer_id from subscription_contracts where id = $1", [contract.id]))[0]!.customer_id))[0]!.nextDate).toBe(today());
    await shop.db.query("update variants set inventory_quantity = $2 where id = $1", [serum, kept]);
    expect(await shop.platform.subscriptions.renewDue()).toBe(1);
    expect(await shop.db.query("select 1 from orders where cart_token = $1", [`subscription:${contract.id}`])).toHaveLength(1);
  });
});

describe("the customer's changes", () => {
  it("skips the next delivery, pauses and resumes from today on, cancels with a reason, each recorded; another customer cannot", async () => {
    const { customer, contract } = await subscribed("changes@example.com");
    const service = shop.platform.subscriptions;
    expect(contract.nextDate).toBe(addDays(today(), 42));
    const skipped = await service.skip(customer.id, contract.id);
    expect(skipped).toMatchObject({ ok: true, contract: { nextDate: addDays(today(), 84), status: "active" } });
    expect(await service.pause(customer.id, contract.id)).toMatchObject({ ok: true, contract: { status: "paused" } });
    // A paused contract is not renewed even when its date comes.
    await shop.db.query("update subscription_contracts set anchor_date = $2, deliveries = 2, next_date = $3 where id = $1", [contract.id, addDays(today(), -84), today()]);
    expect(await service.renewDue()).toBe(0);
    expect(await service.pause(customer.id, contract.id)).toMatchObject({ ok: false, reason: "conflict" });
    // Resumed: the delivery due today while paused is not made up; the next is one interval on.
    expect(await service.resume(customer.id, contract.id)).toMatchObject({ ok: true, contract: { status: "active", nextDate: addDays(today(), 42) } });
    const other = await signedInShopper("someone-else@example.com");
    expect(await service.cancel(other.id, contract.id, "not mine")).toMatchObject({ ok: false, reason: "not_found" });
    expect(await service.cancel(customer.id, contract.id, "  Too much serum  ")).toMatchObject({ ok: true, contract: { status: "cancelled", cancelReason: "Too much serum" } });
    expect(await service.skip(customer.id, contract.id)).toMatchObject({ ok: false, reason: "conflict" });
    const events = await shop.db.query<{ kind: string }>("select kind from subscription_events where contract_id = $1 order by id", [contract.id]);
    expect(events.map((event) => event.kind)).toEqual(["created", "skipped", "paused", "resumed", "cancelled"]);
  });
});

describe("the account's subscriptions page (storefront client)", () => {
  it("lists the signed-in customer's subscriptions and changes them by intent; a guest has none and is sent to log in", async () => {
    const { customer, contract } = await subscribed("portal@example.com");
    const session = randomToken(32);
    await shop.db.query("insert into customer_sessions (id, customer_id, expires_at) values ($1, $2, now() + interval '1 day')", [digest(session), customer.id]);
    const request = (sessionToken: string | undefined) => ({ ip: "203.0.113.48", sessionToken, challengeToken: undefined, shopUrl: "http://localhost", secure: false });
    const account = inProcessStorefront(shop.platform, newCartToken(), "http://localhost", request(session)).account;
    expect(await account.subscriptions()).toEqual([expect.objectContaining({ id: contract.id, status: "active", deliveryPrice: 4500, lines: [expect.objectContaining({ title: "Sized Serum - 30 ml", quantity: 2 })] })]);
    expect(await account.changeSubscription(String(contract.id), { intent: "skip" })).toMatchObject({ ok: true, redirect: "/account/subscriptions?changed=1" });
    expect(await account.changeSubscription(String(contract.id), { intent: "explode" })).toMatchObject({ ok: false, reason: "invalid" });
    expect(await account.changeSubscription(String(contract.id), { intent: "cancel", reason: "Moving abroad" })).toMatchObject({ ok: true });
    expect(await account.subscriptions()).toEqual([expect.objectContaining({ status: "cancelled", nextDate: addDays(today(), 84) })]);
    const guest = inProcessStorefront(shop.platform, newCartToken(), "http://localhost", request(undefined)).account;
    expect(await guest.subscriptions()).toBeNull();
    expect(await guest.changeSubscription(String(contract.id), { intent: "pause" })).toMatchObject({ ok: true, redirect: "/account/login" });
  });
});

describe("renewals due soon (admin home)", () => {
  it("counts active subscriptions due within 7 days, not later ones nor cancelled ones", async () => {
    const before = await shop.platform.subscriptions.dueWithin(7);
    const { customer, contract } = await subscribed("due-soon@example.com");
    expect(await shop.platform.subscriptions.dueWithin(7)).toBe(before);
    await shop.db.query("update subscription_contracts set next_date = $2 where id = $1", [contract.id, addDays(today(), 7)]);
    expect(await shop.platform.subscriptions.dueWithin(7)).toBe(before + 1);
    await shop.platform.subscriptions.cancel(customer.id, contract.id, undefined);
    expect(await shop.platform.subscriptions.dueWithin(7)).toBe(before);
  });
});
