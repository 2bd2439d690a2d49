/**
 * `?view=drawer` on any cart call answers the whole cart view (the cart, each
 * line's display by key, gifts, threshold bars and their sentences, shipping
 * with its price, upsells) instead of Shopify's shape, so the side cart is
 * drawn from the change's own answer. A refused change answers the error and
 * the view of the cart as it now is.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CartViewJson } from "../../src/core/cart/cart-view-json.ts";
import { catalogWithBundles } from "./bundle-fixtures.ts";
import { giftGroups } from "./gift-fixtures.ts";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

const NOW = Date.UTC(2026, 10, 21, 12);

let shop: TestShop;
let shopper: Shopper;
const json = async (response: Response) => (await response.json()) as Record<string, any>;
const view = async (response: Response) => (await response.json()) as CartViewJson;

const VIEW_KEYS = ["cart", "giftProducts", "gifts", "lines", "messages", "shipping", "thresholds", "upsells"];

beforeAll(async () => {
  shop = await openTestShop({ catalog: catalogWithBundles, settings: (settings) => void (settings.sideCart.freeGiftsData = giftGroups), now: () => NOW });
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(() => {
  shopper = new Shopper(shop.app);
});

/** The view answers the cart as `/cart.js` then reads it, and draws one line display per line. */
async function expectViewOfStoredCart(answer: CartViewJson) {
  expect(answer.cart).toEqual(await json(await shopper.get("/cart.js")));
  expect(Object.keys(answer.lines).sort()).toEqual(answer.cart.items.map((item) => item.key).sort());
}

describe("GET /cart.js?view=drawer", () => {
  it("answers the view of an empty cart", async () => {
    const answer = await view(await shopper.get("/cart.js?view=drawer"));
    expect(Object.keys(answer).sort()).toEqual(VIEW_KEYS);
    expect(answer.cart).toMatchObject({ item_count: 0, items: [], total_price: 0, requires_shipping: false });
    expect(answer.lines).toEqual({});
    expect(answer.gifts.map((group) => [group.key, group.enabled])).toEqual([
      ["mist", false],
      ["choose", false],
      ["body", false],
    ]);
    expect(Object.keys(answer.giftProducts).sort()).toEqual(["gift-bag", "gift-mist", "stray-gift"]);
    expect(answer.giftProducts["gift-bag"]).toMatchObject({ handle: "gift-bag", title: "Gift Bag", available: true });
    // Nothing to ship, nothing charged for shipping.
    expect(answer.shipping).toEqual({ shippingThresholdReached: false, shippingNotice: "You're £40.00 away from free shipping", price: 0 });
    expect(answer.upsells).toEqual([]);
    await expectViewOfStoredCart(answer);
  });

  it("answers lines keyed by line key, bars, sentences, shipping with its price, and upsells", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("sized-serum", 1) });
    const answer = await view(await shopper.get("/cart.js?view=drawer"));
    await expectViewOfStoredCart(answer);
    const [serum] = answer.cart.items;
    expect(answer.lines[serum!.key]).toMatchObject({
      link: `/products/sized-serum?variant=${shop.variant("sized-serum", 1)}`,
      isGift: false,
      isBundle: false,
      showQuantityControls: true,
      free: false,
      saving: 500,
      contents: [],
    });
    expect(answer.thresholds.map((track) => [track.key, track.label])).toEqual([
      ["cart", "Rewards"],
      ["body", "Free body gift"],
    ]);
    expect(answer.thresholds[0]?.entries.map((entry) => [entry.groupKey ?? entry.type, entry.threshold, entry.reachedMin, entry.isProgressActive])).toEqual([
      ["mist", 3000, false, true],
      ["shipping", 4000, false, false],
      ["choose", 6500, false, false],
      ["choose", 10000, false, false],
    ]);
    expect(answer.messages.map((message) => message.text)).toEqual(["You're £15.00 away from free shipping", "Spend £5.00 more for a free mist"]);
    expect(answer.shipping).toEqual({ shippingThresholdReached: false, shippingNotice: "You're £15.00 away from free shipping", price: 395 });
    expect(answer.upsells.length).toBeGreaterThan(0);
    for (const offer of answer.upsells) {
      expect(offer).toEqual({ handle: expect.any(String), variantId: expect.any(Number), title: expect.any(String), price: expect.any(Number), image: expect.anything(), tag: null, added: false });
      expect(offer.handle).not.toBe("sized-serum");
    }
  });

  it("keeps Shopify's shape without the view query", async () => {
    const line = await json(await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser") }));
    expect(line).toMatchObject({ handle: "plain-cleanser", quantity: 1 });
    expect(line).not.toHaveProperty("cart");
    const cart = await json(await shopper.postJson("/cart/change.js", { id: line.key, quantity: 2 }));
    expect(cart).toMatchObject({ item_count: 2 });
    expect(cart).not.toHaveProperty("lines");
  });
});

