import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { inProcessStorefront } from "../../src/platform/storefront/in-process.ts";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

let shop: TestShop;
let shopper: Shopper;
const json = async (response: Response) => (await response.json()) as Record<string, any>;

const contact = {
  email: "ada@example.com",
  phone: "+44 7911 123456",
  first_name: "Ada",
  last_name: "Lovelace",
  address1: "12 St James's Square",
  city: "London",
  zip: "SW1Y 4JH",
  country: "GB",
};

beforeAll(async () => {
  // This file places far more orders from one address than a shopper would.
  shop = await openTestShop({ checkoutLimit: { limit: 10_000, windowSeconds: 600 } });
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
const setStock = (handle: string, quantity: number) =>
  shop.db.query("update variants set inventory_quantity = $2 where id = $1", [shop.variant(handle), quantity]);
const cartTokenOf = (someone: Shopper) => someone.cartToken;

describe("POST /checkout.json", () => {
  it("names each invalid field and places nothing", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser") });
    const response = await shopper.postJson("/checkout.json", { ...contact, email: "not-an-email", zip: "", country: "XX" });
    expect(response.status).toBe(422);
    const body = await json(response);
    expect(body).toEqual({
      status: 422,
      message: "Checkout Error",
      description: "Please check the highlighted fields.",
      errors: { email: ["Enter a valid email address"], zip: ["Enter a valid postcode"], country: ["Choose a country we ship to"] },
    });
    expect((await json(await shopper.get("/cart.js"))).item_count).toBe(1);
  });

  it("takes the form-encoded body a plain form sends, the opt-in as a checkbox", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser") });
    const response = await shopper.postForm("/checkout.json", new URLSearchParams({ ...contact, sms_opt_in: "on" }).toString());
    expect(response.status).toBe(200);
    expect((await json(response)).order).toMatchObject({ email: contact.email, shipping_address: { country: "GB", zip: "SW1Y 4JH" } });
  });

  it("keeps the SMS consent with the order: the number in E.164, the words agreed to, when and where", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser") });
    const before = Date.now();
    const response = await shopper.postForm("/checkout.json", new URLSearchParams({ ...contact, phone: "07911 123456", sms_opt_in: "on" }).toString());
    const order = (await json(response)).order;
    expect(order).toMatchObject({
      phone: "+447911123456",
      sms_marketing_consent: { state: "subscribed", opt_in_level: "single_opt_in", consent_collected_from: "ONLINE_STORE", consent_text: "Text me with news and offers", phone: "+447911123456" },
    });
    expect(Date.parse(order.sms_marketing_consent.consent_updated_at)).toBeGreaterThanOrEqual(before - 1000);
    const stored = await json(await shopper.get(`/orders/${order.token}.json`));
    expect(stored.order ?? stored).toMatchObject({ phone: "+447911123456", sms_marketing_consent: { consent_text: "Text me with news and offers" } });
  });

  it("stores no consent when the box is left empty, and refuses a ticked box without a number or with a number the country does not have", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser") });
    const unticked = await json(await shopper.postJson("/checkout.json", { ...contact, phone: "+1 415 555 2671" }));
    expect(unticked.order).toMatchObject({ phone: "+14155552671", sms_marketing_consent: null });

    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser") });
    const noPhone = await shopper.postJson("/checkout.json", { ...contact, phone: "", sms_opt_in: true });
    expect(noPhone.status).toBe(422);
    expect((await json(noPhone)).errors).toEqual({ phone: ["Enter a phone number to get texts"] });
    const badPhone = await shopper.postJson("/checkout.json", { ...contact, phone: "0123 456", sms_opt_in: true });
    expect(badPhone.status).toBe(422);
    expect((await json(badPhone)).errors).toEqual({ phone: ["Enter a valid phone number"] });
    expect((await json(await shopper.get("/cart.js"))).item_count).toBe(1);
  });

  it("refuses an empty cart in Shopify's error shape, without field errors", async () => {
    const response = await shopper.postJson("/checkout.json", contact);
    expect(response.status).toBe(422);
    expect(await json(response)).toEqual({ status: 422, message: "Checkout Error", description: "Your cart is empty." });
  });

  it("refuses a sold-out line with the variant and what is left, and leaves cart and stock as they were", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("sized-serum"), quantity: 2 });
    await setStock("sized-serum", 0);
    try {
      const response = await shopper.postJson("/checkout.json", contact);
      expect(response.status).toBe(422);
      expect(await json(response)).toEqual({
        status: 422,
        message: "Checkout Error",
        description: expect.stringMatching(/^The product 'Sized Serum.*' is already sold out\.$/),
        variant_id: shop.variant("sized-serum"),
        available: 0,
      });
      expect(await stockOf("sized-serum")).toBe(0);
      expect((await json(await shopper.get("/cart.js"))).item_count).toBe(2);
    } finally {
      await setStock("sized-serum", 100);
    }
  });

  it("refuses a line short of stock, saying how many are left", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("low-stock-oil"), quantity: 3 });
    await setStock("low-stock-oil", 2);
    try {
      const response = await shopper.postJson("/checkout.json", contact);
      expect(response.status).toBe(422);
      expect(await json(response)).toMatchObject({
        status: 422,
        message: "Checkout Error",
        description: "Only 2 of Low Stock Oil left. Please update your cart.",
        variant_id: shop.variant("low-stock-oil"),
        available: 2,
      });
      expect(await stockOf("low-stock-oil")).toBe(2);
    } finally {
      await setStock("low-stock-oil", 3);
    }
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

