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

const json = async (response: Response) => (await response.json()) as Record<string, any>;

describe("the cart cookie", () => {
  const chosen = "deadbeef".repeat(4);
  const cartWith = async (cookie: string) => {
    const response = await shop.app.request("/cart/add.js", { method: "POST", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify({ id: shop.variant("plain-cleanser"), quantity: 1 }) });
    return { status: response.status, setCookie: response.headers.getSetCookie().find((value) => value.startsWith("cart=")), cart: await json(await shop.app.request("/cart.js", { headers: { cookie } })) };
  };

  it("carries a token the shop made and signed", async () => {
    const response = await new Shopper(shop.app).get("/cart.js");
    const value = /^cart=([^;]+)/.exec(response.headers.getSetCookie().find((cookie) => cookie.startsWith("cart=")) ?? "")?.[1] ?? "";
    expect(value).toMatch(/^[a-f0-9]{32}\.[a-f0-9]{32}$/);
    expect(value.split(".")[0]).toBe((await json(response)).token);
  });

  it("never takes a token the client chose, unsigned or with a forged signature: the shop makes a new one", async () => {
    for (const cookie of [`cart=${chosen}`, `cart=${chosen}.${"0".repeat(32)}`, `cart=${chosen}.`, "cart=..."]) {
      const { status, setCookie } = await cartWith(cookie);
      expect(status).toBe(200);
      expect(setCookie).toBeDefined();
      expect(setCookie).not.toContain(chosen);
    }
    expect(await shop.db.query("select token from carts where token = $1", [chosen])).toEqual([]);
  });

  it("keeps a signed cart across requests", async () => {
    const someone = new Shopper(shop.app);
    await someone.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 2 });
    expect((await json(await someone.get("/cart.js"))).item_count).toBe(2);
  });
});

describe("new carts per address", () => {
  it("refuses the address's next new cart once it has started its share, and never holds back a shopper with a cart", async () => {
    const limited = await openTestShop({ newCartLimit: { limit: 3, windowSeconds: 3600 } });
    try {
      const add = (someone: Shopper) => someone.postJson("/cart/add.js", { id: limited.variant("plain-cleanser"), quantity: 1 });
      const shoppers = [new Shopper(limited.app), new Shopper(limited.app), new Shopper(limited.app)];
      for (const someone of shoppers) expect((await add(someone)).status).toBe(200);
      const fourth = new Shopper(limited.app);
      const refused = await add(fourth);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await refused.json()).toEqual({ status: 429, message: "Too Many Requests", description: "Too many new carts from this address. Please try again later." });
      // A plain form post gets a page, not JSON.
      const form = await limited.app.request("/cart/add", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `id=${limited.variant("plain-cleanser")}` });
      expect(form.status).toBe(429);
      expect(form.headers.get("content-type")).toContain("text/html");
      // Reading a cart starts nothing and is not counted; shoppers who have a cart carry on.
      expect((await fourth.get("/cart.js")).status).toBe(200);
      expect((await add(shoppers[0]!)).status).toBe(200);
      expect((await json(await shoppers[0]!.get("/cart.js"))).item_count).toBe(2);
    } finally {
      await limited.close();
    }
  });
});

describe("GET /cart.js", () => {
  it("answers an empty cart in Shopify's shape and sets an HttpOnly SameSite cart cookie", async () => {
    const response = await shopper.get("/cart.js");
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith("cart="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const cart = await json(response);
    expect(Object.keys(cart)).toEqual([
      "token",
      "note",
      "attributes",
      "original_total_price",
      "total_price",
      "total_discount",
      "total_weight",
      "item_count",
      "items",
      "requires_shipping",
      "currency",
      "items_subtotal_price",
      "total_tax",
      "taxes_included",
      "cart_level_discount_applications",
      "discount_codes",
      "warnings",
    ]);
    expect(cart).toMatchObject({ note: null, attributes: {}, total_price: 0, item_count: 0, items: [], requires_shipping: false });
    expect(cart.token).toMatch(/^[a-f0-9]{32}$/);
  });

  it("answers the same cart at /cart.json and accepts a cache-busting query", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 2 });
    const viaJs = await json(await shopper.get(`/cart.js?v=${Math.random()}`));
    const viaJson = await json(await shopper.get(`/cart.json?v=${Date.now()}`));
    expect(viaJson).toEqual(viaJs);
    expect(viaJs.item_count).toBe(2);
  });
});

