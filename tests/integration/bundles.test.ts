/**
 * The server prices bundles from the bundle product's definition: a complete
 * bundle shares its saving across its lines; one that is broken up, padded
 * or claims another product's definition pays full price, with a warning.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bundleDefinition } from "../../src/core/builders/bundles.ts";
import { demoCatalog } from "../../src/platform/seed/demo-catalog.ts";
import { catalogWithBundles } from "./bundle-fixtures.ts";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

const catalog = catalogWithBundles;

let shop: TestShop;
let shopper: Shopper;
const productIds = new Map<string, number>();
const json = async (response: Response) => (await response.json()) as Record<string, any>;

beforeAll(async () => {
  shop = await openTestShop({ catalog });
  for (const handle of ["trio-set", "routine-set", "shield-pair", "soap-on-us", "retired-set", "plain-cleanser"]) {
    productIds.set(handle, (await json(await shop.app.request(`/products/${handle}.js`))).id);
  }
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(() => {
  shopper = new Shopper(shop.app);
});

let bundleSeq = 0;

/** What the theme's bundle chooser posts: one line per item, all sharing a new bundle id. */
function bundleItems(bundleHandle: string, items: { handle: string; variant?: number; quantity?: number; extra?: Record<string, string> }[], productId?: number) {
  bundleSeq += 1;
  const id = `b${bundleSeq}-${Math.random().toString(36).slice(2)}`;
  return items.map((item) => ({
    id: shop.variant(item.handle, item.variant ?? 0),
    quantity: item.quantity ?? 1,
    properties: {
      __bundleId: id,
      __bundleProductId: String(productId ?? productIds.get(bundleHandle)),
      __bundleVariantId: String(shop.variant(bundleHandle)),
      __bundleTitle: bundleHandle,
      _is_bundle_item: "true",
      _bundle_item_text: "Bundle item",
      Bundle: bundleHandle,
      ...item.extra,
    },
  }));
}

const addBundle = async (...args: Parameters<typeof bundleItems>) => {
  const response = await shopper.postJson("/cart/add.js", { items: bundleItems(...args) });
  expect(response.status).toBe(200);
  return json(await shopper.get("/cart.js"));
};

const allocationsByHandle = (cart: Record<string, any>) =>
  Object.fromEntries(cart.items.map((item: { handle: string; line_level_total_discount: number }) => [item.handle, item.line_level_total_discount]));

const trio = [{ handle: "plain-cleanser" }, { handle: "sized-serum" }, { handle: "untracked-soap" }];

