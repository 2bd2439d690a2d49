/**
 * Subscribe and save, third round: renewal orders written by checkout's own
 * order writer (their tax lines as checkout's), the reminder before each
 * renewal (once, however many runs), and the customer's changes (delay,
 * deliver now, frequency, quantity, swap), each recorded.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";
import { fixtureCatalog } from "./fixture-catalog.ts";
import { digest, randomToken } from "../../src/platform/accounts/secrets.ts";
import { inProcessStorefront } from "../../src/platform/storefront/in-process.ts";
import { newCartToken } from "../../src/platform/cart/cart-model.ts";
import { addDays, calendarDay } from "../../src/core/subscriptions/delivery-dates.ts";
import type { OrderJson } from "../../src/core/contract/storefront.ts";

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop({
    catalog: {
      ...fixtureCatalog,
      sellingPlanGroups: {
        "sized-serum": [
          {
            name: "Subscribe and save",
            plans: [
              { interval: "week" as const, intervalCount: 6, adjustment: { type: "percentage" as const, value: 10 } },
              { interval: "week" as const, intervalCount: 8, adjustment: { type: "percentage" as const, value: 20 } },
            ],
          },
        ],
        "low-stock-oil": [{ name: "Subscribe and save", plans: [{ interval: "week", intervalCount: 6, adjustment: { type: "percentage", value: 10 } }] }],
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
const IN_LONDON = { first_name: "Ada", last_name: "Lovelace", address1: "12 St James's Square", city: "London", zip: "SW1Y 4JH", country: "GB" };
const IN_ONTARIO = { first_name: "Ada", last_name: "Lovelace", address1: "1 King Street", city: "Toronto", province: "Ontario", zip: "M5H 2N2", country: "CA" };
let addresses = 60;

/** A signed-in customer who subscribes on the site at `prefix` to 2 × the 30 ml serum every 6 weeks; answers the first order and the contract. */
async function subscribed(email: string, prefix = "", address: object = IN_LONDON) {
  const [customer] = await shop.db.query<{ id: number }>(
    "insert into customers (email, first_name, last_name, password_hash, password_salt, password_params) values ($1, 'Ada', 'Lovelace', 'x', 'x', '{}') returning id",
    [email],
  );
  const session = randomToken(32);
  await shop.db.query("insert into customer_sessions (id, customer_id, expires_at) values ($1, $2, now() + interval '1 day')", [digest(session), customer!.id]);
  const shopper = new Shopper(shop.app);
  const product = await json(await shopper.get(`${prefix}/products/sized-serum.js`));
  const six = product.selling_plan_groups[0].selling_plans[0].id as number;
  expect((await shopper.postJson(`${prefix}/cart/add.js`, { id: shop.variant("sized-serum", 1), quantity: 2, selling_plan: six })).status).toBe(200);
  const response = await shop.app.request(`${prefix}/checkout.json`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: `${shopper.cartCookie}; customer_session=${session}`, "x-forwarded-for": `203.0.113.${(addresses += 1)}` },
    body: JSON.stringify({ email, ...address }),
  });
  expect(response.status).toBe(200);
  const { order } = (await json(response)) as { order: OrderJson };
  const customerId = Number(customer!.id);
  const [contract] = await shop.platform.subscriptions.forCustomer(customerId);
  return { customerId, session, order, contract: contract!, plans: product.selling_plan_groups[0].selling_plans.map((plan: { id: number }) => plan.id) as number[] };
}

const renewalOrders = (contractId: number) =>
  shop.db.query<{ tax_lines: unknown; total_tax: number | string; taxes_included: boolean; total_price: number | string; shipping_price: number; subtotal_price: number; test: boolean; customer_id: number | string; locale: string }>(
    "select tax_lines, total_tax, taxes_included, total_price, shipping_price, subtotal_price, test, customer_id, locale from orders where cart_token = $1 order by id",
    [`subscription:${contractId}`],
  );

/** Makes a contract's next delivery due today, as if its first order was six weeks ago. */
const makeDue = (contractId: number) =>
  shop.db.query("update subscription_contracts set anchor_date = $2, deliveries = 1, next_date = $3 where id = $1", [contractId, addDays(today(), -42), today()]);

const events = async (contractId: number) =>
  (await shop.db.query<{ kind: string; detail: Record<string, unknown> }>("select kind, detail from subscription_events where contract_id = $1 order by id", [contractId])).map((event) => event.kind);

describe("renewal orders are written as checkout writes orders", () => {
  it.each([
    ["", IN_LONDON],
    ["/en-ca", IN_ONTARIO],
  ])("on the site at '%s' a renewal of the same lines carries the first order's tax lines and total", async (prefix, address) => {
    const { order, contract, customerId } = await subscribed(`tax-${prefix.slice(1) || "gb"}@example.com`, prefix, address);
    expect(order.tax_lines.length).toBeGreaterThan(0);
    await makeDue(contract.id);
    expect(await shop.platform.subscriptions.renewDue()).toBeGreaterThanOrEqual(1);
    const [renewal] = await renewalOrders(contract.id);
    expect(renewal).toMatchObject({ tax_lines: order.tax_lines, taxes_included: order.taxes_included, shipping_price: order.shipping_price, subtotal_price: order.subtotal_price, test: true });
    expect(Number(renewal!.total_tax)).toBe(order.total_tax);
    expect(Number(renewal!.total_price)).toBe(order.total_price);
    expect(Number(renewal!.customer_id)).toBe(customerId);
    expect(renewal!.locale).toBe(order.customer_locale);
  });
});