describe("POST /cart/add.js", () => {
  it("adds a single item and answers the line item at the top level", async () => {
    const id = shop.variant("sized-serum", 1);
    const response = await shopper.postJson(`/cart/add.js?v=${Math.random()}`, { id, quantity: 2, properties: { Engraving: "Hi" } });
    expect(response.status).toBe(200);
    const item = await json(response);
    expect(item.status).toBeUndefined();
    expect(item).toMatchObject({
      id,
      variant_id: id,
      quantity: 2,
      title: "Sized Serum - 30 ml",
      price: 2500,
      line_price: 5000,
      original_line_price: 5000,
      final_line_price: 5000,
      properties: { Engraving: "Hi" },
      handle: "sized-serum",
      url: `/products/sized-serum?variant=${id}`,
      variant_title: "30 ml",
      variant_options: ["30 ml"],
      options_with_values: [{ name: "Size", value: "30 ml" }],
      product_has_only_default_variant: false,
      sku: "SER-30",
      grams: 100,
      vendor: "Test Botanics",
      gift_card: false,
      requires_shipping: true,
      has_components: false,
    });
    expect(item.key).toMatch(new RegExp(`^${id}:[a-f0-9]{32}$`));
    expect(item.featured_image).toMatchObject({ url: "/images/products/sized-serum-1.png", width: 1280, height: 1280, aspect_ratio: 1 });
  });

  it("merges the same variant with the same properties and keeps different properties apart, newest first", async () => {
    const id = shop.variant("plain-cleanser");
    const first = await json(await shopper.postJson("/cart/add.js", { id, quantity: 1 }));
    const again = await json(await shopper.postJson("/cart/add.js", { id, quantity: 2 }));
    expect(again.key).toBe(first.key);
    expect(again.quantity).toBe(3);
    const gift = await json(await shopper.postJson("/cart/add.js", { id, quantity: 1, properties: { "Gift note": "For you" } }));
    expect(gift.key).not.toBe(first.key);
    const cart = await json(await shopper.get("/cart.js"));
    expect(cart.items.map((item: { key: string }) => item.key)).toEqual([gift.key, first.key]);
    expect(cart.item_count).toBe(4);
    expect(cart.total_price).toBe(4800);
    expect(cart.total_weight).toBe(400);
  });

  it("adds several items with {items: [...]} and answers {items}", async () => {
    const response = await shopper.postJson("/cart/add.js", {
      items: [
        { id: shop.variant("plain-cleanser"), quantity: 1 },
        { id: String(shop.variant("sized-serum")), quantity: "2", properties: { _source: "test" } },
      ],
    });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.items).toHaveLength(2);
    expect(body.items[1]).toMatchObject({ quantity: 2, properties: { _source: "test" } });
  });

  it("reads urlencoded bodies with bracketed properties and items", async () => {
    const id = shop.variant("plain-cleanser");
    const single = await shopper.postForm("/cart/add.js", `id=${id}&quantity=2&properties%5BNote%5D=Hello&form_type=product&utf8=%E2%9C%93`);
    expect(await json(single)).toMatchObject({ quantity: 2, properties: { Note: "Hello" } });
    const many = await shopper.postForm(
      "/cart/add.js",
      `items[][id]=${id}&items[][quantity]=1&items[][id]=${shop.variant("untracked-soap")}&items[][quantity]=4`,
    );
    const body = await json(many);
    // The first add carried a property, so the bare cleanser is a line of its own.
    expect(body.items.map((item: { quantity: number }) => item.quantity)).toEqual([1, 4]);
  });

  it("reads multipart form bodies", async () => {
    const form = new FormData();
    form.set("id", String(shop.variant("plain-cleanser")));
    form.set("quantity", "3");
    form.set("properties[Colour]", "Green");
    form.set("sections", "cart-drawer,cart-icon-bubble");
    const response = await shopper.request("/cart/add.js", { method: "POST", body: form });
    expect(await json(response)).toMatchObject({ quantity: 3, properties: { Colour: "Green" } });
  });

  it("accepts Shopify's odd `application/json;` content type and posts to /cart/add with an Accept header", async () => {
    const response = await shopper.request("/cart/add", {
      method: "POST",
      headers: { "content-type": "application/json;", accept: "application/javascript", "x-requested-with": "XMLHttpRequest" },
      body: JSON.stringify({ id: shop.variant("plain-cleanser") }),
    });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ quantity: 1 });
  });

  it("answers 404 Cannot find variant for an unknown or unpublished variant, and adds nothing", async () => {
    for (const id of [999, shop.variant("draft-cream")]) {
      const response = await shopper.postJson("/cart/add.js", { id, quantity: 1 });
      expect(response.status).toBe(404);
      expect(await json(response)).toEqual({ status: 404, message: "Cart Error", description: "Cannot find variant" });
    }
    expect((await json(await shopper.get("/cart.js"))).item_count).toBe(0);
  });

  it("refuses a sold-out variant with 422 and the product's name", async () => {
    const response = await shopper.postJson("/cart/add.js", { id: shop.variant("sold-out-balm"), quantity: 1 });
    expect(response.status).toBe(422);
    expect(await json(response)).toEqual({
      status: 422,
      message: "Cart Error",
      description: "The product 'Sold Out Balm' is already sold out.",
    });
  });

  it("adds only what is in stock and says so, then refuses more", async () => {
    const id = shop.variant("low-stock-oil");
    const partial = await shopper.postJson("/cart/add.js", { id, quantity: 5 });
    expect(partial.status).toBe(422);
    expect(await json(partial)).toEqual({
      status: 422,
      message: "Only 3 items were added to your cart due to availability.",
      description: "Only 3 items were added to your cart due to availability.",
    });
    expect((await json(await shopper.get("/cart.js"))).items[0].quantity).toBe(3);
    const more = await shopper.postJson("/cart/add.js", { id, quantity: 1 });
    expect(more.status).toBe(422);
    expect((await json(more)).description).toBe("The maximum quantity of this item is already in your cart.");
  });

  it("lets pre-order (continue policy) and untracked variants be added beyond stock", async () => {
    expect((await shopper.postJson("/cart/add.js", { id: shop.variant("preorder-mask"), quantity: 7 })).status).toBe(200);
    expect((await shopper.postJson("/cart/add.js", { id: shop.variant("untracked-soap"), quantity: 40 })).status).toBe(200);
  });

  it("answers 400 for a quantity that is not an integer", async () => {
    const response = await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: "two" });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({
      status: "bad_request",
      message: "expected String to be a Integer: quantity",
      description: "expected String to be a Integer: quantity",
    });
  });

  it("answers 400 for malformed JSON and 413 for an oversized body", async () => {
    const malformed = await shopper.request("/cart/add.js", { method: "POST", headers: { "content-type": "application/json" }, body: "{nope" });
    expect(malformed.status).toBe(400);
    expect((await json(malformed)).status).toBe("bad_request");
    const huge = await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), properties: { Note: "x".repeat(300_000) } });
    expect(huge.status).toBe(413);
    expect((await json(huge)).status).toBe(413);
  });

  it("redirects a plain form post to the cart, or to a local return_to, never off-site", async () => {
    const id = shop.variant("plain-cleanser");
    const plain = await shopper.postForm("/cart/add", `id=${id}&quantity=1`);
    expect(plain.status).toBe(302);
    expect(plain.headers.get("location")).toBe("/cart");
    const local = await shopper.postForm("/cart/add", `id=${id}&return_to=${encodeURIComponent("/collections/face")}`);
    expect(local.headers.get("location")).toBe("/collections/face");
    for (const target of ["https://evil.example/", "//evil.example/", "/\\evil.example", "/\t/evil.example", "/.//evil.example", "/%2e//evil.example"]) {
      const offsite = await shopper.postForm("/cart/add", `id=${id}&return_to=${encodeURIComponent(target)}`);
      expect(offsite.headers.get("location")).toBe("/cart");
    }
    const failed = await shopper.postForm("/cart/add", `id=${shop.variant("sold-out-balm")}`);
    expect(failed.status).toBe(303);
    expect(failed.headers.get("location")).toMatch(/^\/cart\?cart_error=/);
  });
});

