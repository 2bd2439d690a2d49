/**
 * Discount codes are priced on every cart answer from the merchant's
 * definitions: a code that does not apply is reported, never an error. The
 * discount link applies a code and only ever redirects within the shop.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseGiftGroup } from "../../src/core/settings/settings.ts";
import { DISCOUNT_COOKIE, VIEWER_COOKIE } from "../../src/platform/http/cookies.ts";
import { fixtureCatalog } from "./fixture-catalog.ts";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

const NOW = Date.UTC(2026, 10, 21, 12);
let clock = NOW;

/** A gift that has a price of its own, so being free shows as a discount. */
const pricedGift = {
  ...fixtureCatalog.products.find((product) => product.handle === "gift-mist")!,
  handle: "priced-gift",
  title: "Priced Gift",
  variants: [{ options: [], sku: "GIFT-PRICED", price: 900, grams: 50, inventoryManagement: null, inventoryPolicy: "deny" as const, inventoryQuantity: 0 }],
};

/** A gift card: money in another form, so no code, minimum or threshold counts it. */
const giftCard = {
  ...fixtureCatalog.products.find((product) => product.handle === "plain-cleanser")!,
  handle: "gift-card",
  title: "Gift Card",
  productType: "Gift Card",
  collections: [],
  variants: [{ options: [], sku: "CARD-50", price: 5000, grams: 0, inventoryManagement: null, inventoryPolicy: "deny" as const, inventoryQuantity: 0 }],
};

const giftGroup = parseGiftGroup({
  key: "priced",
  enabled: true,
  products: [{ handle: "priced-gift", sku: "", min_spend: "10", max_spend: null, auto_add: false }],
  choice_thresholds: ["10-MAX:1---Free gift---Gift"],
  limit_to_collections: [],
  startTimestamp: null,
  endTimestamp: null,
  progress_title: "Gift",
  threshold_under_text: "Spend [amount] more",
  threshold_over_text: "Unlocked",
  icon_type: "gift",
  icon_title: "Gift",
  show_product_picker: true,
});

let shop: TestShop;
let shopper: Shopper;
const json = async (response: Response) => (await response.json()) as Record<string, any>;

beforeAll(async () => {
  shop = await openTestShop({
    catalog: { ...fixtureCatalog, products: [...fixtureCatalog.products, pricedGift, giftCard] },
    settings: (settings) => void (settings.sideCart.freeGiftsData = [giftGroup]),
    now: () => clock,
  });
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(() => {
  clock = NOW;
  shopper = new Shopper(shop.app);
});

const addCleanser = (quantity: number) => shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity });
const applyCodes = async (discount: string) => {
  const response = await shopper.postJson("/cart/update.js", { discount });
  expect(response.status).toBe(200);
  return json(response);
};

