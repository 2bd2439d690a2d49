/**
 * The reminder before a renewal quotes what the renewal will charge: on a
 * sales-tax site (/en-us) that is the goods and shipping plus the tax at the
 * delivery address, worked by the same code as the renewal's order.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderJson } from "../../src/core/contract/storefront.ts";
import { addDays, calendarDay } from "../../src/core/subscriptions/delivery-dates.ts";
import { digest, randomToken } from "../../src/platform/accounts/secrets.ts";
import { fixtureCatalog } from "./fixture-catalog.ts";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop({
    catalog: {
      ...fixtureCatalog,
      sellingPlanGroups: { "sized-serum": [{ name: "Subscribe and save", plans: [{ interval: "week", intervalCount: 6, adjustment: { type: "percentage", value: 10 } }] }] },
    },
    checkoutLimit: { limit: 1000, windowSeconds: 60 },
  });
});
afterAll(async () => {
  await shop?.close();
});

const json = async (response: Response) => (await response.json()) as Record<string, any>;
const today = () => calendarDay(new Date(), shop.platform.settings.shop.timeZone);
const IN_CALIFORNIA = { first_name: "Grace", last_name: "Hopper", address1: "1 Market Street", city: "San Francisco", province: "CA", zip: "94105", country: "US" };
const IN_LONDON = { first_name: "Grace", last_name: "Hopper", address1: "12 St James's Square", city: "London", zip: "SW1Y 4JH", country: "GB" };

async function subscribed(email: string, prefix: string, address: object, forwardedFor: string) {
  const [customer] = await shop.db.query<{ id: number }>(
    "insert into customers (email, first_name, last_name, password_hash, password_salt, password_params) values ($1, 'Grace', 'Hopper', 'x', 'x', '{}') returning id",
    [email],
  );
  const session = randomToken(32);
  await shop.db.query("insert into customer_sessions (id, customer_id, expires_at) values ($1, $2, now() + interval '1 day')", [digest(session), customer!.id]);
  const shopper = new Shopper(shop.app);
  const product = await json(await shopper.get(`${prefix}/products/sized-serum.js`));
  const plan = product.selling_plan_groups[0].selling_plans[0].id as number;
  expect((await shopper.postJson(`${prefix}/cart/add.js`, { id: shop.variant("sized-serum", 1), quantity: 2, selling_plan: plan })).status).toBe(200);
  const response = await shop.app.request(`${prefix}/checkout.json`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: `${shopper.cartCookie}; customer_session=${session}`, "x-forwarded-for": forwardedFor },
    body: JSON.stringify({ email, ...address }),
  });
  expect(response.status).toBe(200);
  const { order } = (await json(response)) as { order: OrderJson };
  const [contract] = await shop.platform.subscriptions.forCustomer(Number(customer!.id));
  return { order, contract: contract! };
}

/** The reminder's text for `email`, sent three days before the contract's next date. */
async function reminderText(email: string, contractId: number): Promise<string> {
  await shop.db.query("update subscription_contracts set next_date = $2 where id = $1", [contractId, addDays(today(), 3)]);
  await shop.platform.subscriptions.sendReminders();
  const [mail] = await shop.db.query<{ text_body: string }>("select text_body from outbox where recipient = $1 and subject like 'Your subscription renews%'", [email]);
  return mail!.text_body;
}

/** Renews the contract today and answers the renewal order's total. */
async function renewalTotal(contractId: number): Promise<number> {
  await shop.db.query("update subscription_contracts set anchor_date = $2, deliveries = 1, next_date = $3 where id = $1", [contractId, addDays(today(), -42), today()]);
  expect(await shop.platform.subscriptions.renewDue()).toBeGreaterThanOrEqual(1);
  const [renewal] = await shop.db.query<{ total_price: number | string; total_tax: number | string }>("select total_price, total_tax from orders where cart_token = $1", [`subscription:${contractId}`]);
  expect(Number(renewal!.total_tax)).toBeGreaterThan(0);
  return Number(renewal!.total_price);
}

const amount = (minor: number) => (minor / 100).toFixed(2);

describe("the reminder's figure", () => {
  it("on /en-us is the renewal's total with the sales tax of the delivery address", async () => {
    const { contract, order } = await subscribed("reminder-us@example.com", "/en-us", IN_CALIFORNIA, "192.0.2.71");
    expect(order.taxes_included).toBe(false);
    const text = await reminderText("reminder-us@example.com", contract.id);
    const total = await renewalTotal(contract.id);
    expect(total).toBeGreaterThan(contract.deliveryPrice + contract.shippingPrice);
    expect(text).toContain(amount(total));
    expect(text).not.toContain(amount(contract.deliveryPrice + contract.shippingPrice));
  });

  it("on a VAT site is the goods and shipping, the tax being in the prices", async () => {
    const { contract } = await subscribed("reminder-gb@example.com", "", IN_LONDON, "192.0.2.72");
    const text = await reminderText("reminder-gb@example.com", contract.id);
    expect(await renewalTotal(contract.id)).toBe(contract.deliveryPrice + contract.shippingPrice);
    expect(text).toContain(amount(contract.deliveryPrice + contract.shippingPrice));
  });
});