describe("POST /cart/change.js", () => {
  beforeEach(async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 1 });
    await shopper.postJson("/cart/add.js", { id: shop.variant("sized-serum"), quantity: 2 });
  });

  it("changes a line by key, by variant id and by 1-based line (even as a string)", async () => {
    const cart = await json(await shopper.get("/cart.js"));
    const serumKey = cart.items[0].key;
    let changed = await json(await shopper.postJson("/cart/change.js", { id: serumKey, quantity: 5 }));
    expect(changed.items[0].quantity).toBe(5);
    changed = await json(await shopper.postJson("/cart/change.js", { id: shop.variant("plain-cleanser"), quantity: 4 }));
    expect(changed.items[1].quantity).toBe(4);
    changed = await json(await shopper.postJson("/cart/change.js", { line: "1", quantity: 1 }));
    expect(changed.items[0].quantity).toBe(1);
    expect(changed.item_count).toBe(5);
  });

  it("removes a line at quantity 0", async () => {
    const changed = await json(await shopper.postJson("/cart/change.js", { line: 2, quantity: 0 }));
    expect(changed.items).toHaveLength(1);
    expect(changed.items[0].handle).toBe("sized-serum");
  });

  it("replaces properties, which gives the line a new key", async () => {
    const before = await json(await shopper.get("/cart.js"));
    const after = await json(await shopper.postJson("/cart/change.js", { line: 1, properties: { Note: "gift" } }));
    expect(after.items[0].properties).toEqual({ Note: "gift" });
    expect(after.items[0].key).not.toBe(before.items[0].key);
    expect(after.items[0].quantity).toBe(2);
  });

  it("answers 400 bad_request for a line or id not in the cart, and 422 for a malformed line", async () => {
    for (const body of [{ line: 9, quantity: 1 }, { id: "123:abc", quantity: 1 }, { id: 42, quantity: 1 }, { quantity: 1 }]) {
      const response = await shopper.postJson("/cart/change.js", body);
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual({
        status: "bad_request",
        message: "no valid id or line parameter",
        description: "no valid id or line parameter",
      });
    }
    const malformed = await shopper.postJson("/cart/change.js", { line: "first", quantity: 1 });
    expect(malformed.status).toBe(422);
    expect(await json(malformed)).toEqual({
      status: "unprocessable_entity",
      message: "line parameter is invalid.",
      description: "line parameter is invalid.",
    });
  });

  it("clamps a change above stock to the stock and answers 422", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("low-stock-oil"), quantity: 1 });
    const response = await shopper.postJson("/cart/change.js", { id: shop.variant("low-stock-oil"), quantity: 10 });
    expect(response.status).toBe(422);
    expect((await json(response)).description).toBe("Only 2 items were added to your cart due to availability.");
    const cart = await json(await shopper.get("/cart.js"));
    expect(cart.items.find((item: { handle: string }) => item.handle === "low-stock-oil").quantity).toBe(3);
  });
});

