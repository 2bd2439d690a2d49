/**
 * While the database is out of reach the shop answers 503 with Retry-After,
 * in Shopify's JSON error shape, and comes back by itself once it answers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable, openDatabase } from "../../src/platform/db/database.ts";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
});

const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

describe("a database outage", () => {
  it("is told apart from a fault in the request", () => {
    expect(isDatabaseUnavailable(refused())).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("wrapped", { cause: refused() }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key value"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });

  it("answers 503 with Retry-After on the cart calls, and the shop recovers without a restart", async () => {
    const shopper = new Shopper(shop.app);
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 1 });
    const { query, transaction } = shop.db;
    shop.db.query = () => Promise.reject(refused());
    shop.db.transaction = () => Promise.reject(refused());
    try {
      for (const response of [await shopper.get("/cart.js"), await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 1 })]) {
        expect(response.status).toBe(503);
        expect(response.headers.get("retry-after")).toBe("5");
        expect(await response.json()).toMatchObject({ status: 503, message: "Service Unavailable" });
      }
    } finally {
      shop.db.query = query;
      shop.db.transaction = transaction;
    }
    const cart = (await (await shopper.get("/cart.js")).json()) as { item_count: number };
    expect(cart.item_count).toBe(1);
  });

  it("keeps answering the product JSON from the catalog it last read", async () => {
    const shopper = new Shopper(shop.app);
    const before = await (await shopper.get("/products/plain-cleanser.js")).json();
    const { query, transaction } = shop.db;
    shop.db.query = () => Promise.reject(refused());
    shop.db.transaction = () => Promise.reject(refused());
    try {
      const during = await shopper.get("/products/plain-cleanser.js");
      expect(during.status).toBe(200);
      expect(await during.json()).toEqual(before);
      expect((await shopper.get("/cart.js")).status).toBe(503);
    } finally {
      shop.db.query = query;
      shop.db.transaction = transaction;
    }
  });
});

const postgresUrl = process.env.DATABASE_URL;

describe.skipIf(!postgresUrl)("a busy connection pool", () => {
  it("is waited for longer than an unreachable database: a request queued behind slow work is served, not refused", { timeout: 30_000 }, async () => {
    const db = await openDatabase({ databaseUrl: postgresUrl, dataDir: "", poolSize: 1 });
    try {
      // The pool's one connection is busy for 3 s, longer than the 2 s a server waits to reach the database.
      const slow = db.query("select pg_sleep(3)");
      const queued = await db.query<{ answer: number }>("select 1 as answer");
      expect(queued).toEqual([{ answer: 1 }]);
      await slow;
    } finally {
      await db.close();
    }
  });
});