describe("preselected bundles", () => {
  it("gives a complete bundle its discount, split across its lines in proportion to price", async () => {
    const cart = await addBundle("trio-set", trio);
    // 1200 + 1500 + 600 = 3300, 15% = 495.
    expect(allocationsByHandle(cart)).toEqual({ "plain-cleanser": 180, "sized-serum": 225, "untracked-soap": 90 });
    expect(cart).toMatchObject({ original_total_price: 3300, items_subtotal_price: 2805, total_price: 2805, total_discount: 495, warnings: [] });
    const serum = cart.items.find((item: { handle: string }) => item.handle === "sized-serum");
    expect(serum).toMatchObject({ price: 1500, original_line_price: 1500, line_price: 1275, final_line_price: 1275, final_price: 1275, total_discount: 225, discounts: [{ amount: 225, title: "Trio Set" }] });
    expect(serum.line_level_discount_allocations[0].discount_application).toMatchObject({
      type: "automatic",
      title: "Trio Set",
      value: "15.0",
      value_type: "percentage",
      allocation_method: "across",
      target_selection: "explicit",
      target_type: "line_item",
      total_allocated_amount: 495,
    });
  });

  it("takes the discount away, keeps the lines and warns when a line is removed", async () => {
    let cart = await addBundle("trio-set", trio);
    const serumKey = cart.items.find((item: { handle: string }) => item.handle === "sized-serum").key;
    cart = await json(await shopper.postJson("/cart/change.js", { id: serumKey, quantity: 0 }));
    expect(cart.items.map((item: { handle: string }) => item.handle).sort()).toEqual(["plain-cleanser", "untracked-soap"]);
    expect(allocationsByHandle(cart)).toEqual({ "plain-cleanser": 0, "untracked-soap": 0 });
    expect(cart).toMatchObject({ total_price: 1800, total_discount: 0, warnings: ["Trio Set is no longer complete, so its bundle discount was removed."] });
  });

  it("discounts whole sets only", async () => {
    const cart = await addBundle("trio-set", [{ handle: "plain-cleanser", quantity: 2 }, { handle: "sized-serum", quantity: 2 }, { handle: "untracked-soap", quantity: 3 }]);
    expect(allocationsByHandle(cart)).toEqual({ "plain-cleanser": 360, "sized-serum": 450, "untracked-soap": 180 });
    expect(cart.total_price).toBe(1200 * 2 + 1500 * 2 + 600 * 3 - 990);
  });

  it("prices two bundles of the same product separately", async () => {
    await addBundle("trio-set", trio);
    const cart = await addBundle("trio-set", trio.slice(0, 2));
    expect(cart.total_discount).toBe(495);
    expect(cart.warnings).toEqual(["Trio Set is no longer complete, so its bundle discount was removed."]);
  });

  it("gives nothing to a bundle padded with an extra line", async () => {
    const cart = await addBundle("trio-set", [...trio, { handle: "low-stock-oil" }]);
    expect(cart.total_discount).toBe(0);
    expect(cart.warnings).toEqual(["Trio Set does not match its bundle, so no bundle discount applies."]);
  });

  it("gives nothing when the lines name a product that is not their bundle", async () => {
    let cart = await addBundle("trio-set", trio, productIds.get("plain-cleanser"));
    expect(cart).toMatchObject({ total_discount: 0, warnings: ["This bundle is no longer on offer, so no bundle discount applies."] });
    shopper = new Shopper(shop.app);
    cart = await addBundle("trio-set", trio, productIds.get("shield-pair"));
    expect(cart).toMatchObject({ total_discount: 0, warnings: ["Shield Pair does not match its bundle, so no bundle discount applies."] });
    shopper = new Shopper(shop.app);
    cart = await addBundle("trio-set", trio, 123);
    expect(cart).toMatchObject({ total_discount: 0, warnings: ["This bundle is no longer on offer, so no bundle discount applies."] });
    shopper = new Shopper(shop.app);
    cart = await addBundle("retired-set", [{ handle: "plain-cleanser" }, { handle: "untracked-soap" }]);
    expect(cart).toMatchObject({ total_discount: 0, warnings: ["This bundle is no longer on offer, so no bundle discount applies."] });
  });

  it("gives nothing when the lines of one bundle disagree about which product it is", async () => {
    const items = bundleItems("trio-set", trio);
    items[1]!.properties.__bundleProductId = String(productIds.get("routine-set"));
    await shopper.postJson("/cart/add.js", { items });
    const cart = await json(await shopper.get("/cart.js"));
    expect(cart).toMatchObject({ total_discount: 0, warnings: ["Trio Set does not match its bundle, so no bundle discount applies."] });
  });

  it("makes only the definition's free products free, whatever the lines claim", async () => {
    let cart = await addBundle("trio-set", trio.map((item) => ({ ...item, extra: { _is_bundle_free_item: "true", Bundle: "100% off" } })));
    expect(cart.total_discount).toBe(495);
    shopper = new Shopper(shop.app);
    cart = await addBundle("soap-on-us", [{ handle: "plain-cleanser" }, { handle: "untracked-soap", extra: { _is_bundle_free_item: "true" } }]);
    expect(allocationsByHandle(cart)).toEqual({ "plain-cleanser": 120, "untracked-soap": 600 });
    expect(cart.items.find((item: { handle: string }) => item.handle === "untracked-soap")).toMatchObject({ final_line_price: 0, final_price: 0 });
    expect(cart.total_price).toBe(1080);
  });
});

describe("multiselect bundles", () => {
  it("discounts a pick from every required group, the optional group included", async () => {
    let cart = await addBundle("routine-set", [{ handle: "plain-cleanser" }, { handle: "low-stock-oil" }, { handle: "preorder-mask" }]);
    // £5 over 1200 + 3000 + 1800 = 6000.
    expect(allocationsByHandle(cart)).toEqual({ "plain-cleanser": 100, "low-stock-oil": 250, "preorder-mask": 150 });
    expect(cart.items[0].discounts).toEqual([{ amount: expect.any(Number), title: "Routine Set" }]);
    expect(cart.items[0].line_level_discount_allocations[0].discount_application).toMatchObject({ value: "5.00", value_type: "fixed_amount" });
    shopper = new Shopper(shop.app);
    cart = await addBundle("routine-set", [{ handle: "plain-cleanser" }, { handle: "sized-serum", variant: 1 }]);
    expect(cart.total_discount).toBe(500);
  });

  it("gives nothing when a required group has no pick", async () => {
    const cart = await addBundle("routine-set", [{ handle: "plain-cleanser" }, { handle: "untracked-soap" }]);
    expect(cart.total_discount).toBe(0);
    expect(cart.warnings).toEqual(["Routine Set is no longer complete, so its bundle discount was removed."]);
  });

  it("gives nothing for two picks in one group", async () => {
    const cart = await addBundle("routine-set", [{ handle: "plain-cleanser" }, { handle: "sized-serum" }, { handle: "low-stock-oil" }]);
    expect(cart.total_discount).toBe(0);
    expect(cart.warnings).toEqual(["Routine Set does not match its bundle, so no bundle discount applies."]);
  });
});

