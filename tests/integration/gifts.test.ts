/**
 * The server applies the gift rule inside every cart change: a gift joins the
 * cart only when the cart qualifies, holds one item, and leaves as soon as the
 * cart stops qualifying; automatic gifts join in the same change that earns
 * them, unless the shopper removed them by hand this session. Nobody gets a
 * gift by posting its variant id.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CartViewJson } from "../../src/core/cart/cart-view-json.ts";
import { AUTOMATIC_GIFT_PROPERTY, GIFT_GROUP_PROPERTY, GIFT_PROPERTY } from "../../src/core/cart/free-gifts.ts";
import { parseGiftGroup } from "../../src/core/settings/settings.ts";
import { bundleLines, catalogWithBundles } from "./bundle-fixtures.ts";
import { giftGroups } from "./gift-fixtures.ts";
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

const groups = [
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
].map(parseGiftGroup);

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

  it("adds a group's automatic gift only inside its time window, and takes it away after", async () => {
    await addSerum(1);
    const early = await shopper.postJson("/cart/add.js", { id: shop.variant("stray-gift") });
    expect(early.status).toBe(422);
    expect((await json(await shopper.get("/cart.js"))).items.map((item: { handle: string }) => item.handle)).toEqual(["sized-serum"]);
    clock = NOW + 3700 * 1000;
    // Any change once the window is open brings the automatic gift with it.
    const open = await json(await shopper.postJson("/cart/update.js", { note: "window open" }));
    expect(open.items.map((item: { handle: string }) => item.handle)).toEqual(["stray-gift", "sized-serum"]);
    expect(open.items[0]).toMatchObject({ quantity: 1, final_line_price: 0, properties: { [GIFT_PROPERTY]: "true", [AUTOMATIC_GIFT_PROPERTY]: "true", [GIFT_GROUP_PROPERTY]: "later" } });
    // It is already there, so asking for it again is past the group's limit.
    const again = await shopper.postJson("/cart/add.js", { id: shop.variant("stray-gift") });
    expect(again.status).toBe(422);
    expect((await json(again)).description).toBe("You can only choose a maximum of 1 gift");
    clock = NOW + 8000 * 1000;
    const after = await json(await shopper.postJson("/cart/update.js", { note: "window closed" }));
    expect(after.items.map((item: { handle: string }) => item.handle)).toEqual(["sized-serum"]);
  });

  it("does not let a posted gift marker make a paid product free", async () => {
    const line = await json(await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), properties: { "_is-free-gift-item": "true", "_gift-group": "choose" } }));
    expect(line).toMatchObject({ handle: "plain-cleanser", final_line_price: 1200 });
    expect(line.properties).not.toHaveProperty(GIFT_PROPERTY);
    const cart = await json(await shopper.get("/cart.js"));
    expect(cart.total_price).toBe(1200);
    expect(cart.items.map((item: { key: string }) => item.key)).toEqual([line.key]);
  });

  it("adds a paid product posted with a gift marker to its unmarked line, not beside it", async () => {
    const plain = await json(await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser") }));
    const marked = await json(await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), properties: { "_is-free-gift-item": "true" } }));
    expect(marked).toMatchObject({ key: plain.key, quantity: 2, final_line_price: 2400 });
    const cart = await json(await shopper.get("/cart.js"));
    expect(cart.items).toHaveLength(1);
    expect(cart.total_price).toBe(2400);
  });

  it("keeps line keys unique when a change posts a gift marker onto a paid line", async () => {
    const noted = await json(await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), properties: { Note: "a" } }));
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser") });
    const cart = await json(await shopper.postJson("/cart/change.js", { id: noted.key, properties: { "_is-free-gift-item": "true" } }));
    const keys = cart.items.map((item: { key: string }) => item.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(cart.total_price).toBe(2400);
    expect(cart.item_count).toBe(2);
  });

  it("holds a product limited to one at one item, and tells the shopper so on every way of asking for more", async () => {
    const said = { status: 422, description: "Limited Edition Oil is limited to one per order" };
    const first = await shopper.postJson("/cart/add.js", { id: shop.variant("limited-edition-oil"), quantity: 3 });
    expect(first.status).toBe(422);
    expect(await json(first)).toMatchObject(said);
    const again = await shopper.postJson("/cart/add.js", { id: shop.variant("limited-edition-oil") });
    expect(await json(again)).toMatchObject(said);
    const line = (await json(await shopper.get("/cart.js"))).items[0];
    expect(line).toMatchObject({ handle: "limited-edition-oil", quantity: 1 });
    const changed = await shopper.postJson("/cart/change.js", { id: line.key, quantity: 2 });
    expect(await json(changed)).toMatchObject(said);
    // Asking for one when one is held is no news.
    expect((await shopper.postJson("/cart/change.js", { id: line.key, quantity: 1 })).status).toBe(200);
    expect((await json(await shopper.get("/cart.js"))).items).toEqual([expect.objectContaining({ handle: "limited-edition-oil", quantity: 1 })]);
  });
});

describe("automatic gifts and gift spend, decided by the server in the change itself", () => {
  let autoShop: TestShop;
  let buyer: Shopper;
  const variant = (handle: string, index = 0) => autoShop.variant(handle, index);
  const handles = (cart: Record<string, any>) => cart.items.map((item: { handle: string }) => item.handle);

  beforeAll(async () => {
    autoShop = await openTestShop({ catalog: catalogWithBundles, settings: (settings) => void (settings.sideCart.freeGiftsData = giftGroups), now: () => NOW });
  });
  afterAll(async () => {
    await autoShop?.close();
  });
  beforeEach(() => {
    buyer = new Shopper(autoShop.app);
  });

  it("answers an add that crosses an automatic gift's threshold with a cart that already holds the gift", async () => {
    await buyer.postJson("/cart/add.js", { id: variant("sized-serum", 1) });
    expect(handles(await json(await buyer.get("/cart.js")))).toEqual(["sized-serum"]);
    // £25 → £50: past the mist's £30, in this one request.
    const view = (await json(await buyer.postJson("/cart/add.js?view=drawer", { id: variant("sized-serum", 1) }))) as CartViewJson;
    expect(view.cart.items.map((item) => item.handle)).toEqual(["gift-mist", "sized-serum"]);
    expect(view.cart.items[0]).toMatchObject({ quantity: 1, final_line_price: 0, properties: { [GIFT_PROPERTY]: "true", [AUTOMATIC_GIFT_PROPERTY]: "true", [GIFT_GROUP_PROPERTY]: "mist" } });
    expect(view.added?.map((item) => item.handle)).toEqual(["sized-serum"]);
    expect(view.messages.find((message) => message.key === "over-mist")?.text).toBe("Your free mist is in your bag");
    // Shopify's own answer to an add is the line added; the cart holds the gift as well.
    const line = await json(await buyer.postJson("/cart/add.js", { id: variant("plain-cleanser") }));
    expect(line.handle).toBe("plain-cleanser");
    expect(handles(await json(await buyer.get("/cart.js")))).toEqual(["plain-cleanser", "gift-mist", "sized-serum"]);
  });

  it("remembers with the cart a gift removed by hand: no later change, from any client, adds it back until the cart is emptied", async () => {
    await buyer.postJson("/cart/add.js", { id: variant("sized-serum", 1), quantity: 2 });
    let cart = await json(await buyer.get("/cart.js"));
    const mist = cart.items.find((item: { handle: string }) => item.handle === "gift-mist");
    expect(mist).toBeDefined();
    cart = await json(await buyer.postJson("/cart/change.js", { id: mist.key, quantity: 0 }));
    expect(handles(cart)).toEqual(["sized-serum"]);
    // A plain add from any script, a note, a form post: the mist stays out.
    await buyer.postJson("/cart/add.js", { id: variant("plain-cleanser") });
    await buyer.postJson("/cart/update.js", { note: "another script" });
    await buyer.postForm("/cart", `updates[${variant("plain-cleanser")}]=2`, { "sec-fetch-site": "same-origin", origin: "http://localhost" });
    cart = await json(await buyer.get("/cart.js"));
    expect(handles(cart)).toEqual(["plain-cleanser", "sized-serum"]);
    const view = (await json(await buyer.get("/cart.js?view=drawer"))) as CartViewJson;
    expect(view.messages.find((message) => message.key === "declined-mist")).toMatchObject({ text: "You've unlocked Free mist", addBack: { groupKey: "mist", handle: "gift-mist" } });
    expect(view.messages.some((message) => message.key === "over-mist")).toBe(false);
    // Chosen again by hand, it is the shopper's again.
    cart = await json(await buyer.postJson("/cart/add.js", { id: variant("gift-mist"), properties: { [GIFT_PROPERTY]: "true", [GIFT_GROUP_PROPERTY]: "mist" } }).then(() => buyer.get("/cart.js")));
    expect(handles(cart)).toContain("gift-mist");
    // An emptied cart starts afresh: earned again, the automatic gift comes by itself.
    await buyer.postJson("/cart/clear.js", {});
    cart = await json(await buyer.postJson("/cart/add.js", { id: variant("sized-serum", 1), quantity: 2 }).then(() => buyer.get("/cart.js")));
    expect(handles(cart)).toEqual(["gift-mist", "sized-serum"]);
  });

  it("never lets a gift product in through an update, a form or a change of properties unless the gift rule grants it", async () => {
    // A £16 cart earns no gift.
    await buyer.postJson("/cart/add.js", { id: variant("plain-cleanser") });
    const refused = await buyer.postJson("/cart/update.js", { updates: { [variant("gift-mist")]: 1, [variant("gift-bag", 1)]: 3 } });
    expect(refused.status).toBe(422);
    await buyer.postForm("/cart", `updates[${variant("gift-bag")}]=1`, { "sec-fetch-site": "same-origin", origin: "http://localhost" });
    await buyer.get(`/cart/add?id=${variant("gift-mist")}`);
    let cart = await json(await buyer.get("/cart.js"));
    expect(handles(cart)).toEqual(["plain-cleanser"]);
    expect(cart.total_price).toBeGreaterThan(0);
    // Earned, an update adds it as the gift it is: marked, one, and free.
    await buyer.postJson("/cart/update.js", { updates: { [variant("sized-serum", 1)]: 2 } });
    await buyer.postJson("/cart/change.js", { id: (await json(await buyer.get("/cart.js"))).items.find((item: { handle: string }) => item.handle === "gift-mist").key, quantity: 0 });
    cart = await json(await buyer.postJson("/cart/update.js", { updates: { [variant("gift-mist")]: 4 } }));
    const mist = cart.items.find((item: { handle: string }) => item.handle === "gift-mist");
    expect(mist).toMatchObject({ quantity: 1, final_line_price: 0, properties: { [GIFT_PROPERTY]: "true", [GIFT_GROUP_PROPERTY]: "mist" } });
    // Stripping its markers does not make it a free line outside the rule: it stays a gift, and leaves with the spend.
    cart = await json(await buyer.postJson("/cart/change.js", { id: mist.key, properties: {} }));
    expect(cart.items.find((item: { handle: string }) => item.handle === "gift-mist")?.properties).toMatchObject({ [GIFT_PROPERTY]: "true" });
    const serum = cart.items.find((item: { handle: string }) => item.handle === "sized-serum");
    cart = await json(await buyer.postJson("/cart/change.js", { id: serum.key, quantity: 0 }));
    expect(handles(cart)).toEqual(["plain-cleanser"]);
  });

  it("takes the automatic gift out in the same change that drops the cart below its threshold", async () => {
    await buyer.postJson("/cart/add.js", { id: variant("sized-serum", 1), quantity: 2 });
    let cart = await json(await buyer.get("/cart.js"));
    expect(handles(cart)).toEqual(["gift-mist", "sized-serum"]);
    const serum = cart.items.find((item: { handle: string }) => item.handle === "sized-serum");
    cart = await json(await buyer.postJson("/cart/change.js", { id: serum.key, quantity: 1 }));
    expect(handles(cart)).toEqual(["sized-serum"]);
    expect(cart.total_price).toBe(2500);
  });

  it("counts an automatic gift limited to body care on body products only, on a bar of its own", async () => {
    await buyer.postJson("/cart/add.js", { id: variant("sized-serum", 1), quantity: 4 });
    let view = (await json(await buyer.get("/cart.js?view=drawer"))) as CartViewJson;
    expect(view.cart.items.map((item) => item.handle)).not.toContain("stray-gift");
    expect(view.thresholds.map((track) => track.key)).toEqual(["cart", "body"]);
    expect(view.thresholds[1]?.entries).toEqual([expect.objectContaining({ groupKey: "body", threshold: 1000, reachedMin: false, isProgressActive: true, progressBarSegmentPct: 0, remaining: 1000 })]);
    view = (await json(await buyer.postJson("/cart/add.js?view=drawer", { id: variant("untracked-soap"), quantity: 2 }))) as CartViewJson;
    expect(view.cart.items.map((item) => item.handle)).toContain("stray-gift");
    expect(view.thresholds[1]?.entries[0]).toMatchObject({ reachedMin: true, progressBarSegmentPct: 100 });
  });

  // The reported case: a bundle of £66 charged £56.10 after its 15% must not
  // earn a gift from £65; gift spend is what the shopper pays for the lines.
  it("counts gift spend after bundle discounts: a bundle charged £56.10 of £66 does not earn the £65 gift", async () => {
    const trio = [{ handle: "plain-cleanser", quantity: 2 }, { handle: "sized-serum", quantity: 2 }, { handle: "untracked-soap", quantity: 2 }];
    expect((await buyer.postJson("/cart/add.js", { items: bundleLines(catalogWithBundles, "trio-set", trio) })).status).toBe(200);
    const cart = await json(await buyer.get("/cart.js"));
    expect(cart).toMatchObject({ original_total_price: 6600, total_price: 5610, total_discount: 990 });
    const refused = await buyer.postJson("/cart/add.js", { id: variant("gift-bag", 1) });
    expect(refused.status).toBe(422);
    expect(await json(refused)).toEqual({ status: 422, message: "Cart Error", description: "Your cart doesn't qualify for this free gift yet" });
    const view = (await json(await buyer.get("/cart.js?view=drawer"))) as CartViewJson;
    const choose = view.gifts.find((group) => group.key === "choose");
    expect(choose).toMatchObject({ enabled: false, eligibleTotal: 5610, threshold: null, limit: 0 });
    expect(view.thresholds[0]?.entries.find((entry) => entry.groupKey === "choose" && entry.threshold === 6500)).toMatchObject({ reachedMin: false, isProgressActive: true, remaining: 890 });
    // The same products at full price do earn it.
    const fullPrice = new Shopper(autoShop.app);
    await fullPrice.postJson("/cart/add.js", { items: trio.map((item) => ({ id: variant(item.handle), quantity: item.quantity })) });
    expect((await fullPrice.postJson("/cart/add.js", { id: variant("gift-bag", 1) })).status).toBe(200);
  });
});
