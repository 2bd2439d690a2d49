/**
 * The cart routes Shopify themes and links use besides the AJAX API: the
 * theme's cart form (`POST /cart`), cart permalinks, `GET /cart/add`, and a
 * JSON 404 for unknown data addresses.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

let shop: TestShop;
let shopper: Shopper;

beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(() => {
  shopper = new Shopper(shop.app);
});

const cart = async () => (await (await shopper.get("/cart.js")).json()) as { item_count: number; note: string | null; items: { variant_id: number; quantity: number }[]; discount_codes?: { code: string }[] };
const lines = async () => (await cart()).items.map((item) => [item.variant_id, item.quantity]);

describe("POST /cart", () => {
  it("updates the quantities and note, then goes to the checkout when the checkout button sent the form", async () => {
    await shopper.postJson("/cart/add.js", { items: [{ id: shop.variant("plain-cleanser"), quantity: 1 }, { id: shop.variant("sized-serum"), quantity: 1 }] });
    // The cart lists the newest line first, as `updates[]` counts them.
    const response = await shopper.postForm("/cart", "updates%5B%5D=3&updates%5B%5D=0&note=Gift%20wrap%20please&checkout=");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/checkout");
    expect(await lines()).toEqual([[shop.variant("sized-serum"), 3]]);
    expect((await cart()).note).toBe("Gift wrap please");
  });

  it("goes back to the cart without the checkout button, and takes updates by variant id", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 1 });
    const response = await shopper.postForm("/cart", `updates%5B${shop.variant("plain-cleanser")}%5D=2`);
    expect(response.headers.get("location")).toBe("/cart");
    expect(await lines()).toEqual([[shop.variant("plain-cleanser"), 2]]);
  });

  it("sends a refusal to the cart page in words, and keeps the cart", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 1 });
    const response = await shopper.postForm("/cart", "updates%5B%5D=2&updates%5B%5D=5");
    expect(response.status).toBe(303);
    expect(decodeURIComponent(response.headers.get("location") ?? "")).toBe("/cart?cart_error=updates must give one quantity for each line of the cart");
    expect(await lines()).toEqual([[shop.variant("plain-cleanser"), 1]]);
  });

  it("is refused from another site", async () => {
    const response = await shopper.postForm("/cart", "updates%5B%5D=2&checkout=", { origin: "https://evil.example", "sec-fetch-site": "cross-site" });
    expect(response.status).toBe(403);
  });
});

describe("cart permalinks", () => {
  it("fill the cart with the link's lines, in place of what was there, and go to the checkout", async () => {
    await shopper.postJson("/cart/add.js", { items: [{ id: shop.variant("untracked-soap"), quantity: 4 }, { id: shop.variant("plain-cleanser"), quantity: 1 }] });
    const response = await shopper.get(`/cart/${shop.variant("plain-cleanser")}:2,${shop.variant("sized-serum", 1)}:1`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/checkout");
    expect((await lines()).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
      [
        [shop.variant("plain-cleanser"), 2],
        [shop.variant("sized-serum", 1), 1],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
  });

  it("apply a discount code and can go to the cart instead", async () => {
    const response = await shopper.get(`/cart/${shop.variant("plain-cleanser")}:1?discount=GLOW10&storefront=true`);
    expect(response.headers.get("location")).toBe("/cart");
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("discount_code=GLOW10"))).toBe(true);
    expect((await cart()).discount_codes?.map((discount) => discount.code)).toEqual(["GLOW10"]);
  });

  it("keep the link's note and attributes, as Shopify documents them", async () => {
    const response = await shopper.get(`/cart/${shop.variant("plain-cleanser")}:1?note=Please%20gift%20wrap&attributes%5Bgift-message%5D=Happy%20birthday&attributes%5Bref%5D=spring`);
    expect(response.status).toBe(302);
    const read = (await (await shopper.get("/cart.js")).json()) as { note: string; attributes: Record<string, string> };
    expect(read.note).toBe("Please gift wrap");
    expect(read.attributes).toEqual({ "gift-message": "Happy birthday", ref: "spring" });
  });

  it("naming an unknown or unpublished variant change nothing and say why on the cart page", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("untracked-soap"), quantity: 1 });
    for (const link of [`/cart/${shop.variant("plain-cleanser")}:1,99999999:1`, `/cart/${shop.variant("draft-cream")}:1`]) {
      const response = await shopper.get(link);
      expect(response.status, link).toBe(303);
      expect(response.headers.get("location")).toMatch(/^\/cart\?cart_error=/);
      expect(await lines()).toEqual([[shop.variant("untracked-soap"), 1]]);
    }
  });

  it("refuse a zero quantity or too many lines, and never oversell", async () => {
    expect((await shopper.get(`/cart/${shop.variant("plain-cleanser")}:0`)).headers.get("location")).toMatch(/^\/cart\?cart_error=/);
    const many = Array.from({ length: 51 }, () => `${shop.variant("plain-cleanser")}:1`).join(",");
    expect((await shopper.get(`/cart/${many}`)).headers.get("location")).toMatch(/^\/cart\?cart_error=/);
    const response = await shopper.get(`/cart/${shop.variant("low-stock-oil")}:10`);
    expect(decodeURIComponent(response.headers.get("location") ?? "")).toContain("Only 3 items were added to your cart due to availability.");
    expect(await lines()).toEqual([[shop.variant("low-stock-oil"), 3]]);
  });
});

describe("GET /cart/add", () => {
  it("adds a variant from a plain link and shows the cart", async () => {
    const response = await shopper.get(`/cart/add?id=${shop.variant("plain-cleanser")}&quantity=2`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/cart");
    expect(await lines()).toEqual([[shop.variant("plain-cleanser"), 2]]);
    await shopper.get(`/cart/add?id=${shop.variant("plain-cleanser")}`);
    expect(await lines()).toEqual([[shop.variant("plain-cleanser"), 3]]);
  });

  it("says why on the cart page when the variant cannot be added", async () => {
    for (const link of ["/cart/add?id=nope", "/cart/add?id=99999999", `/cart/add?id=${shop.variant("sold-out-balm")}`]) {
      const response = await shopper.get(link);
      expect(response.headers.get("location"), link).toMatch(/^\/cart\?cart_error=/);
    }
    expect(await lines()).toEqual([]);
  });
});

describe("unknown data addresses", () => {
  it("answer a JSON 404 in Shopify's shape, for GET and HEAD", async () => {
    for (const path of ["/nothing.json", "/pages/about.js", "/collections/face/nope.json"]) {
      const response = await shopper.get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(await response.json()).toEqual({ status: 404, message: "Not Found", description: `Nothing is served at ${path}` });
    }
    const head = await shopper.request("/nothing.json", { method: "HEAD" });
    expect(head.status).toBe(404);
  });
});

describe("shipping rates", () => {
  const rates = async (query: string) => {
    const response = await shopper.get(`/cart/shipping_rates.json?${query}`);
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  const address = (zip: string, country: string) => `shipping_address%5Bzip%5D=${encodeURIComponent(zip)}&shipping_address%5Bcountry%5D=${encodeURIComponent(country)}&shipping_address%5Bprovince%5D=`;

  it("quote the home zone's standard and express rates on the cart as the server prices it, free standard from the threshold", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 1 });
    const below = await rates(address("SW1Y 4JH", "United Kingdom"));
    expect(below.status).toBe(200);
    expect(below.body.shipping_rates.map((rate: any) => [rate.name, rate.price, rate.compare_price, rate.delivery_days])).toEqual([
      ["Standard", "3.95", null, [2, 3]],
      ["Express", "5.95", null, [1, 1]],
    ]);
    expect(below.body.shipping_rates[0]).toMatchObject({ source: "shopify", currency: "GBP", phone_required: false, delivery_range: [expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), expect.any(String)] });
    await shopper.postJson("/cart/change.js", { id: String(shop.variant("plain-cleanser")), quantity: 4 });
    const above = await rates(address("SW1Y 4JH", "GB"));
    expect(above.body.shipping_rates.map((rate: any) => [rate.name, rate.price, rate.compare_price])).toEqual([
      ["Standard", "0.00", "3.95"],
      ["Express", "5.95", null],
    ]);
  });

  it("estimate for the site's own country when no address is given, as theme-cart's getShippingRates() asks", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 1 });
    const estimate = await rates("");
    expect(estimate.status).toBe(200);
    expect(estimate.body.shipping_rates.map((rate: any) => [rate.name, rate.price])).toEqual([
      ["Standard", "3.95"],
      ["Express", "5.95"],
    ]);
  });

  it("quote other zones at their own rates", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 1 });
    expect((await rates(address("D02 X285", "IE"))).body.shipping_rates.map((rate: any) => [rate.name, rate.price])).toEqual([["Standard", "9.95"]]);
    expect((await rates(address("10001", "United States"))).body.shipping_rates.map((rate: any) => [rate.name, rate.price])).toEqual([["Standard", "14.95"]]);
  });

  it("answer an address the shop cannot ship to field by field, and an empty cart as needing no shipping", async () => {
    expect(await rates(address("SW1Y 4JH", "GB"))).toEqual({ status: 422, body: { error: ["This cart does not require shipping"] } });
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 1 });
    expect(await rates(address("12345", "Narnia"))).toEqual({ status: 422, body: { country: ["is not supported"] } });
    expect(await rates(address("12345", ""))).toEqual({ status: 422, body: { country: ["can't be blank"] } });
    expect(await rates(address("NOT A CODE", "GB"))).toEqual({ status: 422, body: { zip: ["is not valid for United Kingdom"] } });
    expect(await rates(address("", "GB"))).toEqual({ status: 422, body: { zip: ["can't be blank"] } });
  });

  it("prepare and read the same rates asynchronously", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 1 });
    const prepared = await shopper.postJson("/cart/prepare_shipping_rates.json", { shipping_address: { zip: "SW1Y 4JH", country: "GB" } });
    expect(prepared.status).toBe(200);
    expect(await prepared.json()).toBeNull();
    const refused = await shopper.postJson("/cart/prepare_shipping_rates.json", { shipping_address: { zip: "SW1Y 4JH", country: "Narnia" } });
    expect(refused.status).toBe(422);
    const read = await shopper.get(`/cart/async_shipping_rates.json?${address("SW1Y 4JH", "GB")}`);
    expect(((await read.json()) as any).shipping_rates.map((rate: any) => rate.name)).toEqual(["Standard", "Express"]);
  });
});

describe("the checkout's delivery methods", () => {
  const details = (country: string, zip: string, method?: string) => ({
    email: "ada@example.com",
    first_name: "Ada",
    last_name: "Lovelace",
    address1: "1 Harbour Yard",
    city: "Falmouth",
    zip,
    country,
    ...(method ? { shipping_method: method } : {}),
  });

  it("charges the rate the shopper chose for their country, as the rates answer quotes it", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 1 });
    const express = await shopper.postJson("/checkout.json", details("GB", "TR11 4AB", "express"));
    expect(express.status).toBe(200);
    expect(((await express.json()) as any).order).toMatchObject({ shipping_price: 595, shipping_method: "express" });
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 1 });
    const france = await shopper.postJson("/checkout.json", details("FR", "75001"));
    expect(((await france.json()) as any).order.shipping_price).toBe(995);
  });

  it("refuses express where it does not go, and a UK postcode that is not one, and keeps the cart", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 1 });
    const abroad = await shopper.postJson("/checkout.json", details("US", "10001", "express"));
    expect(abroad.status).toBe(422);
    expect(((await abroad.json()) as any).errors.shipping_method).toEqual(["Express delivery does not go to this country. Choose standard delivery."]);
    const postcode = await shopper.postJson("/checkout.json", details("GB", "10001"));
    expect(((await postcode.json()) as any).errors.zip).toEqual(["Enter a valid postcode"]);
    expect(await lines()).toEqual([[shop.variant("plain-cleanser"), 1]]);
  });
});