describe("variant bundles", () => {
  it("discounts the parent product with one chosen variant of the listed product", async () => {
    const cart = await addBundle("shield-pair", [{ handle: "shield-pair" }, { handle: "sized-serum", variant: 1 }]);
    // 20% of 2000 + 2500.
    expect(allocationsByHandle(cart)).toEqual({ "shield-pair": 400, "sized-serum": 500 });
    expect(cart.total_price).toBe(3600);
  });

  it("gives nothing to the chosen variant alone", async () => {
    const cart = await addBundle("shield-pair", [{ handle: "sized-serum", variant: 1 }]);
    expect(cart).toMatchObject({ total_discount: 0, warnings: ["Shield Pair is no longer complete, so its bundle discount was removed."] });
  });
});

describe("bundle page lines", () => {
  const pageItems = (bundleId: string, productId?: number) =>
    trio.map((item) => ({
      id: shop.variant(item.handle),
      quantity: 1,
      properties: { "_is-bundle-page-item": "true", "_bundle-id": `${bundleId}---Trio`, ...(productId ? { __bundleProductId: String(productId) } : {}) },
    }));

  it("are ordinary lines when they name no bundle product", async () => {
    await shopper.postJson("/cart/add.js", { items: pageItems("page-1") });
    const cart = await json(await shopper.get("/cart.js"));
    expect(cart).toMatchObject({ total_price: 3300, total_discount: 0, warnings: [] });
  });

  it("are priced by the bundle product they name, grouped by the id before ---", async () => {
    await shopper.postJson("/cart/add.js", { items: pageItems("page-2", productIds.get("trio-set")) });
    const cart = await json(await shopper.get("/cart.js"));
    expect(cart).toMatchObject({ total_price: 2805, total_discount: 495, warnings: [] });
  });
});

describe("bundles with codes and checkout", () => {
  it("applies a code on top of the bundle price and charges both at checkout", async () => {
    await addBundle("trio-set", trio);
    const cart = await json(await shopper.postJson("/cart/update.js", { discount: "GLOW10" }));
    // 10% of 2805, rounded.
    expect(cart).toMatchObject({ items_subtotal_price: 2805, total_price: 2524, total_discount: 776 });
    const response = await shopper.postJson("/checkout.json", {
      email: "ada@example.com",
      first_name: "Ada",
      last_name: "Lovelace",
      address1: "12 St James's Square",
      city: "London",
      zip: "SW1Y 4JH",
      country: "GB",
    });
    const { order } = await json(response);
    expect(order).toMatchObject({ subtotal_price: 3300, total_discount: 776, shipping_price: 395, total_price: 2524 + 395 });
    const serum = order.line_items.find((item: { handle: string }) => item.handle === "sized-serum");
    expect(serum).toMatchObject({ price: 1500, final_line_price: 1275 });
  });
});

describe("the demo catalog's bundles", () => {
  it("each has a definition the server can price, naming products of the catalog", () => {
    const handles = new Set(demoCatalog.products.map((product) => product.handle));
    const bundles = demoCatalog.products.filter((product) => product.metafields?.bundle);
    expect(bundles.map((product) => product.handle).sort()).toEqual(["build-your-own-routine", "daily-shield-spf50", "the-glow-edit"]);
    for (const product of bundles) {
      const definition = bundleDefinition(product.handle, product.metafields?.bundle);
      expect(definition, product.handle).not.toBeNull();
      for (const handle of [...(definition?.products ?? []), ...(definition?.groups.flatMap((group) => group.products) ?? [])]) {
        expect(handles.has(handle), `${product.handle} names ${handle}`).toBe(true);
      }
    }
  });
});