describe("POST /cart/update.js", () => {
  it("sets quantities by variant id or key, adds a variant not yet in the cart, and removes at 0", async () => {
    const added = await json(await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 1 }));
    const soap = shop.variant("untracked-soap");
    const cart = await json(await shopper.postJson("/cart/update.js", { updates: { [added.key]: 3, [soap]: 2 } }));
    expect(cart.items.map((item: { handle: string; quantity: number }) => [item.handle, item.quantity])).toEqual([
      ["untracked-soap", 2],
      ["plain-cleanser", 3],
    ]);
    const removed = await json(await shopper.postForm("/cart/update.js", `updates%5B${soap}%5D=0`));
    expect(removed.items).toHaveLength(1);
  });

  it("takes an array of quantities in line order", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 1 });
    await shopper.postJson("/cart/add.js", { id: shop.variant("untracked-soap"), quantity: 1 });
    const cart = await json(await shopper.postForm("/cart/update.js", "updates[]=5&updates[]=0"));
    expect(cart.items.map((item: { handle: string; quantity: number }) => [item.handle, item.quantity])).toEqual([["untracked-soap", 5]]);
    const wrongLength = await shopper.postJson("/cart/update.js", { updates: [1, 2, 3] });
    expect(wrongLength.status).toBe(400);
  });

  it("merges attributes, hides private ones, removes blank ones and sets the note", async () => {
    await shopper.postJson("/cart/update.js", { attributes: { "Gift wrap": "Yes", __secret: "x", _time_today: 1700000000 }, note: "Hello!" });
    const cart = await json(await shopper.postForm("/cart/update.js", "attributes%5BGift%20wrap%5D=&attributes%5BColour%5D=Blue"));
    expect(cart.attributes).toEqual({ Colour: "Blue", _time_today: "1700000000" });
    expect(cart.note).toBe("Hello!");
  });

  it("answers 404 for an unknown variant and changes nothing", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 1 });
    const response = await shopper.postJson("/cart/update.js", { updates: { [shop.variant("plain-cleanser")]: 4, "12345": 1 } });
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ status: 404, message: "Cart Error", description: "Cannot find variant" });
    expect((await json(await shopper.get("/cart.js"))).item_count).toBe(1);
  });
});

