import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Shopper, type TestShop, addStaff, openTestShop } from "./harness.ts";
import { catalogAdmin } from "../../src/platform/admin/catalog-admin.ts";
import { fixtureCatalog } from "./fixture-catalog.ts";
import { digest, randomToken } from "../../src/platform/accounts/secrets.ts";

let shop: TestShop;

const everyWeeks = (weeks: number[], percent: number) => [
  { name: "Subscribe and save", plans: weeks.map((count) => ({ interval: "week" as const, intervalCount: count, adjustment: { type: "percentage" as const, value: percent } })) },
];

beforeAll(async () => {
  shop = await openTestShop({
    catalog: {
      ...fixtureCatalog,
      sellingPlanGroups: {
        "sized-serum": everyWeeks([4, 6, 8], 10),
        "plain-cleanser": [{ name: "Refill club", plans: [{ interval: "month", intervalCount: 2, adjustment: { type: "fixed_amount", value: 300 } }] }],
      },
    },
  });
});
afterAll(async () => {
  await shop?.close();
});

const json = async (response: Response) => (await response.json()) as Record<string, any>;

async function planIds(handle: string): Promise<number[]> {
  const product = await json(await new Shopper(shop.app).get(`/products/${handle}.js`));
  return product.selling_plan_groups.flatMap((group: { selling_plans: { id: number }[] }) => group.selling_plans.map((plan) => plan.id));
}

describe("selling plans in the product's JSON", () => {
  it("answers selling_plan_groups and each variant's selling_plan_allocations in Shopify's shape", async () => {
    const product = await json(await new Shopper(shop.app).get("/products/sized-serum.js"));
    const [four, six, eight] = await planIds("sized-serum");
    const group = product.selling_plan_groups[0];
    expect(product.selling_plan_groups).toHaveLength(1);
    expect(group).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      name: "Subscribe and save",
      options: [{ name: "Deliver every", position: 1, values: ["4 weeks", "6 weeks", "8 weeks"] }],
      selling_plans: [4, 6, 8].map((weeks, index) => ({
        id: [four, six, eight][index],
        name: `Deliver every ${weeks} weeks, save 10%`,
        description: null,
        options: [{ name: "Deliver every", position: 1, value: `${weeks} weeks` }],
        recurring_deliveries: true,
        price_adjustments: [{ order_count: null, position: 1, value_type: "percentage", value: 10 }],
      })),
      app_id: null,
    });
    expect(product.requires_selling_plan).toBe(false);
    // 30 ml is 25.00: 10% off is 22.50 a delivery, against 25.00 bought once.
    expect(product.variants[1].selling_plan_allocations).toEqual(
      [four, six, eight].map((id) => ({
        price_adjustments: [{ position: 1, price: 2250 }],
        price: 2250,
        compare_at_price: 2500,
        per_delivery_price: 2250,
        selling_plan_id: id,
        selling_plan_group_id: group.id,
      })),
    );
    expect(product.variants[0].selling_plan_allocations[0]).toMatchObject({ price: 1350, compare_at_price: 1500 });
  });

  it("answers the same groups in /products/{handle}.json, and none for a product without plans", async () => {
    const shopper = new Shopper(shop.app);
    const js = await json(await shopper.get("/products/sized-serum.js"));
    const rest = await json(await shopper.get("/products/sized-serum.json"));
    expect(rest.product.selling_plan_groups).toEqual(js.selling_plan_groups);
    const plain = await json(await shopper.get("/products/sold-out-balm.js"));
    expect(plain.selling_plan_groups).toEqual([]);
    expect(plain.variants[0].selling_plan_allocations).toEqual([]);
  });

  it("prices plans in every site's currency: a percentage off the site's price, a fixed saving converted", async () => {
    const shopper = new Shopper(shop.app);
    const serum = await json(await shopper.get("/fr-fr/products/sized-serum.js"));
    for (const variant of serum.variants) {
      expect(variant.selling_plan_allocations[0].compare_at_price).toBe(variant.price);
      expect(variant.selling_plan_allocations[0].price).toBe(variant.price - Math.round(variant.price / 10));
    }
    const base = await json(await shopper.get("/products/plain-cleanser.js"));
    const euros = await json(await shopper.get("/fr-fr/products/plain-cleanser.js"));
    expect(base.variants[0].selling_plan_allocations[0].price).toBe(base.variants[0].price - 300);
    const saving = euros.variants[0].price - euros.variants[0].selling_plan_allocations[0].price;
    expect(saving).toBe(euros.selling_plan_groups[0].selling_plans[0].price_adjustments[0].value);
    expect(saving).toBeGreaterThan(300);
  });
});