describe("the theme's checkout (the storefront client's placeOrder)", () => {
  it("answers through the same service as /checkout.json: refusals as data, then the order", async () => {
    await shopper.get("/cart.js");
    const storefront = inProcessStorefront(shop.platform, cartTokenOf(shopper));
    expect(await storefront.placeOrder(contact)).toEqual({ ok: false, reason: "empty", description: "Your cart is empty.", errors: {} });

    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser") });
    const invalid = await storefront.placeOrder({ ...contact, email: "" });
    expect(invalid).toMatchObject({ ok: false, reason: "invalid", description: "Please check the highlighted fields.", errors: { email: ["Enter a valid email address"] } });

    const placed = await storefront.placeOrder({ ...contact, sms_opt_in: "on" });
    if (!placed.ok) throw new Error(placed.description);
    expect(placed.order).toMatchObject({ subtotal_price: 1200, shipping_price: 395, total_price: 1595 });
    expect(await storefront.order(placed.order.token)).toEqual(placed.order);
    expect((await json(await shopper.get("/cart.js"))).item_count).toBe(0);
  });
});

describe("checkout bounds", () => {
  it("places an order past the 32-bit money limit (£21,474,836.47) with exact totals", async () => {
    await shopper.postJson("/cart/add.js", { items: [{ id: shop.variant("untracked-soap"), quantity: 1_000_000 }, { id: shop.variant("preorder-mask"), quantity: 1_000_000 }] });
    const cart = await json(await shopper.get("/cart.js"));
    expect(cart.total_price).toBe(600 * 1_000_000 + 1800 * 1_000_000);
    const response = await shopper.postJson("/checkout.json", contact);
    expect(response.status).toBe(200);
    const { order } = await json(response);
    expect(order.total_price).toBe(cart.total_price + order.shipping_price);
    const stored = await json(await shopper.get(`/orders/${order.token}.json`));
    expect(stored.order.total_price).toBe(order.total_price);
    await setStock("preorder-mask", 0);
  });

  it("refuses control characters in the address as a field error", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser") });
    const response = await shopper.postJson("/checkout.json", { ...contact, address1: "12 St James's\u0000 Square" });
    expect(response.status).toBe(422);
    expect((await json(response)).errors).toHaveProperty("address1");
  });
});
