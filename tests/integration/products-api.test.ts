import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

let shop: TestShop;
let shopper: Shopper;

beforeAll(async () => {
  shop = await openTestShop();
  shopper = new Shopper(shop.app);
});
afterAll(async () => {
  await shop?.close();
});

const json = async (response: Response) => (await response.json()) as Record<string, any>;

describe("product JSON", () => {
  it("answers /products/{handle}.js with money in minor units and option objects", async () => {
    const response = await shopper.get("/products/sized-serum.js");
    expect(response.status).toBe(200);
    const product = await json(response);
    expect(product).toMatchObject({
      handle: "sized-serum",
      title: "Sized Serum",
      type: "Serum",
      vendor: "Test Botanics",
      price: 1500,
      price_min: 1500,
      price_max: 2500,
      price_varies: true,
      available: true,
      compare_at_price_max: 3000,
      options: [{ name: "Size", position: 1, values: ["15 ml", "30 ml"] }],
      url: "/products/sized-serum",
      featured_image: "/images/products/sized-serum-1.png",
    });
    expect(product.variants[1]).toMatchObject({
      title: "30 ml",
      option1: "30 ml",
      options: ["30 ml"],
      price: 2500,
      compare_at_price: 3000,
      name: "Sized Serum - 30 ml",
      public_title: "30 ml",
      available: true,
    });
    expect(Array.isArray(product.tags)).toBe(true);
  });

  it("describes a product without options with the default variant", async () => {
    const product = await json(await shopper.get("/products/plain-cleanser.js"));
    expect(product.options).toEqual([{ name: "Title", position: 1, values: ["Default Title"] }]);
    expect(product.variants[0]).toMatchObject({ title: "Default Title", public_title: null, name: "Plain Cleanser" });
  });

  it("gives each .js variant its featured_media: null for a variant without a picture of its own", async () => {
    const product = await json(await shopper.get("/products/sized-serum.js"));
    expect(product.variants.map((variant: Record<string, unknown>) => variant.featured_media)).toEqual([null, null]);
  });

  it("marks sold-out variants unavailable and pre-order or untracked ones available", async () => {
    expect((await json(await shopper.get("/products/sold-out-balm.js"))).available).toBe(false);
    expect((await json(await shopper.get("/products/preorder-mask.js"))).available).toBe(true);
    expect((await json(await shopper.get("/products/untracked-soap.js"))).available).toBe(true);
  });

  it("answers /products/{handle}.json in the REST shape with decimal prices and joined tags", async () => {
    const { product } = await json(await shopper.get("/products/sized-serum.json"));
    expect(product.variants[1]).toMatchObject({ price: "25.00", compare_at_price: "30.00", sku: "SER-30", price_currency: "GBP", compare_at_price_currency: "GBP" });
    // No compare-at price, no currency for it.
    expect(product.variants[0]).toMatchObject({ price_currency: "GBP", compare_at_price_currency: "" });
    expect(typeof product.tags).toBe("string");
    expect(product.options[0]).toMatchObject({ name: "Size", position: 1, values: ["15 ml", "30 ml"] });
  });

  it("answers /products/{handle}?view=json with the metafield groups and collections", async () => {
    const view = await json(await shopper.get("/products/low-stock-oil?view=json"));
    expect(Object.keys(view)).toEqual(["product", "metafields", "metafields_ffc_app", "metafields_bundle", "metafields_vitals", "options", "collections"]);
    expect(view.product.handle).toBe("low-stock-oil");
    expect(view.collections.map((collection: { handle: string }) => collection.handle).sort()).toEqual(["all", "face", "oils"]);
  });

  it("answers 404 for unknown and unpublished products", async () => {
    for (const path of ["/products/nope.js", "/products/draft-cream.js", "/products/nope.json", "/products/draft-cream?view=json"]) {
      expect((await shopper.get(path)).status).toBe(404);
    }
  });
});

describe("lists", () => {
  it("pages /products.json", async () => {
    const all = await json(await shopper.get("/products.json"));
    expect(all.products).toHaveLength(15);
    const page2 = await json(await shopper.get("/products.json?limit=3&page=2"));
    expect(page2.products.map((product: { handle: string }) => product.handle)).toEqual(all.products.slice(3, 6).map((product: { handle: string }) => product.handle));
    expect(page2.products[0].variants[0].price).toMatch(/^\d+\.\d{2}$/);
  });

  it("lists visible collections and pages a collection's products", async () => {
    const { collections } = await json(await shopper.get("/collections.json"));
    expect(collections.map((collection: { handle: string }) => collection.handle)).toEqual(["all", "face", "cleansers", "oils", "body"]);
    const face = collections.find((collection: { handle: string }) => collection.handle === "face");
    expect(face.products_count).toBe(10);
    const { products } = await json(await shopper.get("/collections/face/products.json?limit=2&page=1"));
    expect(products.map((product: { handle: string }) => product.handle)).toEqual(["sized-serum", "plain-cleanser"]);
    expect((await shopper.get("/collections/nope/products.json")).status).toBe(404);
  });
});

describe("GET /recommendations/products.json", () => {
  it("recommends related browsable products, never the product itself or hidden samples", async () => {
    const serum = await json(await shopper.get("/products/sized-serum.js"));
    const body = await json(await shopper.get(`/recommendations/products.json?product_id=${serum.id}&limit=3&intent=related`));
    expect(body.intent).toBe("related");
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products.length).toBeLessThanOrEqual(3);
    const handles = body.products.map((product: { handle: string }) => product.handle);
    expect(handles).not.toContain("sized-serum");
    expect(handles).not.toContain("free-sample");
    expect(body.products[0].variants[0].price).toEqual(expect.any(Number));
  });

  it("answers Shopify's errors for a missing id, a bad intent and an unknown product", async () => {
    const missing = await shopper.get("/recommendations/products.json");
    expect(missing.status).toBe(422);
    expect(await json(missing)).toEqual({ status: 422, message: "Invalid parameter error", description: "A product_id value is missing" });
    const intent = await shopper.get("/recommendations/products.json?product_id=1&intent=sideways");
    expect(intent.status).toBe(422);
    expect((await json(intent)).description).toBe("The intent parameter must be one of related, complementary");
    const unknown = await shopper.get("/recommendations/products.json?product_id=12345");
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toEqual({
      status: 404,
      message: "Product not found",
      description: "No product with id 12345 is published in the online store",
    });
  });
});

describe("GET /cart?view=json", () => {
  it("answers the bundle components of the cart's lines", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 1 });
    const body = await json(await shopper.get(`/cart?view=json&v=${Math.random()}`));
    expect(body).toEqual({ item_components: [] });
  });
});
