import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app.ts";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

let shop: TestShop;
let shopper: Shopper;
const json = async (response: Response) => (await response.json()) as Record<string, any>;
const EVIL = "https://evil.example";
/** In-process requests are addressed to http://localhost. */
const OWN = "http://localhost";

beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(() => {
  shopper = new Shopper(shop.app);
});

const itemCount = async () => (await json(await shopper.get("/cart.js"))).item_count as number;
const addBody = () => ({ id: shop.variant("plain-cleanser"), quantity: 1 });

describe("state-changing requests from another site", () => {
  it("refuses a cross-site Origin on /cart/add.js with 403 in Shopify's JSON error shape, changing nothing", async () => {
    const response = await shopper.postJson("/cart/add.js", addBody(), { origin: EVIL });
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await json(response)).toEqual({ status: 403, message: "Forbidden", description: expect.stringContaining("another site") });
    expect(await itemCount()).toBe(0);
  });

  it("refuses another site's form posting to /cart/add with a short HTML page", async () => {
    const response = await shopper.postForm("/cart/add", `id=${shop.variant("plain-cleanser")}&quantity=1`, { origin: EVIL, "sec-fetch-site": "cross-site" });
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toContain("text/html");
    const page = await response.text();
    expect(page).toContain("<h1>Forbidden</h1>");
    expect(page).toContain('<a href="/">Back to the shop</a>');
    expect(await itemCount()).toBe(0);
  });

  it("refuses Sec-Fetch-Site: cross-site even without an Origin", async () => {
    expect((await shopper.postJson("/cart/add.js", addBody(), { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect(await itemCount()).toBe(0);
  });

  it("refuses another origin of the same site (a sibling subdomain's page): no line, no order, no new cart cookie", async () => {
    await shopper.postJson("/cart/add.js", addBody());
    const cookie = shopper.cartCookie;
    const before = await shop.db.query<{ count: number }>("select count(*)::int as count from orders");
    const sibling = { origin: "http://blog.localhost", "sec-fetch-site": "same-site" };
    const add = await shopper.postForm("/cart/add", `id=${shop.variant("plain-cleanser")}&quantity=5`, { "sec-fetch-site": "same-site" });
    expect(add.status).toBe(403);
    expect(add.headers.getSetCookie()).toEqual([]);
    const checkout = await shopper.postJson("/checkout.json", { email: "ada@example.com", first_name: "Ada", last_name: "Lovelace", address1: "1 Road", city: "London", zip: "SW1Y 4JH", country: "GB" }, sibling);
    expect(checkout.status).toBe(403);
    expect(shopper.cartCookie).toBe(cookie);
    expect(await itemCount()).toBe(1);
    expect(await shop.db.query<{ count: number }>("select count(*)::int as count from orders")).toEqual(before);
  });

  it("refuses another site's Referer when there is no Origin", async () => {
    expect((await shopper.postForm("/cart/add", `id=${shop.variant("plain-cleanser")}`, { referer: `${EVIL}/page` })).status).toBe(403);
    expect(await itemCount()).toBe(0);
  });

  it("refuses an opaque origin (`Origin: null`, a sandboxed frame)", async () => {
    expect((await shopper.postJson("/cart/add.js", addBody(), { origin: "null" })).status).toBe(403);
  });

  it("refuses another site's checkout, and places no order", async () => {
    await shopper.postJson("/cart/add.js", addBody());
    const before = await shop.db.query<{ count: number }>("select count(*)::int as count from orders");
    const response = await shopper.postJson(
      "/checkout.json",
      { email: "ada@example.com", first_name: "Ada", last_name: "Lovelace", address1: "1 Road", city: "London", zip: "SW1Y 4JH", country: "GB" },
      { origin: EVIL },
    );
    expect(response.status).toBe(403);
    expect(await shop.db.query<{ count: number }>("select count(*)::int as count from orders")).toEqual(before);
    expect(await itemCount()).toBe(1);
  });

  it("refuses cross-site PUT, PATCH and DELETE too, and leaves reads alone", async () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) expect((await shopper.request("/cart/clear.js", { method, headers: { origin: EVIL } })).status).toBe(403);
    expect((await shopper.get("/cart.js", { "sec-fetch-site": "cross-site" })).status).toBe(200);
  });
});

describe("the shop's own requests", () => {
  it("accept a same-origin Origin, as the theme's fetch sends it", async () => {
    const response = await shopper.postJson("/cart/add.js", addBody(), { origin: OWN, "sec-fetch-site": "same-origin", referer: `${OWN}/products/plain-cleanser` });
    expect(response.status).toBe(200);
    expect(await itemCount()).toBe(1);
  });

  it("accept the shop's own form post", async () => {
    const response = await shopper.postForm("/cart/add", `id=${shop.variant("plain-cleanser")}`, { origin: OWN, "sec-fetch-site": "same-origin" });
    expect(response.status).toBe(302);
    expect(await itemCount()).toBe(1);
  });

  it("accept a request with no Origin, Referer or Sec-Fetch-Site (curl, a server)", async () => {
    expect((await shopper.postJson("/cart/add.js", addBody())).status).toBe(200);
    expect(await itemCount()).toBe(1);
  });

  it("behind a trusted proxy, compare with the forwarded origin", async () => {
    const app = createApp({ platform: shop.platform, logger: pino({ level: "silent" }), imageCacheDir: path.join(import.meta.dirname, "../../.data/test-images"), trustProxy: true });
    const proxied = new Shopper(app);
    const headers = { origin: "https://shop.example", "x-forwarded-proto": "https", "x-forwarded-host": "shop.example" };
    expect((await proxied.postJson("/cart/add.js", addBody(), headers)).status).toBe(200);
    // Without the setting, the same headers are another site's.
    expect((await shopper.postJson("/cart/add.js", addBody(), headers)).status).toBe(403);
  });
});

describe("JSON endpoints and text/plain", () => {
  it("refuse a text/plain body with 415, even from no origin at all", async () => {
    const response = await shopper.request("/cart/add.js", { method: "POST", headers: { "content-type": "text/plain;charset=UTF-8" }, body: JSON.stringify(addBody()) });
    expect(response.status).toBe(415);
    expect(await json(response)).toEqual({ status: 415, message: "Unsupported Media Type", description: expect.stringContaining("application/json") });
    expect(await itemCount()).toBe(0);
  });

  it("refuse text/plain on /checkout.json and /cart/update.js as well", async () => {
    for (const pathname of ["/checkout.json", "/cart/update.js"]) {
      expect((await shopper.request(pathname, { method: "POST", headers: { "content-type": "text/plain" }, body: "{}" })).status).toBe(415);
    }
  });

  it("refuse any other body type they cannot read with 415", async () => {
    const response = await shopper.request("/cart/add.js", { method: "POST", headers: { "content-type": "application/xml" }, body: "<id>1</id>" });
    expect(response.status).toBe(415);
    expect((await json(response)).status).toBe(415);
  });
});