describe("cart changes with ?view=drawer", () => {
  it("answers an add with the view and the lines it added", async () => {
    const response = await shopper.postJson("/cart/add.js?view=drawer", { id: shop.variant("sized-serum", 1), quantity: 2 });
    expect(response.status).toBe(200);
    const answer = await view(response);
    expect(Object.keys(answer).sort()).toEqual([...VIEW_KEYS, "added"].sort());
    await expectViewOfStoredCart(answer);
    expect(answer.added?.map((item) => [item.handle, item.quantity])).toEqual([["sized-serum", 2]]);
    // £50 earned the automatic mist in the same change; its line shows as a gift.
    const mist = answer.cart.items.find((item) => item.handle === "gift-mist");
    expect(mist).toBeDefined();
    expect(answer.lines[mist!.key]).toMatchObject({ isGift: true, link: null, limitedToOne: true, showQuantityControls: false, free: true });
    expect(answer.shipping).toMatchObject({ shippingThresholdReached: true, price: 0 });
  });

  it("sets cart attributes sent with an add", async () => {
    const answer = await view(await shopper.postJson("/cart/add.js?view=drawer", { id: shop.variant("plain-cleanser"), attributes: { added_at: "2026-11-21T12:00:00Z" } }));
    expect(answer.cart.attributes).toEqual({ added_at: "2026-11-21T12:00:00Z" });
    expect((await json(await shopper.get("/cart.js"))).attributes).toEqual({ added_at: "2026-11-21T12:00:00Z" });
  });

  it("answers a change, an update and a clear with the view", async () => {
    const added = await view(await shopper.postJson("/cart/add.js?view=drawer", { items: [{ id: shop.variant("plain-cleanser"), quantity: 1 }, { id: shop.variant("untracked-soap"), quantity: 1 }] }));
    const soap = added.cart.items.find((item) => item.handle === "untracked-soap")!;
    let answer = await view(await shopper.postJson("/cart/change.js?view=drawer", { id: soap.key, quantity: 2 }));
    await expectViewOfStoredCart(answer);
    // £12 of body care: the body gift joined, on its own bar.
    expect(answer.cart.items.map((item) => item.handle).sort()).toEqual(["plain-cleanser", "stray-gift", "untracked-soap"]);
    expect(answer.thresholds.find((track) => track.key === "body")?.entries[0]).toMatchObject({ reachedMin: true, progressBarSegmentPct: 100 });
    expect(answer.messages.find((message) => message.key === "over-body")?.text).toBe("Your free body gift is in your bag");
    answer = await view(await shopper.postJson("/cart/update.js?view=drawer", { updates: { [soap.key]: 1 }, note: "gift wrap" }));
    await expectViewOfStoredCart(answer);
    expect(answer.cart.note).toBe("gift wrap");
    expect(answer.cart.items.map((item) => item.handle).sort()).toEqual(["plain-cleanser", "untracked-soap"]);
    answer = await view(await shopper.postJson("/cart/clear.js?view=drawer", {}));
    await expectViewOfStoredCart(answer);
    expect(answer.cart.items).toEqual([]);
  });

  it("answers a change refused in part with the error and the view of what was saved", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser") });
    const response = await shopper.postJson("/cart/add.js?view=drawer", { id: shop.variant("low-stock-oil"), quantity: 5 });
    expect(response.status).toBe(422);
    const body = await json(response);
    expect(body).toMatchObject({ status: 422, message: "Only 3 items were added to your cart due to availability.", description: "Only 3 items were added to your cart due to availability." });
    const answer = body.view as CartViewJson;
    await expectViewOfStoredCart(answer);
    expect(answer.cart.items.find((item) => item.handle === "low-stock-oil")?.quantity).toBe(3);
  });

  it("answers a refused change with the error and the view of the cart as it was", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser") });
    const before = await json(await shopper.get("/cart.js"));
    const giftRefused = await shopper.postJson("/cart/add.js?view=drawer", { id: shop.variant("gift-bag", 1) });
    expect(giftRefused.status).toBe(422);
    const giftBody = await json(giftRefused);
    expect(giftBody).toMatchObject({ status: 422, message: "Cart Error", description: "Your cart doesn't qualify for this free gift yet" });
    expect((giftBody.view as CartViewJson).cart).toEqual(before);
    const soldOut = await shopper.postJson("/cart/add.js?view=drawer", { id: shop.variant("sold-out-balm") });
    expect(soldOut.status).toBe(422);
    const soldOutBody = await json(soldOut);
    expect(soldOutBody.description).toBe("The product 'Sold Out Balm' is already sold out.");
    expect((soldOutBody.view as CartViewJson).cart).toEqual(before);
    const noLine = await shopper.postJson("/cart/change.js?view=drawer", { line: 9, quantity: 1 });
    expect(noLine.status).toBe(400);
    const noLineBody = await json(noLine);
    expect(noLineBody).toMatchObject({ status: "bad_request", description: "no valid id or line parameter" });
    expect(Object.keys(noLineBody.view as CartViewJson).sort()).toEqual(VIEW_KEYS);
    // Without the view query the refusal is Shopify's error alone.
    expect(await json(await shopper.postJson("/cart/add.js", { id: shop.variant("sold-out-balm") }))).toEqual({
      status: 422,
      message: "Cart Error",
      description: "The product 'Sold Out Balm' is already sold out.",
    });
  });
});