describe("discount codes on the cart", () => {
  it("applies a percentage code to the total, not to the lines, in Shopify's shape", async () => {
    await addCleanser(2);
    const cart = await applyCodes("glow10");
    expect(cart.discount_codes).toEqual([{ code: "glow10", applicable: true }]);
    expect(cart.cart_level_discount_applications).toEqual([
      {
        type: "discount_code",
        key: "GLOW10",
        title: "GLOW10",
        description: "10% off",
        value: "10.0",
        created_at: expect.any(String),
        value_type: "percentage",
        allocation_method: "across",
        target_selection: "all",
        target_type: "line_item",
        total_allocated_amount: 240,
      },
    ]);
    expect(cart).toMatchObject({ original_total_price: 2400, items_subtotal_price: 2400, total_price: 2160, total_discount: 240, warnings: [] });
    expect(cart.items[0]).toMatchObject({ line_price: 2400, final_line_price: 2400, total_discount: 0, line_level_discount_allocations: [] });
    expect(await json(await shopper.get("/cart.js"))).toEqual(cart);
  });

  it("reports expired, not yet started, switched-off and unknown codes as not applicable, never as errors", async () => {
    await addCleanser(2);
    const cart = await applyCodes("SPRING20,LATER10,PAUSED5,NOPE");
    expect(cart.discount_codes).toEqual([
      { code: "SPRING20", applicable: false, reason: { kind: "ended" } },
      { code: "LATER10", applicable: false, reason: { kind: "not_started" } },
      { code: "PAUSED5", applicable: false, reason: { kind: "unknown" } },
      { code: "NOPE", applicable: false, reason: { kind: "unknown" } },
    ]);
    expect(cart.cart_level_discount_applications).toEqual([]);
    expect(cart).toMatchObject({ total_price: 2400, total_discount: 0 });
  });

  it("applies a code inside its dates only", async () => {
    await addCleanser(1);
    clock = Date.UTC(2025, 3, 15);
    expect((await applyCodes("SPRING20")).discount_codes).toEqual([{ code: "SPRING20", applicable: true }]);
    clock = Date.UTC(2025, 5, 1);
    expect((await json(await shopper.get("/cart.js"))).discount_codes).toEqual([{ code: "SPRING20", applicable: false, reason: { kind: "ended" } }]);
  });

  it("applies a fixed code from its minimum subtotal, and takes it away below it", async () => {
    await addCleanser(2);
    let cart = await applyCodes("WELCOME5");
    expect(cart.discount_codes).toEqual([{ code: "WELCOME5", applicable: false, reason: { kind: "minimum", minimum: 3000, shortfall: 600 } }]);
    expect(cart.total_price).toBe(2400);
    cart = await json(await addCleanser(1).then(() => shopper.get("/cart.js")));
    expect(cart.discount_codes).toEqual([{ code: "WELCOME5", applicable: true }]);
    expect(cart.cart_level_discount_applications[0]).toMatchObject({ value: "5.00", value_type: "fixed_amount", total_allocated_amount: 500 });
    expect(cart).toMatchObject({ original_total_price: 3600, total_price: 3100, total_discount: 500 });
    cart = await json(await shopper.postJson("/cart/change.js", { line: 1, quantity: 2 }));
    expect(cart.discount_codes).toEqual([{ code: "WELCOME5", applicable: false, reason: { kind: "minimum", minimum: 3000, shortfall: 600 } }]);
    expect(cart.total_price).toBe(2400);
  });

  it("applies BIG15 only from £100", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("low-stock-oil"), quantity: 3 });
    expect((await applyCodes("BIG15")).discount_codes).toEqual([{ code: "BIG15", applicable: false, reason: { kind: "minimum", minimum: 10000, shortfall: 10000 - 3 * 3000 } }]);
    await addCleanser(1);
    const cart = await json(await shopper.get("/cart.js"));
    expect(cart.discount_codes).toEqual([{ code: "BIG15", applicable: true }]);
    expect(cart).toMatchObject({ original_total_price: 10200, total_price: 8670, total_discount: 1530 });
  });

  it("never takes more than the cart costs", async () => {
    await addCleanser(1);
    const cart = await applyCodes("HUNDRED");
    expect(cart).toMatchObject({ total_price: 0, total_discount: 1200 });
    expect(cart.cart_level_discount_applications[0].total_allocated_amount).toBe(1200);
  });

  it("applies one code at a time: the one that saves most", async () => {
    await addCleanser(3);
    const cart = await applyCodes("GLOW10,WELCOME5");
    expect(cart.discount_codes).toEqual([
      { code: "GLOW10", applicable: false, reason: { kind: "not_best", best: "WELCOME5" } },
      { code: "WELCOME5", applicable: true },
    ]);
    expect(cart.total_price).toBe(3100);
    expect((await applyCodes("")).discount_codes).toEqual([]);
  });

  it("keeps a code on an empty cart, applicable once there is something to discount", async () => {
    expect((await applyCodes("GLOW10")).discount_codes).toEqual([{ code: "GLOW10", applicable: false, reason: { kind: "no_eligible_items" } }]);
    await addCleanser(1);
    expect((await json(await shopper.get("/cart.js"))).discount_codes).toEqual([{ code: "GLOW10", applicable: true }]);
  });

  it("gives a priced free gift a 100% line discount and leaves gifts and free lines out of codes", async () => {
    await addCleanser(1);
    await shopper.postJson("/cart/add.js", { id: shop.variant("free-sample") });
    const gift = await json(await shopper.postJson("/cart/add.js", { id: shop.variant("priced-gift") }));
    expect(gift.quantity).toBe(1);
    const cart = await applyCodes("GLOW10");
    const giftLine = cart.items.find((item: { handle: string }) => item.handle === "priced-gift");
    expect(giftLine).toMatchObject({
      price: 900,
      original_line_price: 900,
      line_price: 0,
      final_price: 0,
      final_line_price: 0,
      discounted_price: 0,
      total_discount: 900,
      discounts: [{ amount: 900, title: "Free gift" }],
      line_level_total_discount: 900,
    });
    expect(giftLine.line_level_discount_allocations[0]).toMatchObject({ amount: 900, discount_application: { type: "automatic", title: "Free gift", value_type: "percentage" } });
    expect(cart).toMatchObject({ original_total_price: 2100, items_subtotal_price: 1200, total_price: 1080, total_discount: 1020 });
    expect(cart.cart_level_discount_applications[0].total_allocated_amount).toBe(120);
  });

  it("puts the discount in the order's totals", async () => {
    await addCleanser(2);
    await applyCodes("GLOW10");
    const response = await shopper.postJson("/checkout.json", {
      email: "ada@example.com",
      first_name: "Ada",
      last_name: "Lovelace",
      address1: "12 St James's Square",
      city: "London",
      zip: "SW1Y 4JH",
      country: "GB",
    });
    expect(response.status).toBe(200);
    const { order } = await json(response);
    expect(order).toMatchObject({ subtotal_price: 2400, total_discount: 240, shipping_price: 395, total_price: 2555, discount_codes: ["GLOW10"] });
    expect((await json(await shopper.get(`/orders/${order.token}.json`))).order).toEqual(order);
  });
});

