/**
 * Saved for later over HTTP (`POST` and `GET /api/save-for-later`) as a
 * logged-in customer's browser uses it, and the list the account page reads
 * through the storefront client. Runs on PGlite, and on PostgreSQL when
 * DATABASE_URL is set.
 */
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAVED_ITEMS_LIMIT, type SavedItem } from "../../src/core/builders/saved-bundles.ts";
import { newCartToken } from "../../src/platform/cart/cart-model.ts";
import { digest, randomToken } from "../../src/platform/accounts/secrets.ts";
import { createPlatform } from "../../src/platform/platform.ts";
import { inProcessStorefront } from "../../src/platform/storefront/in-process.ts";
import { createApp } from "../../src/server/app.ts";
import { type TestShop, openTestShop } from "./harness.ts";

const PATH = "/api/save-for-later";
/** In-process requests are addressed to http://localhost. */
const SHOP = "localhost";

let shop: TestShop;
let customers = 0;

beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
});

interface Customer {
  id: number;
  hash: string;
}

/** A customer as registration leaves one (the password is beside the point here), with the id and hash their pages carry. */
async function newCustomer(target: TestShop = shop): Promise<Customer> {
  const [row] = await target.db.query<{ id: number }>(
    `insert into customers (email, first_name, last_name, password_hash, password_salt, password_params)
     values ($1, 'Ada', 'Lovelace', 'x', 'x', '{}'::jsonb) returning id`,
    [`saver.${++customers}.${Date.now()}@example.com`],
  );
  if (!row) throw new Error("no customer");
  return { id: row.id, hash: await target.platform.customers.hasher.hash(row.id) };
}

const quizPick: SavedItem = { source: "quiz", product_handle: "gel-cleanser", product_title: "Gel Cleanser", product_step: "cleanse", product_variant: 11, product_is_free: false };
const kitPick: SavedItem = { source: "kit", product_handle: "vitamin-c", product_step: 0, product_title: "Vitamin C", product_variant: 22 };
const cartLine: SavedItem = {
  source: "cart",
  product_handle: "barrier-cream",
  product_title: "Barrier Cream",
  product_variant: 33,
  quantity: 2,
  properties: { Engraving: "Ada" },
  variant_title: "50 ml",
  image: "/images/products/barrier-cream-1.png",
};

const post = (body: unknown, headers: Record<string, string> = {}, app = shop.app) =>
  app.request(PATH, { method: "POST", headers: { "content-type": "application/json", accept: "application/json", ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) });

const read = (customer: unknown, hash: unknown) => shop.app.request(`${PATH}?${new URLSearchParams({ customer: String(customer), hash: String(hash) })}`, { headers: { accept: "application/json" } });

const json = async (response: Response) => (await response.json()) as Record<string, unknown>;

const tamper = (hash: string) => `${hash.slice(0, -1)}${hash.endsWith("0") ? "1" : "0"}`;