describe("cart lines on a selling plan", () => {
  it("adds a line with selling_plan_allocation, priced on the plan, apart from the one-time line", async () => {
    const shopper = new Shopper(shop.app);
    const [, six] = await planIds("sized-serum");
    const variant = shop.variant("sized-serum", 1);
    const added = await json(await shopper.postJson("/cart/add.js", { id: variant, quantity: 2, selling_plan: six }));
    expect(added).toMatchObject({
      variant_id: variant,
      quantity: 2,
      price: 2250,
      original_price: 2250,
      final_line_price: 4500,
      url: `/products/sized-serum?selling_plan=${six}&variant=${variant}`,
      selling_plan_allocation: {
        price_adjustments: [{ position: 1, price: 2250 }],
        price: 2250,
        compare_at_price: 2500,
        per_delivery_price: 2250,
        selling_plan: { id: six, name: "Deliver every 6 weeks, save 10%", options: [{ name: "Deliver every", position: 1, value: "6 weeks" }], recurring_deliveries: true },
        checkout_charge_amount: 4500,
        remaining_balance_charge_amount: 0,
      },
    });
    const once = await json(await shopper.postJson("/cart/add.js", { items: [{ id: variant, quantity: 1 }] }));
    expect(once.items[0]).not.toHaveProperty("selling_plan_allocation");
    expect(once.items[0].key).not.toBe(added.key);
    const cart = await json(await shopper.get("/cart.js"));
    expect(cart.items.map((item: { quantity: number; price: number }) => [item.quantity, item.price])).toEqual([[1, 2500], [2, 2250]]);
    expect(cart.total_price).toBe(2500 + 4500);
  });

  it("takes the product form's selling_plan field, and its empty value as a one-time purchase", async () => {
    const shopper = new Shopper(shop.app);
    const [four] = await planIds("sized-serum");
    const variant = shop.variant("sized-serum", 0);
    const subscribed = await json(await shopper.postForm("/cart/add.js", `form_type=product&id=${variant}&quantity=1&selling_plan=${four}`));
    expect(subscribed.selling_plan_allocation.selling_plan.id).toBe(four);
    expect(subscribed.price).toBe(1350);
    const once = await json(await shopper.postForm("/cart/add.js", `form_type=product&id=${variant}&quantity=1&selling_plan=`));
    expect(once).not.toHaveProperty("selling_plan_allocation");
    expect(once.price).toBe(1500);
  });

  it("refuses a plan the product does not offer with Shopify's 422", async () => {
    const shopper = new Shopper(shop.app);
    const [cleanserPlan] = await planIds("plain-cleanser");
    const response = await shopper.postJson("/cart/add.js", { id: shop.variant("sized-serum", 0), quantity: 1, selling_plan: cleanserPlan });
    expect(response.status).toBe(422);
    expect(await json(response)).toEqual({ status: 422, message: "Cart Error", description: "Cannot apply selling plan to variant" });
    const bad = await shopper.postJson("/cart/add.js", { id: shop.variant("sized-serum", 0), selling_plan: "weekly" });
    expect(bad.status).toBe(400);
    expect((await json(await shopper.get("/cart.js"))).item_count).toBe(0);
  });

  it("switches a line's plan with change.js, and back to a one-time purchase, joining a twin line", async () => {
    const shopper = new Shopper(shop.app);
    const [four, six] = await planIds("sized-serum");
    const variant = shop.variant("sized-serum", 1);
    await shopper.postJson("/cart/add.js", { id: variant, quantity: 1 });
    await shopper.postJson("/cart/add.js", { id: variant, quantity: 2, selling_plan: four });
    const switched = await json(await shopper.postJson("/cart/change.js", { line: 1, selling_plan: six }));
    expect(switched.items[0]).toMatchObject({ quantity: 2, price: 2250, selling_plan_allocation: { selling_plan: { id: six } } });
    const once = await json(await shopper.postJson("/cart/change.js", { id: switched.items[0].key, selling_plan: null }));
    expect(once.items).toHaveLength(1);
    expect(once.items[0]).toMatchObject({ quantity: 3, price: 2500 });
    expect(once.items[0]).not.toHaveProperty("selling_plan_allocation");
  });

  it("counts a subscription line at its plan price toward a code's minimum", async () => {
    const shopper = new Shopper(shop.app);
    const [four] = await planIds("sized-serum");
    // Two 15 ml at 15.00 reach WELCOME5's 30.00 minimum; on the plan (13.50 each) they do not.
    await shopper.postJson("/cart/add.js", { id: shop.variant("sized-serum", 0), quantity: 2, selling_plan: four });
    const below = await json(await shopper.postJson("/cart/update.js", { discount: "WELCOME5" }));
    expect(below).toMatchObject({ items_subtotal_price: 2700, total_price: 2700 });
    expect(below.discount_codes).toEqual([expect.objectContaining({ code: "WELCOME5", applicable: false })]);
    const once = await json(await shopper.postJson("/cart/change.js", { line: 1, selling_plan: "" }));
    expect(once).toMatchObject({ items_subtotal_price: 3000, total_price: 2500 });
  });
});