describe("GET /discount/{code}", () => {
  const location = (response: Response) => response.headers.get("location");

  it("applies the code to the shopper's cart, sets a readable cookie and redirects to the local path", async () => {
    await addCleanser(1);
    const response = await shopper.get("/discount/GLOW10?redirect=/collections/face");
    expect(response.status).toBe(302);
    expect(location(response)).toBe("/collections/face");
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${DISCOUNT_COOKIE}=`));
    expect(cookie).toMatch(/^discount_code=GLOW10;/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(cookie).not.toMatch(/Secure/i);
    const cart = await json(await shopper.get("/cart.js"));
    expect(cart.discount_codes).toEqual([{ code: "GLOW10", applicable: true }]);
    expect(cart.total_price).toBe(1080);
  });

  it("gives a new shopper a cart with the code, matched in any case and stored as given", async () => {
    const response = await shopper.get("/discount/glow10");
    expect(location(response)).toBe("/");
    expect(shopper.cartCookie).toMatch(/^cart=[a-f0-9]{32}\.[a-f0-9]{32}$/);
    await addCleanser(1);
    expect((await json(await shopper.get("/cart.js"))).discount_codes).toEqual([{ code: "glow10", applicable: true }]);
  });

  it("accepts return_to and carries the link's other parameters over", async () => {
    expect(location(await shopper.get("/discount/GLOW10?return_to=/cart&utm_source=mail"))).toBe("/cart?utm_source=mail");
    expect(location(await shopper.get("/discount/GLOW10?redirect=%2Fcollections%2Fface%3Fsort_by%3Dprice-ascending&ref=news"))).toBe(
      "/collections/face?sort_by=price-ascending&ref=news",
    );
  });

  it("never redirects off the shop", async () => {
    const attempts = [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/.//evil.example",
      "javascript:alert(1)",
      "evil.example",
      "",
    ];
    for (const target of attempts) {
      const response = await shopper.get(`/discount/GLOW10?redirect=${encodeURIComponent(target)}`);
      expect(response.status, target).toBe(302);
      expect(location(response), target).toBe("/");
    }
    expect(location(await shopper.get(`/discount/GLOW10?return_to=${encodeURIComponent("https://evil.example/x")}`))).toBe("/");
  });

  it("marks the cookie Secure over HTTPS, and believes X-Forwarded-Proto only from a trusted proxy", async () => {
    const secure = await shopper.get("https://shop.example/discount/GLOW10");
    expect(secure.headers.getSetCookie().find((value) => value.startsWith(`${DISCOUNT_COOKIE}=`))).toMatch(/Secure/);
    // This shop trusts no proxy (TRUST_PROXY is off): a client saying "https" over plain HTTP is not believed.
    const claimed = await shopper.get("/discount/GLOW10", { "x-forwarded-proto": "https" });
    expect(claimed.headers.getSetCookie().find((value) => value.startsWith(`${DISCOUNT_COOKIE}=`))).not.toMatch(/Secure/);
  });

  it("ignores a code that cannot be one, and still sends the shopper on", async () => {
    const response = await shopper.get(`/discount/${encodeURIComponent("A,B")}?redirect=/cart`);
    expect(location(response)).toBe("/cart");
    expect(response.headers.getSetCookie().some((value) => value.startsWith(`${DISCOUNT_COOKIE}=`))).toBe(false);
    expect((await json(await shopper.get("/cart.js"))).discount_codes).toEqual([]);
  });
});

describe("people viewing a product", () => {
  const viewerOf = (response: Response) => response.headers.getSetCookie().find((value) => value.startsWith(`${VIEWER_COOKIE}=`))?.split(";")[0] ?? "";
  const view = (handle: string, cookie = "", userAgent = "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0") =>
    shop.app.request(`/products/${handle}/viewers.json`, { method: "POST", headers: { cookie, "user-agent": userAgent } });
  const count = async (handle: string, query = "") => json(await shop.app.request(`/products/${handle}/viewers.json${query}`));

  it("counts distinct viewers in the window, each once however often they look", async () => {
    const first = await view("sized-serum");
    expect(first.status).toBe(200);
    const setCookie = first.headers.getSetCookie().find((value) => value.startsWith(`${VIEWER_COOKIE}=`));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const viewer = viewerOf(first);
    expect(viewer).toMatch(/^viewer=[a-f0-9]{32}$/);
    expect(await json(await view("sized-serum", viewer))).toEqual({ count: 1, minutes: 5 });
    expect(viewerOf(await view("sized-serum", viewer))).toBe("");
    await view("sized-serum");
    await view("sized-serum");
    await view("sized-serum", "", "Googlebot/2.1 (+http://www.google.com/bot.html)");
    await view("plain-cleanser", viewer);
    expect(await count("sized-serum")).toEqual({ count: 3, minutes: 5 });
    expect(await count("plain-cleanser")).toEqual({ count: 1, minutes: 5 });

    clock = NOW + 4 * 60_000;
    await view("sized-serum", viewer);
    clock = NOW + 6 * 60_000;
    expect(await count("sized-serum")).toEqual({ count: 1, minutes: 5 });
    expect(await count("sized-serum", "?minutes=10")).toEqual({ count: 3, minutes: 10 });
  });

  it("sweeps views older than the longest window", async () => {
    await view("low-stock-oil");
    clock = NOW + 61 * 60_000;
    await view("low-stock-oil");
    const [row] = await shop.db.query<{ count: number }>("select count(*)::int as count from product_views where seen_at < $1::timestamptz", [
      new Date(NOW + 60_000).toISOString(),
    ]);
    expect(row?.count).toBe(0);
    expect(await count("low-stock-oil", "?minutes=60")).toEqual({ count: 1, minutes: 60 });
  });

  it("counts no more new viewers from one address than its share, so dropping the cookie cannot inflate the count", async () => {
    const limited = await openTestShop({ newViewerLimit: { limit: 5, windowSeconds: 3600 } });
    try {
      const post = (cookie = "") => limited.app.request("/products/sized-serum/viewers.json", { method: "POST", headers: { cookie, "user-agent": "Mozilla/5.0 Chrome/130.0" } });
      const answers = [];
      for (let index = 0; index < 12; index += 1) answers.push(await post());
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      expect(await json(await limited.app.request("/products/sized-serum/viewers.json"))).toMatchObject({ count: 5 });
      // A viewer who kept their cookie is still counted.
      const kept = viewerOf(answers[11]!);
      expect(await json(await limited.app.request("/products/sized-serum/viewers.json", { method: "POST", headers: { cookie: kept, "user-agent": "Mozilla/5.0 Chrome/130.0" } }))).toMatchObject({ count: 6 });
    } finally {
      await limited.close();
    }
  });

  it("answers 404 for unknown and unpublished products", async () => {
    expect((await view("nope")).status).toBe(404);
    expect((await shop.app.request("/products/draft-cream/viewers.json")).status).toBe(404);
  });
});

describe("gift cards", () => {
  const addCard = () => shopper.postJson("/cart/add.js", { id: shop.variant("gift-card"), quantity: 1 });

  it("take no code discount and count toward no code minimum", async () => {
    await addCleanser(1);
    await addCard();
    let cart = await applyCodes("GLOW10");
    // 10% of the £12 cleanser only; the £50 card is charged in full.
    expect(cart.cart_level_discount_applications[0]).toMatchObject({ total_allocated_amount: 120 });
    expect(cart.total_price).toBe(1200 - 120 + 5000);
    await addCleanser(1);
    cart = await applyCodes("WELCOME5");
    // £24 of products and a £50 card: WELCOME5's £30 minimum is not reached.
    expect(cart.discount_codes).toEqual([{ code: "WELCOME5", applicable: false, reason: { kind: "minimum", minimum: 3000, shortfall: 600 } }]);
  });

  it("count toward neither free shipping nor a gift threshold", async () => {
    await addCard();
    const view = await json(await shopper.get("/cart.js?view=drawer"));
    expect(view.cart.total_price).toBe(5000);
    expect(view.shipping).toMatchObject({ shippingThresholdReached: false });
    // This card is posted, so it ships, at the standard price: £50 of card does not reach £40 of free shipping.
    expect(view.shipping.price).toBe(395);
    expect(view.gifts[0]).toMatchObject({ eligibleTotal: 0, enabled: false });
    const gift = await shopper.postJson("/cart/add.js", { id: shop.variant("priced-gift"), quantity: 1 });
    expect(gift.status).toBe(422);
  });
});