describe("saving a list", () => {
  it("stores a customer's list with a good hash and reads it back, replacing it on the next save", async () => {
    const ada = await newCustomer();
    const saved = await post({ customer: ada.id, hash: ada.hash, shop: SHOP, data: [quizPick, kitPick, cartLine] });
    expect(saved.status).toBe(200);
    expect(saved.headers.get("cache-control")).toBe("private, no-store");
    expect(await json(saved)).toEqual({ ok: true, data: [quizPick, kitPick, cartLine] });

    const answer = await read(ada.id, ada.hash);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(await json(answer)).toEqual({ data: [quizPick, kitPick, cartLine] });

    // The id may come as text, the hash in capitals, as a page's script may send them.
    const replaced = await post({ customer: String(ada.id), hash: ada.hash.toUpperCase(), shop: SHOP, data: [kitPick] });
    expect(await json(replaced)).toEqual({ ok: true, data: [kitPick] });
    expect(await json(await read(ada.id, ada.hash))).toEqual({ data: [kitPick] });
    const rows = await shop.db.query<{ count: number }>("select count(*)::int as count from saved_for_later where customer_id = $1", [ada.id]);
    expect(rows[0]?.count).toBe(1);
  });

  it("answers an empty list for a customer who saved nothing", async () => {
    const grace = await newCustomer();
    expect(await json(await read(grace.id, grace.hash))).toEqual({ data: [] });
  });

  it("refuses a tampered hash with 401 in Shopify's error shape, storing nothing", async () => {
    const ada = await newCustomer();
    const response = await post({ customer: ada.id, hash: tamper(ada.hash), shop: SHOP, data: [quizPick] });
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ status: 401, message: "Unauthorized", description: expect.stringContaining("could not be verified") });
    expect((await post({ customer: ada.id, shop: SHOP, data: [quizPick] })).status).toBe(401);
    expect((await read(ada.id, tamper(ada.hash))).status).toBe(401);
    expect(await json(await read(ada.id, ada.hash))).toEqual({ data: [] });
  });

  it("refuses another customer's id with your hash, for saving and for reading", async () => {
    const ada = await newCustomer();
    const grace = await newCustomer();
    await post({ customer: grace.id, hash: grace.hash, shop: SHOP, data: [kitPick] });
    expect((await post({ customer: grace.id, hash: ada.hash, shop: SHOP, data: [quizPick] })).status).toBe(401);
    const peek = await read(grace.id, ada.hash);
    expect(peek.status).toBe(401);
    expect(JSON.stringify(await json(peek))).not.toContain("vitamin-c");
    expect(await json(await read(grace.id, grace.hash))).toEqual({ data: [kitPick] });
  });

  it("refuses a good hash for a customer who no longer exists", async () => {
    const gone = await newCustomer();
    await shop.db.query("delete from customers where id = $1", [gone.id]);
    expect((await post({ customer: gone.id, hash: gone.hash, shop: SHOP, data: [quizPick] })).status).toBe(401);
  });

  it("refuses a list meant for another shop with 422", async () => {
    const ada = await newCustomer();
    for (const other of ["other-shop.example", "", 42]) {
      const response = await post({ customer: ada.id, hash: ada.hash, shop: other, data: [quizPick] });
      expect(response.status).toBe(422);
      expect(await json(response)).toEqual({ status: "unprocessable_entity", message: "shop must be this shop's address", description: "shop must be this shop's address" });
    }
    expect(await json(await read(ada.id, ada.hash))).toEqual({ data: [] });
  });

  it("takes the shop's address as a trusted proxy forwards it, or as configured", async () => {
    const behindProxy = createApp({ platform: shop.platform, logger: pino({ level: "silent" }), imageCacheDir: path.resolve(".data/test-images"), trustProxy: true, shopUrl: "https://shop.example" });
    const ada = await newCustomer();
    const forwarded = { "x-forwarded-host": "www.shop.example", "x-forwarded-proto": "https" };
    expect((await post({ customer: ada.id, hash: ada.hash, shop: "www.shop.example", data: [quizPick] }, forwarded, behindProxy)).status).toBe(200);
    expect((await post({ customer: ada.id, hash: ada.hash, shop: "shop.example", data: [quizPick] }, forwarded, behindProxy)).status).toBe(200);
    expect((await post({ customer: ada.id, hash: ada.hash, shop: "localhost", data: [quizPick] }, forwarded, behindProxy)).status).toBe(422);
  });

  it("refuses data that is not a list of saved items, or more than the limit, with 422", async () => {
    const ada = await newCustomer();
    const cases: [unknown, string][] = [
      [undefined, "data must be a list of saved items"],
      [{ 0: quizPick }, "data must be a list of saved items"],
      [[quizPick, { ...kitPick, source: "routine" }], "data[1] is not a saved item"],
      [[{ ...cartLine, image: "https://tracker.example/p.png" }], "data[0] is not a saved item"],
      [Array.from({ length: SAVED_ITEMS_LIMIT + 1 }, () => quizPick), `data must hold at most ${SAVED_ITEMS_LIMIT} saved items`],
    ];
    for (const [data, description] of cases) {
      const response = await post({ customer: ada.id, hash: ada.hash, shop: SHOP, data });
      expect(response.status).toBe(422);
      expect(await json(response)).toMatchObject({ status: "unprocessable_entity", description });
    }
    // Exactly the limit is fine.
    const full = Array.from({ length: SAVED_ITEMS_LIMIT }, (_, index) => ({ ...quizPick, product_variant: index + 1 }));
    expect(await json(await post({ customer: ada.id, hash: ada.hash, shop: SHOP, data: full }))).toEqual({ ok: true, data: full });
  });

  it("refuses an oversized body with 413 and a body that is not JSON with 400 or 415", async () => {
    const ada = await newCustomer();
    const huge = await post({ customer: ada.id, hash: ada.hash, shop: SHOP, data: [{ ...quizPick, product_title: "x".repeat(300_000) }] });
    expect(huge.status).toBe(413);
    expect(await json(huge)).toEqual({ status: 413, message: "Payload Too Large", description: "The request body is too large" });
    expect((await post("{not json")).status).toBe(400);
    const plain = await shop.app.request(PATH, { method: "POST", headers: { "content-type": "text/plain" }, body: JSON.stringify({ customer: ada.id, hash: ada.hash, shop: SHOP, data: [] }) });
    expect(plain.status).toBe(415);
  });

  it("refuses another site's page posting for a customer with 403, storing nothing", async () => {
    const ada = await newCustomer();
    const body = { customer: ada.id, hash: ada.hash, shop: SHOP, data: [quizPick] };
    const crossSite: Record<string, string>[] = [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }, { referer: "https://evil.example/page" }];
    for (const headers of crossSite) {
      const response = await post(body, headers);
      expect(response.status).toBe(403);
      expect(await json(response)).toEqual({ status: 403, message: "Forbidden", description: expect.stringContaining("another site") });
    }
    expect(await json(await read(ada.id, ada.hash))).toEqual({ data: [] });
    // The shop's own page, naming its own origin, is let through.
    expect((await post(body, { origin: "http://localhost", "sec-fetch-site": "same-origin" })).status).toBe(200);
  });
});