describe("the reminder before a renewal", () => {
  it("goes once, three days before, when two runs go at once, in the site's language, with links to skip, delay and manage", async () => {
    const { contract } = await subscribed("remind@example.com");
    // Four days away: not yet.
    await shop.db.query("update subscription_contracts set next_date = $2 where id = $1", [contract.id, addDays(today(), 4)]);
    await shop.platform.subscriptions.sendReminders();
    expect(await shop.db.query("select 1 from outbox where recipient = 'remind@example.com' and subject like 'Your subscription renews%'")).toEqual([]);
    await shop.db.query("update subscription_contracts set next_date = $2 where id = $1", [contract.id, addDays(today(), 3)]);
    await Promise.all([shop.platform.subscriptions.sendReminders(), shop.platform.subscriptions.sendReminders()]);
    await shop.platform.subscriptions.sendReminders();
    const mail = await shop.db.query<{ subject: string; text_body: string }>("select subject, text_body from outbox where recipient = 'remind@example.com' and subject like 'Your subscription renews%'");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text_body).toContain(`/account/subscriptions#subscription-${contract.id}-skip`);
    expect(mail[0]!.text_body).toContain(`/account/subscriptions#subscription-${contract.id}-delay`);
    expect(mail[0]!.text_body).toContain("2 × Sized Serum - 30 ml");
    expect(await events(contract.id)).toEqual(["created", "reminded"]);
    // A new date is a new reminder.
    await shop.db.query("update subscription_contracts set next_date = $2 where id = $1", [contract.id, addDays(today(), 2)]);
    expect(await shop.platform.subscriptions.sendReminders()).toBeGreaterThanOrEqual(1);
    expect(await shop.db.query("select 1 from outbox where recipient = 'remind@example.com' and subject like 'Your subscription renews%'")).toHaveLength(2);
  });

  it("speaks French for a subscription bought on the French site", async () => {
    const { contract } = await subscribed("rappel@example.com", "/fr-fr", { ...IN_LONDON, city: "Paris", zip: "75001", country: "FR" });
    await shop.db.query("update subscription_contracts set next_date = $2 where id = $1", [contract.id, addDays(today(), 1)]);
    await shop.platform.subscriptions.sendReminders();
    const [mail] = await shop.db.query<{ subject: string; text_body: string }>("select subject, text_body from outbox where recipient = 'rappel@example.com' and subject like 'Votre abonnement%'");
    expect(mail?.text_body).toMatch(/Sauter cette livraison/);
  });
});

