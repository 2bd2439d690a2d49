/**
 * The theme's error pages name the request that failed (the id every log line
 * written while answering it carries), so what a shopper quotes leads the
 * merchant to the logs. The front door runs each request as its id (see
 * operations.test.ts); here the shop is called inside that scope directly.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asRequest } from "../../src/server/request-context.ts";
import { openThemeShop } from "./harness.ts";

let themeShop: Awaited<ReturnType<typeof openThemeShop>>;

beforeAll(async () => {
  themeShop = await openThemeShop();
  // The shop's secrets and catalog are read once, before any failure.
  await page("/", "warm-up");
});
afterAll(async () => {
  await themeShop?.close();
});

/** The page's words, without its markup. */
const wordsOf = async (response: Response) => (await response.text()).replace(/<[^>]+>/g, "");

const page = (path: string, id: string) =>
  asRequest(id, () => themeShop.shop.fetch(new Request(`http://shop.test${path}`, { headers: { accept: "text/html", "sec-fetch-mode": "navigate" } })));

/** Runs `work` while the statements matching `what` (by default a cart's read, which every page's root loader does) fail with `error`. */
async function failing<T>(error: () => Error, work: () => Promise<T>, what = /\bfrom carts\b/): Promise<T> {
  const { db } = themeShop;
  const { query } = db;
  db.query = ((text: string, params?: unknown[]) => (what.test(text) ? Promise.reject(error()) : query.call(db, text, params))) as typeof db.query;
  try {
    return await work();
  } finally {
    db.query = query;
  }
}

describe("the theme's error pages", () => {
  it("show the request's id on the page for a failure on the shop's side (500)", async () => {
    const response = await failing(() => Object.assign(new Error("column does not exist"), { code: "42703" }), () => page("/cart", "ref-fault-1"));
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html.replace(/<[^>]+>/g, "")).toContain("If it happens again, quote this reference: ref-fault-1");
    expect(html).toContain('data-request-id="ref-fault-1"');
  });

  it("show it on the outage page too (503)", async () => {
    const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const response = await failing(refused, () => page("/cart", "ref-outage-2"));
    expect(response.status).toBe(503);
    expect(await wordsOf(response)).toContain("quote this reference: ref-outage-2");
  });

  it("in the French site's own words when the page's own data failed", async () => {
    const response = await failing(() => new Error("boom"), () => page("/fr-fr/products/plain-cleanser", "ref-fr-3"), /\bproduct_reviews\b/);
    expect(response.status).toBe(500);
    expect(await wordsOf(response)).toContain("communiquez-nous cette référence : ref-fr-3");
  });

  it("not on a page that is not found, which is no fault to look up", async () => {
    const response = await page("/products/no-such-thing", "ref-missing-4");
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("ref-missing-4");
  });
});
