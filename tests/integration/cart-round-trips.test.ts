/**
 * A cart change costs one database round trip: the shop works the change
 * out from the cart and stock it last saw and writes it with one statement,
 * which takes the cart's row lock and writes only if neither moved. These
 * tests count the statements the platform sends, and check that a cart or
 * stock changed behind the server's back is never overwritten or oversold.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database, Queryable } from "../../src/platform/db/database.ts";
import { applyCart } from "../../src/platform/cart/cart-memory.ts";
import { type StoredCart, emptyCart } from "../../src/platform/cart/cart-model.ts";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

/** Every statement the platform sent, `begin` and `commit` standing for a transaction's own round trips. */
const sent: string[] = [];

function watched(q: Queryable): Queryable {
  return {
    query: (sql, params) => {
      sent.push(sql);
      return q.query(sql, params);
    },
    exec: (sql) => {
      sent.push(sql);
      return q.exec(sql);
    },
  };
}

function watchedDatabase(db: Database): Database {
  return {
    kind: db.kind,
    jobConnection: db.jobConnection,
    poolUse: () => db.poolUse(),
    ...watched(db),
    snapshot: (work) => db.snapshot((q) => work(watched(q))),
    transaction: async (work) => {
      sent.push("begin");
      try {
        return await db.transaction((tx) => work(watched(tx)));
      } finally {
        sent.push("commit");
      }
    },
    close: () => db.close(),
  };
}

/** The test shop checks the catalog's revision on every read (production: once a second); that check is not the cart's. */
const CATALOG_CHECK = /from catalog_meta/;

/** The round trips `action` made, apart from the catalog check. */
async function roundTrips(action: () => Promise<unknown>): Promise<string[]> {
  const start = sent.length;
  await action();
  return sent.slice(start).filter((sql) => !CATALOG_CHECK.test(sql));
}

let shop: TestShop;
let shopper: Shopper;

beforeAll(async () => {
  shop = await openTestShop({ wrapDatabase: watchedDatabase });
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(() => {
  shopper = new Shopper(shop.app);
});

const json = async (response: Response) => (await response.json()) as Record<string, any>;
const setStock = (id: number, quantity: number) => shop.db.query("update variants set inventory_quantity = $2 where id = $1", [id, quantity]);

describe("one round trip per cart change", () => {
  it("adds, changes, updates and clears a cart with one statement each, and no transaction", async () => {
    const cleanser = shop.variant("plain-cleanser");
    const soap = shop.variant("untracked-soap");
    await shopper.postJson("/cart/add.js", { id: cleanser, quantity: 1 });

    const add = await roundTrips(async () => expect((await shopper.postJson("/cart/add.js", { id: soap, quantity: 2 })).status).toBe(200));
    expect(add).toHaveLength(1);
    expect(add[0]).toContain("cart_apply");

    const change = await roundTrips(async () => expect((await shopper.postJson("/cart/change.js", { id: String(soap), quantity: 5 })).status).toBe(200));
    expect(change).toHaveLength(1);
    const update = await roundTrips(async () => expect((await shopper.postJson("/cart/update.js", { updates: { [cleanser]: 3 }, note: "Wrap it" })).status).toBe(200));
    expect(update).toHaveLength(1);

    const cart = await json(await shopper.get("/cart.js"));
    expect(cart).toMatchObject({ note: "Wrap it", item_count: 8 });
    expect(cart.items.map((item: { id: number; quantity: number }) => [item.id, item.quantity])).toEqual([
      [soap, 5],
      [cleanser, 3],
    ]);

    const clear = await roundTrips(async () => expect((await shopper.postJson("/cart/clear.js", {})).status).toBe(200));
    expect(clear).toHaveLength(1);
    expect((await json(await shopper.get("/cart.js"))).item_count).toBe(0);
  });

  it("starts a new cart with its first add in one round trip", async () => {
    await shopper.get("/cart.js");
    const trips = await roundTrips(() => shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 1 }));
    expect(trips.filter((sql) => /cart_apply|carts|variants|^begin/.test(sql))).toHaveLength(1);
  });

  it("records the language of a site whose currency does not tell it (French, Irish) in the change's own statement", async () => {
    const locale = async () => (await shop.db.query<{ locale: string }>("select locale from carts where token = $1", [shopper.cartToken]))[0]?.locale;
    const cleanser = shop.variant("plain-cleanser");
    const first = await roundTrips(async () => expect((await shopper.postJson("/fr-fr/cart/add.js", { id: cleanser, quantity: 1 })).status).toBe(200));
    // A site's first cart reads its price list once; the cart itself costs one statement.
    const cartStatement = (sql: string) => /cart_apply|carts|variants|^begin/.test(sql);
    expect(first.filter(cartStatement)).toHaveLength(1);
    expect(await locale()).toBe("fr-FR");
    const irish = await roundTrips(async () => expect((await shopper.postJson("/en-ie/cart/change.js", { id: String(cleanser), quantity: 2 })).status).toBe(200));
    expect(irish.filter(cartStatement)).toHaveLength(1);
    expect(await locale()).toBe("en-IE");
    const french = await roundTrips(async () => expect((await shopper.postJson("/fr-fr/cart/change.js", { id: String(cleanser), quantity: 3 })).status).toBe(200));
    expect(french.filter(cartStatement)).toHaveLength(1);
    expect(await locale()).toBe("fr-FR");
  });

  it("refuses a sold-out product in one round trip, without writing the cart", async () => {
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 1 });
    const before = await shop.db.query<{ version: string }>("select xmin::text as version from carts where token = $1", [shopper.cartToken]);
    let response: Response | undefined;
    const trips = await roundTrips(async () => {
      response = await shopper.postJson("/cart/add.js", { id: shop.variant("sold-out-balm"), quantity: 1 });
    });
    expect(response?.status).toBe(422);
    expect(await json(response as Response)).toEqual({ status: 422, message: "Cart Error", description: "The product 'Sold Out Balm' is already sold out." });
    expect(trips).toHaveLength(1);
    expect(await shop.db.query("select xmin::text as version from carts where token = $1", [shopper.cartToken])).toEqual(before);
  });
});

