import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

let shop: TestShop;
let shopper: Shopper;
const json = async (response: Response) => (await response.json()) as Record<string, any>;

const contact = {
  email: "ada@example.com",
  phone: "+44 7700 900123",
  first_name: "Ada",
  last_name: "Lovelace",
  address1: "12 St James's Square",
  city: "London",
  zip: "SW1Y 4JH",
  country: "GB",
};

beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(() => {
  shopper = new Shopper(shop.app);
});

const stockOf = async (handle: string) => {
  const [row] = await shop.db.query<{ inventory_quantity: number }>("select inventory_quantity from variants where id = $1", [shop.variant(handle)]);
  return row?.inventory_quantity;
};

describe("POST /checkout.json", () => {
  it("names each invalid field and places nothing", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser") });
    const response = await shopper.postJson("/checkout.json", { ...contact, email: "not-an-email", zip: "", country: "XX" });
    expect(response.status).toBe(422);
    const body = await json(response);
    expect(body).toMatchObject({ status: 422, message: "Checkout Error" });
    expect(Object.keys(body.errors).sort()).toEqual(["country", "email", "zip"]);
    expect(body.errors.email).toEqual(["Enter a valid email address"]);
    expect((await json(await shopper.get("/cart.js"))).item_count).toBe(1);
  });

  it("refuses an empty cart", async () => {
    const response = await shopper.postJson("/checkout.json", contact);
    expect(response.status).toBe(422);
    expect((await json(response)).description).toBe("Your cart is empty.");
  });

  it("places a test order: totals with shipping, stock taken, cart emptied, confirmation by token", async () => {
    const before = await stockOf("plain-cleanser");
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 2 });
    const response = await shopper.postJson("/checkout.json", contact);
    expect(response.status).toBe(200);
    const { order } = await json(response);
    expect(order).toMatchObject({ email: "ada@example.com", subtotal_price: 2400, shipping_price: 395, total_price: 2795, test: true, currency: "GBP" });
    expect(order.name).toMatch(/^#\d{4,}$/);
    expect(order.line_items).toEqual([expect.objectContaining({ handle: "plain-cleanser", quantity: 2 })]);
    expect(await stockOf("plain-cleanser")).toBe((before ?? 0) - 2);
    expect((await json(await shopper.get("/cart.js"))).item_count).toBe(0);
    const found = await json(await shopper.get(`/orders/${order.token}.json`));
    expect(found.order).toEqual(order);
    expect((await shopper.get(`/orders/${"0".repeat(32)}.json`)).status).toBe(404);
  });

  it("ships free from the threshold", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("untracked-soap"), quantity: 7 });
    const { order } = await json(await shopper.postJson("/checkout.json", contact));
    expect(order).toMatchObject({ subtotal_price: 4200, shipping_price: 0, total_price: 4200 });
  });

  it("20 shoppers racing for the last 5 units: exactly 5 orders and 15 clear stock errors", async () => {
    const shoppers = Array.from({ length: 20 }, () => new Shopper(shop.app));
    for (const racer of shoppers) {
      const added = await racer.postJson("/cart/add.js", { id: shop.variant("last-five-cream"), quantity: 1 });
      expect(added.status).toBe(200);
    }
    const results = await Promise.all(shoppers.map((racer) => racer.postJson("/checkout.json", contact)));
    const placed = results.filter((response) => response.status === 200);
    const refused = results.filter((response) => response.status === 422);
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const response of refused) expect((await json(response)).description).toBe("The product 'Last Five Cream' is already sold out.");
    expect(await stockOf("last-five-cream")).toBe(0);
    const [orders] = await shop.db.query<{ count: number }>(
      "select count(*)::int as count from orders where lines @> $1::jsonb",
      [JSON.stringify([{ handle: "last-five-cream" }])],
    );
    expect(orders?.count).toBe(5);
  });

  it("lets pre-order stock go below zero", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("preorder-mask"), quantity: 2 });
    expect((await shopper.postJson("/checkout.json", contact)).status).toBe(200);
    expect(await stockOf("preorder-mask")).toBe(-2);
  });
});