describe("checking out a subscription line", () => {
  it("places the line at its plan price and keeps the plan on the order's line", async () => {
    const shopper = new Shopper(shop.app);
    const [, six] = await planIds("sized-serum");
    await shopper.postJson("/cart/add.js", { id: shop.variant("sized-serum", 1), quantity: 1, selling_plan: six });
    // A subscription is bought signed in.
    const [customer] = await shop.db.query<{ id: number }>("insert into customers (email, password_hash, password_salt, password_params) values ('sub@example.com', 'x', 'x', '{}') returning id");
    const session = randomToken(32);
    await shop.db.query("insert into customer_sessions (id, customer_id, expires_at) values ($1, $2, now() + interval '1 day')", [digest(session), customer!.id]);
    const response = await shop.app.request("/checkout.json", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `${shopper.cartCookie}; customer_session=${session}`, "x-forwarded-for": "203.0.113.40" },
      body: JSON.stringify({ email: "sub@example.com", first_name: "Ada", last_name: "Lovelace", address1: "12 St James's Square", city: "London", zip: "SW1Y 4JH", country: "GB" }),
    });
    expect(response.status).toBe(200);
    const { order } = await json(response);
    expect(order.line_items).toEqual([expect.objectContaining({ handle: "sized-serum", price: 2250, final_line_price: 2250, selling_plan: { id: six, name: "Deliver every 6 weeks, save 10%" } })]);
    const stored = await json(await shopper.get(`/orders/${order.token}.json`));
    expect(stored.order.line_items[0].selling_plan).toEqual({ id: six, name: "Deliver every 6 weeks, save 10%" });
  });
});

describe("plans set in the back office", () => {
  it("saves a product's plans, keeps a kept frequency's id, and the shop answers them at once", async () => {
    const owner = await addStaff(shop.db, "plans-owner@example.com", "Pat Owner", "owner");
    const admin = catalogAdmin(shop.db, async () => owner);
    const shopper = new Shopper(shop.app);
    const before = await json(await shopper.get("/products/sized-serum.js"));
    const [, six] = await planIds("sized-serum");
    const answer = await admin.updateSellingPlans(before.id, {
      intent: "selling-plans",
      plans_name: "Never run out",
      plan_0_count: "6",
      plan_0_interval: "week",
      plan_0_saving_type: "percentage",
      plan_0_saving: "15",
      plan_1_count: "1",
      plan_1_interval: "month",
      plan_1_saving_type: "fixed_amount",
      plan_1_saving: "2.00",
    });
    expect(answer).toMatchObject({ ok: true });
    const after = await json(await shopper.get("/products/sized-serum.js"));
    const group = after.selling_plan_groups[0];
    expect(group.name).toBe("Never run out");
    expect(group.options[0].values).toEqual(["6 weeks", "1 month"]);
    expect(group.selling_plans[0]).toMatchObject({ id: six, name: "Deliver every 6 weeks, save 15%" });
    expect(after.variants[0].selling_plan_allocations.map((allocation: { price: number }) => allocation.price)).toEqual([1275, 1300]);
    const [audit] = await shop.db.query<{ action: string }>("select action from audit_log where action = 'product.selling_plans'");
    expect(audit?.action).toBe("product.selling_plans");

    const refused = await admin.updateSellingPlans(before.id, { plan_0_count: "6", plan_0_interval: "week", plan_0_saving_type: "percentage", plan_0_saving: "abc" });
    expect(refused).toMatchObject({ ok: false, reason: "invalid", errors: { plan_0_saving: "Enter a whole percentage from 1 to 99, such as 10." } });

    expect(await admin.updateSellingPlans(before.id, {})).toMatchObject({ ok: true });
    expect((await json(await shopper.get("/products/sized-serum.js"))).selling_plan_groups).toEqual([]);
  });
});