describe("the rate limit", () => {
  it("answers 429 with a wait once a customer passes it, counted in the database across servers; other customers and bad hashes are not counted", async () => {
    const limit = { limit: 3, windowSeconds: 300 };
    const apps = [0, 1].map(() => createApp({ platform: createPlatform(shop.db, shop.platform.settings, { catalogCheckMs: 0, savedForLaterLimit: limit }), logger: pino({ level: "silent" }), imageCacheDir: path.resolve(".data/test-images") }));
    const ada = await newCustomer();
    const grace = await newCustomer();
    // Bad hashes with Ada's id do not use up her saves.
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await post({ customer: ada.id, hash: tamper(ada.hash), shop: SHOP, data: [] }, {}, apps[attempt % 2])).status).toBe(401);
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await post({ customer: ada.id, hash: ada.hash, shop: SHOP, data: [quizPick] }, {}, apps[attempt % 2])).status).toBe(200);
    const refused = await post({ customer: ada.id, hash: ada.hash, shop: SHOP, data: [kitPick] }, {}, apps[1]);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(300);
    expect(await json(refused)).toEqual({ status: 429, message: "Too Many Requests", description: expect.stringMatching(/^Too many saves\. Please wait \d+ seconds and try again\.$/) });
    // The refused save changed nothing, reading is not limited, and Grace has her own count.
    expect(await json(await read(ada.id, ada.hash))).toEqual({ data: [quizPick] });
    expect((await post({ customer: grace.id, hash: grace.hash, shop: SHOP, data: [kitPick] }, {}, apps[0])).status).toBe(200);
  });
});

describe("the account page's list", () => {
  it("is the logged-in customer's list, read through the storefront client; nobody logged in has none", async () => {
    const ada = await newCustomer();
    await post({ customer: ada.id, hash: ada.hash, shop: SHOP, data: [cartLine, quizPick] });
    const session = randomToken(32);
    await shop.db.query("insert into customer_sessions (id, customer_id, expires_at) values ($1, $2, now() + interval '1 day')", [digest(session), ada.id]);
    const request = (sessionToken: string | undefined) => ({ ip: "203.0.113.5", sessionToken, challengeToken: undefined, shopUrl: "http://localhost", secure: false });
    expect(await inProcessStorefront(shop.platform, newCartToken(), "http://localhost", request(session)).account.savedForLater()).toEqual([cartLine, quizPick]);
    expect(await inProcessStorefront(shop.platform, newCartToken(), "http://localhost", request(undefined)).account.savedForLater()).toBeNull();
  });

  it("leaves out stored items the shop no longer understands instead of failing", async () => {
    const ada = await newCustomer();
    await shop.db.query("insert into saved_for_later (customer_id, items) values ($1, $2::jsonb)", [ada.id, JSON.stringify([{ source: "wishlist", product_handle: "x" }, kitPick])]);
    expect(await json(await read(ada.id, ada.hash))).toEqual({ data: [kitPick] });
  });
});