describe("POST /cart/clear.js", () => {
  it("empties the lines and keeps the note and attributes, with or without a body", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 1 });
    await shopper.postJson("/cart/update.js", { note: "keep", attributes: { a: "b" } });
    const response = await shopper.request("/cart/clear.js", { method: "POST", headers: { "content-type": "application/json;" } });
    const cart = await json(response);
    expect(cart).toMatchObject({ items: [], item_count: 0, note: "keep", attributes: { a: "b" } });
    expect((await json(await shopper.request("/cart/clear.json", { method: "POST" }))).item_count).toBe(0);
  });
});

describe("concurrency", () => {
  it("50 concurrent adds to one cart give exactly the summed quantity", async () => {
    await shopper.get("/cart.js");
    const id = shop.variant("untracked-soap");
    const responses = await Promise.all(Array.from({ length: 50 }, () => shopper.postJson("/cart/add.js", { id, quantity: 1 })));
    expect(responses.every((response) => response.status === 200)).toBe(true);
    const cart = await json(await shopper.get("/cart.js"));
    expect(cart.items).toHaveLength(1);
    expect(cart.item_count).toBe(50);
  });

  it("concurrent adds of a low-stock variant never put more than the stock in a cart", async () => {
    await shopper.get("/cart.js");
    const id = shop.variant("low-stock-oil");
    const responses = await Promise.all(Array.from({ length: 10 }, () => shopper.postJson("/cart/add.js", { id, quantity: 1 })));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(3);
    expect((await json(await shopper.get("/cart.js"))).item_count).toBe(3);
  });
});

describe("bounds on what a cart takes", () => {
  it("refuses control characters in a note, an attribute or a property with Shopify's 400, and keeps the cart", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 1 });
    for (const [path, body] of [
      ["/cart/update.js", { note: "a\u0000b" }],
      ["/cart/update.js", { attributes: { Gift: "yes\u001b[31m" } }],
      ["/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 1, properties: { Engraving: "a\u0000b" } }],
    ] as const) {
      const response = await shopper.postJson(path, body);
      expect(response.status, path).toBe(400);
      expect(await json(response)).toMatchObject({ status: "bad_request" });
    }
    const form = await shopper.postForm("/cart/add.js", `id=${shop.variant("plain-cleanser")}&properties%5BNote%5D=a%00b`);
    expect(form.status).toBe(400);
    const cart = await json(await shopper.get("/cart.js"));
    expect(cart).toMatchObject({ item_count: 1, note: null });
    // Tabs and line breaks are ordinary text.
    expect((await shopper.postJson("/cart/update.js", { note: "Leave at\nthe door\t please" })).status).toBe(200);
  });

  it("refuses a note or attribute beyond Shopify's sizes", async () => {
    expect((await shopper.postJson("/cart/update.js", { note: "x".repeat(5001) })).status).toBe(400);
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, index) => [`a${index}`, "1"]));
    expect((await shopper.postJson("/cart/update.js", { attributes: many })).status).toBe(400);
    expect((await shopper.postJson("/cart/update.js", { note: "x".repeat(5000) })).status).toBe(200);
  });

  it("caps a line at one million on add and update as on change, with a 422 that changes nothing", async () => {
    const id = shop.variant("untracked-soap");
    await shopper.postJson("/cart/add.js", { id, quantity: 1 });
    for (const response of [
      await shopper.postJson("/cart/add.js", { id, quantity: 9007199254740991 }),
      await shopper.postJson("/cart/add.js", { id, quantity: 1_000_000 }),
      await shopper.postJson("/cart/update.js", { updates: { [shop.variant("preorder-mask")]: 1_000_001 } }),
    ]) {
      expect(response.status).toBe(422);
      expect((await json(response)).description).toBe("The quantity of a line cannot be more than 1000000.");
    }
    const cart = await json(await shopper.get("/cart.js"));
    expect(cart.item_count).toBe(1);
    expect(Number.isSafeInteger(cart.total_price)).toBe(true);
  });

  it("holds at most 500 lines", async () => {
    const id = shop.variant("untracked-soap");
    const items = Array.from({ length: 501 }, (_, index) => ({ id, quantity: 1, properties: { Line: String(index) } }));
    const refused = await shopper.postJson("/cart/add.js", { items });
    expect(refused.status).toBe(422);
    expect((await json(refused)).description).toBe("A cart can hold at most 500 lines.");
    expect((await json(await shopper.get("/cart.js"))).item_count).toBe(0);
    expect((await shopper.postJson("/cart/add.js", { items: items.slice(0, 500) })).status).toBe(200);
  });
});

