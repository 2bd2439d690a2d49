/**
 * The server applies the same gift rule as the side cart: a gift joins the
 * cart only when the cart qualifies, holds one item, and leaves as soon as the
 * cart stops qualifying. Nobody gets a gift by posting its variant id.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { GiftGroupSettings } from "../../src/core/free-gifts.ts";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

const NOW = Date.UTC(2026, 10, 21, 12);
let clock = NOW;

const base = {
  enabled: true,
  limit_to_collections: [],
  startTimestamp: null,
  endTimestamp: null,
  progress_title: "Gifts",
  threshold_under_text: "Spend [amount] more",
  threshold_over_text: "Unlocked",
  icon_type: "gift" as const,
  icon_title: "Gift",
  show_product_picker: true,
};

const groups: GiftGroupSettings[] = [
  {
    ...base,
    key: "choose",
    products: [
      { handle: "gift-mist", sku: "", min_spend: "50", max_spend: null, auto_add: false },
      { handle: "gift-bag", sku: "gift-bag-b ", min_spend: "50", max_spend: null, auto_add: false },
    ],
    choice_thresholds: ["50-99.99:1---Choose 1---", "100-MAX:2---Choose 2---"],
  },
  {
    ...base,
    key: "later",
    products: [{ handle: "stray-gift", sku: "", min_spend: "10", max_spend: null, auto_add: true }],
    choice_thresholds: ["10-MAX:1---Soon---"],
    startTimestamp: NOW / 1000 + 3600,
    endTimestamp: NOW / 1000 + 7200,
  },
];

let shop: TestShop;
let shopper: Shopper;
const json = async (response: Response) => (await response.json()) as Record<string, any>;

beforeAll(async () => {
  shop = await openTestShop({ settings: (settings) => void (settings.sideCart.freeGiftsData = groups), now: () => clock });
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(() => {
  clock = NOW;
  shopper = new Shopper(shop.app);
});

const addSerum = (quantity: number) => shopper.postJson("/cart/add.js", { id: shop.variant("sized-serum", 1), quantity });

describe("gifts on the server", () => {
  it("refuses a gift the cart does not qualify for, and adds nothing", async () => {
    await addSerum(1);
    const response = await shopper.postJson("/cart/add.js", { id: shop.variant("gift-mist"), quantity: 1 });
    expect(response.status).toBe(422);
    expect(await json(response)).toEqual({ status: 422, message: "Cart Error", description: "Your cart doesn't qualify for this free gift yet" });
    expect((await json(await shopper.get("/cart.js"))).items).toHaveLength(1);
  });

  it("adds a qualifying gift as one free item carrying the gift markers", async () => {
    await addSerum(2);
    const response = await shopper.postJson("/cart/add.js", { id: shop.variant("gift-mist"), quantity: 3, properties: { Note: "hi" } });
    expect(response.status).toBe(200);
    const line = await json(response);
    expect(line).toMatchObject({ quantity: 1, final_line_price: 0, properties: { Note: "hi", "_is-free-gift-item": "true", "_gift-group": "choose" } });
    const cart = await json(await shopper.get("/cart.js"));
    expect(cart.total_price).toBe(5000);
  });

  it("answers the limit message when choosing past the limit", async () => {
    await addSerum(2);
    expect((await shopper.postJson("/cart/add.js", { id: shop.variant("gift-mist") })).status).toBe(200);
    const second = await shopper.postJson("/cart/add.js", { id: shop.variant("gift-bag", 1) });
    expect(second.status).toBe(422);
    expect((await json(second)).description).toBe("You can only choose a maximum of 1 gift");
    await addSerum(2);
    expect((await shopper.postJson("/cart/add.js", { id: shop.variant("gift-bag", 1) })).status).toBe(200);
    const third = await shopper.postJson("/cart/add.js", { id: shop.variant("gift-mist"), properties: { Note: "again" } });
    expect((await json(third)).description).toBe("You can only choose a maximum of 2 gifts");
  });

  it("takes the gift away when the cart drops below the threshold, and the first added when the limit falls", async () => {
    await addSerum(4);
    await shopper.postJson("/cart/add.js", { id: shop.variant("gift-mist") });
    await shopper.postJson("/cart/add.js", { id: shop.variant("gift-bag", 1) });
    let cart = await json(await shopper.get("/cart.js"));
    expect(cart.items.map((item: { handle: string }) => item.handle)).toEqual(["gift-bag", "gift-mist", "sized-serum"]);
    const serumKey = cart.items[2].key;
    cart = await json(await shopper.postJson("/cart/change.js", { id: serumKey, quantity: 3 }));
    expect(cart.items.map((item: { handle: string }) => item.handle)).toEqual(["gift-bag", "sized-serum"]);
    cart = await json(await shopper.postJson("/cart/change.js", { id: serumKey, quantity: 1 }));
    expect(cart.items.map((item: { handle: string }) => item.handle)).toEqual(["sized-serum"]);
  });

  it("keeps a gift line at one item", async () => {
    await addSerum(2);
    const gift = await json(await shopper.postJson("/cart/add.js", { id: shop.variant("gift-mist") }));
    const cart = await json(await shopper.postJson("/cart/change.js", { id: gift.key, quantity: 5 }));
    expect(cart.items.find((item: { key: string }) => item.key === gift.key).quantity).toBe(1);
  });

  it("refuses gifts of a group outside its time window until the window opens", async () => {
    await addSerum(1);
    const early = await shopper.postJson("/cart/add.js", { id: shop.variant("stray-gift") });
    expect(early.status).toBe(422);
    clock = NOW + 3700 * 1000;
    expect((await shopper.postJson("/cart/add.js", { id: shop.variant("stray-gift") })).status).toBe(200);
    clock = NOW + 8000 * 1000;
    const after = await json(await shopper.postJson("/cart/update.js", { note: "window closed" }));
    expect(after.items.map((item: { handle: string }) => item.handle)).toEqual(["sized-serum"]);
  });

  it("does not let a posted gift marker make a paid product free", async () => {
    const line = await json(await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), properties: { "_is-free-gift-item": "true", "_gift-group": "choose" } }));
    expect(line.final_line_price).toBe(1200);
    const cart = await json(await shopper.get("/cart.js"));
    expect(cart.total_price).toBe(1200);
  });

  it("holds a product limited to one at one item", async () => {
    const line = await json(await shopper.postJson("/cart/add.js", { id: shop.variant("limited-edition-oil"), quantity: 3 }));
    expect(line.quantity).toBe(1);
  });
});
