/**
 * A cart read again unchanged is answered from the bytes written for it the
 * last time; anything that changes what the answer says shows at once: a
 * change of the cart made behind this server's back, a catalog change, a
 * discount code.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bumpCatalogRevision } from "../../src/platform/catalog/catalog.ts";
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

const read = async () => {
  const response = await shopper.get("/cart.js");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return (await response.json()) as Record<string, any>;
};

describe("a cart read again", () => {
  it("answers the same cart twice, and a change made behind the server's back at once", async () => {
    const cleanser = shop.variant("plain-cleanser");
    await shopper.postJson("/cart/add.js", { id: cleanser, quantity: 2 });
    const first = await read();
    expect(await read()).toEqual(first);
    expect(first).toMatchObject({ item_count: 2, note: null });

    // Another server (or a checkout) writes the cart: its row has a new version.
    await shop.db.query("update carts set note = 'Gift wrap', lines = jsonb_set(lines, '{0,quantity}', '3') where token = $1", [shopper.cartToken]);
    const changed = await read();
    expect(changed).toMatchObject({ item_count: 3, note: "Gift wrap" });
    expect(changed.items[0]).toMatchObject({ id: cleanser, quantity: 3 });
  });

  it("shows a catalog change (a new price) on the next read", async () => {
    const cleanser = shop.variant("plain-cleanser");
    await shopper.postJson("/cart/add.js", { id: cleanser, quantity: 1 });
    const before = await read();
    const price = before.items[0].price as number;
    await shop.db.transaction(async (tx) => {
      await tx.query("update variants set price = price + 100 where id = $1", [cleanser]);
      await bumpCatalogRevision(tx);
    });
    try {
      const after = await read();
      expect(after.items[0].price).toBe(price + 100);
      expect(after.total_price).toBe(before.total_price + 100);
    } finally {
      await shop.db.transaction(async (tx) => {
        await tx.query("update variants set price = price - 100 where id = $1", [cleanser]);
        await bumpCatalogRevision(tx);
      });
    }
  });

  it("keeps each shopper's own cart apart", async () => {
    const other = new Shopper(shop.app);
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 1 });
    await other.postJson("/cart/add.js", { id: shop.variant("untracked-soap"), quantity: 4 });
    await read();
    const theirs = (await (await other.get("/cart.js")).json()) as Record<string, any>;
    expect(theirs).toMatchObject({ token: other.cartToken, item_count: 4 });
    expect(await read()).toMatchObject({ token: shopper.cartToken, item_count: 1 });
  });
});