describe("what another server or a checkout changed meanwhile", () => {
  it("keeps a change made behind this server's back, working the add out again", async () => {
    const cleanser = shop.variant("plain-cleanser");
    await shopper.postJson("/cart/add.js", { id: cleanser, quantity: 1 });
    await shop.db.query("update carts set note = 'Written elsewhere', lines = jsonb_set(lines, '{0,quantity}', '4') where token = $1", [shopper.cartToken]);
    const trips = await roundTrips(async () => expect((await shopper.postJson("/cart/add.js", { id: cleanser, quantity: 1 })).status).toBe(200));
    expect(trips).toHaveLength(2);
    expect(await json(await shopper.get("/cart.js"))).toMatchObject({ note: "Written elsewhere", item_count: 5 });
  });

  it("caps an add at the stock as it is now, not as this server last saw it", async () => {
    const cream = shop.variant("last-five-cream");
    await shopper.postJson("/cart/add.js", { id: cream, quantity: 1 });
    await setStock(cream, 2);
    try {
      const response = await shopper.postJson("/cart/add.js", { id: cream, quantity: 4 });
      expect(response.status).toBe(422);
      expect(await json(response)).toEqual({ status: 422, message: "Only 1 items were added to your cart due to availability.", description: "Only 1 items were added to your cart due to availability." });
      expect((await json(await shopper.get("/cart.js"))).item_count).toBe(2);
    } finally {
      await setStock(cream, 5);
    }
  });

  it("does not refuse a product as sold out when stock came back since this server last saw it", async () => {
    const cream = shop.variant("last-five-cream");
    await setStock(cream, 0);
    try {
      const refused = await shopper.postJson("/cart/add.js", { id: cream, quantity: 1 });
      expect(refused.status).toBe(422);
      await setStock(cream, 5);
      const trips = await roundTrips(async () => expect((await shopper.postJson("/cart/add.js", { id: cream, quantity: 1 })).status).toBe(200));
      // The refusal worked out from the stock last seen is checked, found stale, and the add worked out again.
      expect(trips).toHaveLength(2);
      expect((await json(await shopper.get("/cart.js"))).item_count).toBe(1);
    } finally {
      await setStock(cream, 5);
    }
  });
});