describe("the customer's changes", () => {
  it("delays the next delivery by one or two weeks or to a chosen day, and refuses a day before it", async () => {
    const { customerId, contract } = await subscribed("delay@example.com");
    const service = shop.platform.subscriptions;
    const next = contract.nextDate;
    expect(await service.delay(customerId, contract.id, { weeks: 1 })).toMatchObject({ ok: true, contract: { nextDate: addDays(next, 7) } });
    expect(await service.delay(customerId, contract.id, { weeks: 2 })).toMatchObject({ ok: true, contract: { nextDate: addDays(next, 21) } });
    expect(await service.delay(customerId, contract.id, { date: addDays(next, 30) })).toMatchObject({ ok: true, contract: { nextDate: addDays(next, 30) } });
    expect(await service.delay(customerId, contract.id, { date: addDays(next, 29) })).toMatchObject({ ok: false, reason: "invalid" });
    expect(await service.delay(customerId, contract.id, null)).toMatchObject({ ok: false, reason: "invalid" });
    // The delivery after the delayed one is one interval after it.
    await shop.db.query("update subscription_contracts set next_date = $2 where id = $1", [contract.id, today()]);
    await service.renewDue();
    const [after] = await service.forCustomer(customerId);
    expect(after!.nextDate).toBe(addDays(addDays(next, 30), 42));
    expect(await events(contract.id)).toEqual(["created", "delayed", "delayed", "delayed", "renewed"]);
  });

  it("delivers now: the order is placed at once and the next delivery is one interval from today", async () => {
    const { customerId, contract } = await subscribed("now@example.com");
    const changed = await shop.platform.subscriptions.deliverNow(customerId, contract.id);
    expect(changed).toMatchObject({ ok: true, contract: { nextDate: addDays(today(), 42) } });
    expect(await renewalOrders(contract.id)).toHaveLength(1);
    expect(await events(contract.id)).toEqual(["created", "delivered_now", "renewed"]);
  });

  it("changes frequency among its group's plans, priced by the new plan, from the next delivery on", async () => {
    const { customerId, contract, plans } = await subscribed("frequency@example.com");
    const cleanser = await json(await new Shopper(shop.app).get("/products/plain-cleanser.js"));
    const service = shop.platform.subscriptions;
    expect(await service.changeFrequency(customerId, contract.id, cleanser.selling_plan_groups[0].selling_plans[0].id)).toMatchObject({ ok: false, reason: "invalid" });
    const changed = await service.changeFrequency(customerId, contract.id, plans[1]!);
    // 30 ml at 25.00, 20% off on the 8-week plan: 2 × 20.00.
    expect(changed).toMatchObject({ ok: true, contract: { interval: "week", intervalCount: 8, nextDate: contract.nextDate, deliveryPrice: 4000, planId: plans[1] } });
    expect(await service.changeFrequency(customerId, contract.id, plans[1]!)).toMatchObject({ ok: false, reason: "conflict" });
    await shop.db.query("update subscription_contracts set next_date = $2, anchor_date = $2 where id = $1", [contract.id, today()]);
    await service.renewDue();
    expect((await renewalOrders(contract.id))[0]).toMatchObject({ subtotal_price: 4000 });
    expect((await service.forCustomer(customerId))[0]!.nextDate).toBe(addDays(today(), 56));
    expect(await events(contract.id)).toEqual(["created", "frequency_changed", "renewed"]);
  });

  it("changes a product's quantity within 1 to 10, and swaps it for a product offering the same frequency", async () => {
    const { customerId, contract } = await subscribed("swap@example.com");
    const service = shop.platform.subscriptions;
    const serum = shop.variant("sized-serum", 1);
    expect(await service.changeQuantity(customerId, contract.id, serum, 3)).toMatchObject({ ok: true, contract: { deliveryPrice: 6750, lines: [expect.objectContaining({ quantity: 3 })] } });
    expect(await service.changeQuantity(customerId, contract.id, serum, null)).toMatchObject({ ok: false, reason: "invalid" });
    expect(await service.changeQuantity(customerId, contract.id, shop.variant("plain-cleanser"), 2)).toMatchObject({ ok: false, reason: "invalid" });
    // The cleanser delivers every 2 months only: not a swap for a 6-week subscription.
    expect(await service.swap(customerId, contract.id, serum, shop.variant("plain-cleanser"))).toMatchObject({ ok: false, reason: "invalid" });
    const swapped = await service.swap(customerId, contract.id, serum, shop.variant("low-stock-oil"));
    // The oil at 30.00, 10% off its own 6-week plan: 3 × 27.00.
    expect(swapped).toMatchObject({ ok: true, contract: { deliveryPrice: 8100, lines: [expect.objectContaining({ variant_id: shop.variant("low-stock-oil"), title: "Low Stock Oil", quantity: 3, price: 2700 })] } });
    const [managed] = await service.managedFor(customerId);
    expect(managed!.swaps.map((swap) => swap.title)).toEqual(["Sized Serum - 15 ml", "Sized Serum - 30 ml"]);
    expect(await events(contract.id)).toEqual(["created", "quantity_changed", "swapped"]);
    const other = await subscribed("not-theirs@example.com");
    expect(await service.changeQuantity(other.customerId, contract.id, serum, 2)).toMatchObject({ ok: false, reason: "not_found" });
  });

  it("takes each change from the account page's form by intent", async () => {
    const { customerId, session, contract, plans } = await subscribed("portal-changes@example.com");
    const request = { ip: "203.0.113.59", sessionToken: session, challengeToken: undefined, shopUrl: "http://localhost", secure: false };
    const account = inProcessStorefront(shop.platform, newCartToken(), "http://localhost", request).account;
    const id = String(contract.id);
    expect(await account.changeSubscription(id, { intent: "delay", delay: "2w" })).toMatchObject({ ok: true, redirect: "/account/subscriptions?changed=1" });
    expect(await account.changeSubscription(id, { intent: "delay", delay: "date", date: "not a date" })).toMatchObject({ ok: false, reason: "invalid" });
    expect(await account.changeSubscription(id, { intent: "frequency", plan: String(plans[1]) })).toMatchObject({ ok: true });
    expect(await account.changeSubscription(id, { intent: "quantity", variant: String(shop.variant("sized-serum", 1)), quantity: "4" })).toMatchObject({ ok: true });
    expect(await account.changeSubscription(id, { intent: "swap", variant: String(shop.variant("sized-serum", 1)), to: String(shop.variant("sized-serum", 0)) })).toMatchObject({ ok: true });
    const [seen] = (await account.subscriptions())!;
    expect(seen).toMatchObject({ intervalCount: 8, nextDate: addDays(contract.nextDate, 14), lines: [expect.objectContaining({ title: "Sized Serum - 15 ml", quantity: 4 })] });
    expect(seen!.frequencies.map((frequency) => frequency.intervalCount)).toEqual([6, 8]);
    expect(await account.changeSubscription(id, { intent: "deliver_now" })).toMatchObject({ ok: true });
    expect(await renewalOrders(contract.id)).toHaveLength(1);
    expect(customerId).toBeGreaterThan(0);
  });
});