describe("free samples", () => {
  const sample = () => shop.variant("free-sample");

  it("come only beside a product the shopper pays for", async () => {
    const alone = await shopper.postJson("/cart/add.js", { id: sample(), quantity: 1 });
    expect(alone.status).toBe(422);
    expect((await json(alone)).description).toBe("Free samples come with an order: add a product to your bag first.");
    expect((await json(await shopper.get("/cart.js"))).item_count).toBe(0);
    // Beside a paid product in the same add, it is welcome.
    const together = await shopper.postJson("/cart/add.js", { items: [{ id: sample(), quantity: 1 }, { id: shop.variant("plain-cleanser"), quantity: 1 }] });
    expect(together.status).toBe(200);
  });

  it("come one of each, and leave with the last paid product, so samples alone never reach checkout", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 1 });
    await shopper.postJson("/cart/add.js", { id: sample(), quantity: 400 });
    await shopper.postJson("/cart/add.js", { id: sample(), quantity: 400 });
    let cart = await json(await shopper.get("/cart.js"));
    expect(cart.items.find((item: { handle: string }) => item.handle === "free-sample")?.quantity).toBe(1);
    const cleanserKey = cart.items.find((item: { handle: string }) => item.handle === "plain-cleanser").key;
    cart = await json(await shopper.postJson("/cart/change.js", { id: cleanserKey, quantity: 0 }));
    expect(cart.items).toEqual([]);
    const checkout = await shopper.postJson("/checkout.json", {
      email: "ada@example.com", first_name: "Ada", last_name: "Lovelace", address1: "1 Road", city: "London", zip: "SW1Y 4JH", country: "GB",
    });
    expect(checkout.status).toBe(422);
  });
});

describe("abandoned carts", () => {
  it("go after 30 days untouched, or 24 hours when empty, and a change keeps a cart", async () => {
    const old = new Shopper(shop.app);
    await old.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 1 });
    const emptied = new Shopper(shop.app);
    await emptied.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 1 });
    await emptied.postJson("/cart/clear.js", {});
    const recent = new Shopper(shop.app);
    await recent.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 1 });
    const token = (someone: Shopper) => someone.cartToken;
    await shop.db.query("update carts set updated_at = now() - interval '31 days' where token = $1", [token(old)]);
    await shop.db.query("update carts set updated_at = now() - interval '25 hours' where token = $1", [token(emptied)]);
    await shop.db.query("update carts set updated_at = now() - interval '25 hours' where token = $1", [token(recent)]);

    expect(await shop.platform.carts.expireAbandoned()).toBeGreaterThanOrEqual(2);
    const left = await shop.db.query<{ token: string }>("select token from carts where token = any($1::text[])", [[token(old), token(emptied), token(recent)]]);
    expect(left.map((row) => row.token)).toEqual([token(recent)]);
    expect((await json(await old.get("/cart.js"))).item_count).toBe(0);
    expect((await json(await recent.get("/cart.js"))).item_count).toBe(1);
  });
});