describe("50 concurrent adds of one tracked variant to one cart", () => {
  it("keeps exactly the stock: every add within it counted, the rest refused with Shopify's answer", async () => {
    const cream = shop.variant("last-five-cream");
    await setStock(cream, 30);
    try {
      await shopper.get("/cart.js");
      const responses = await Promise.all(Array.from({ length: 50 }, () => shopper.postJson("/cart/add.js", { id: cream, quantity: 1 })));
      expect(responses.filter((response) => response.status === 200)).toHaveLength(30);
      const refusals = await Promise.all(responses.filter((response) => response.status !== 200).map(async (response) => [response.status, await json(response)]));
      expect(refusals).toHaveLength(20);
      for (const [status, body] of refusals) {
        expect(status).toBe(422);
        const full = "The maximum quantity of this item is already in your cart.";
        expect(body).toEqual({ status: 422, message: full, description: full });
      }
      const cart = await json(await shopper.get("/cart.js"));
      expect(cart.items).toHaveLength(1);
      expect(cart.item_count).toBe(30);
    } finally {
      await setStock(cream, 5);
    }
  });
});

describe("cart changes made at the same moment", () => {
  it("go to the database in one statement, each cart written as its own, and a second change to one cart in it is answered with the first's cart", async () => {
    const db = watchedDatabase(shop.db);
    const soap = shop.variant("untracked-soap");
    const stamp = Date.now();
    const withSoap = (token: string, quantity: number): StoredCart => ({
      ...emptyCart(token),
      lines: [{ key: `${soap}:batch`, variant_id: soap, product_id: 1, quantity, properties: {}, seq: 1 }],
      line_seq: 1,
      currency: "GBP",
    });
    // Made in one turn, in an order the statement sorts by token; the last two are for one cart.
    const tokens = [`batch-c-${stamp}`, `batch-a-${stamp}`, `batch-b-${stamp}`, `batch-b-${stamp}`];
    const start = sent.length;
    const answers = await Promise.all(tokens.map((token, index) => applyCart(db, { version: null, cart: emptyCart(token) }, [], new Map(), withSoap(token, index + 1))));
    const statements = sent.slice(start);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain("cart_apply_many");
    expect(answers.map((answer) => answer.applied)).toEqual([true, true, true, false]);
    // The later change to cart b found the cart the first one wrote, to work itself out again.
    expect(answers[3]?.current.lines.map((line) => line.quantity)).toEqual([3]);
    expect(answers[3]?.version).toBe(answers[2]?.version);
    const rows = await shop.db.query<{ token: string; quantity: number }>(
      "select token, (lines->0->>'quantity')::int as quantity from carts where token = any($1::text[]) order by token",
      [tokens],
    );
    expect(rows).toEqual([
      { token: `batch-a-${stamp}`, quantity: 2 },
      { token: `batch-b-${stamp}`, quantity: 3 },
      { token: `batch-c-${stamp}`, quantity: 1 },
    ]);
  });

  it("a list the database refuses is sent again call by call, so only the bad call fails", async () => {
    const db = watchedDatabase(shop.db);
    const stamp = Date.now();
    // A cart without its attributes breaks the table's rule, which fails the statement it is in.
    const broken = { ...emptyCart(`broken-${stamp}`), attributes: null } as unknown as StoredCart;
    const carts = [{ ...emptyCart(`fine-d-${stamp}`), currency: "GBP" }, broken, { ...emptyCart(`fine-e-${stamp}`), currency: "GBP" }];
    const start = sent.length;
    const results = await Promise.allSettled(carts.map((cart) => applyCart(db, { version: null, cart: emptyCart(cart.token) }, [], new Map(), cart)));
    expect(results.map((result) => (result.status === "fulfilled" ? result.value.applied : "failed"))).toEqual([true, "failed", true]);
    const statements = sent.slice(start);
    expect(statements).toHaveLength(4);
    expect(statements[0]).toContain("cart_apply_many");
    const rows = await shop.db.query<{ token: string }>("select token from carts where token = any($1::text[]) order by token", [carts.map((cart) => cart.token)]);
    expect(rows.map((row) => row.token)).toEqual([`fine-d-${stamp}`, `fine-e-${stamp}`]);
  });

  it("a change alone goes as the one-cart statement", async () => {
    const db = watchedDatabase(shop.db);
    const start = sent.length;
    const token = `alone-${Date.now()}`;
    const answer = await applyCart(db, { version: null, cart: emptyCart(token) }, [], new Map(), { ...emptyCart(token), currency: "GBP" });
    expect(answer.applied).toBe(true);
    expect(sent.slice(start)).toEqual([expect.stringContaining(" cart_apply(")]);
  });
});
