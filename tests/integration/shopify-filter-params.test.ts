/**
 * Shopify's filter parameters on the rendered collection: the Section
 * Rendering API (`sections=`) and the filter widget's fragment (`?view=ajax`)
 * answer `?filter.p.m.custom.free_from=fragrance` with the same products and
 * the same ticked filter as the filter path `/collections/face/free-from-fragrance`.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveShop } from "../../src/server/live-shop.ts";
import { openThemeShop } from "./harness.ts";

let shop: LiveShop;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ shop, close } = await openThemeShop());
});
afterAll(async () => {
  await close?.();
});

const get = (path: string, accept = "text/html") => shop.fetch(new Request(new URL(path, "https://shop.test"), { headers: { accept } }));
/** The products a piece of the collection's HTML lists, in its order. */
const productsIn = (html: string) => [...new Set([...html.matchAll(/href="\/products\/([^"?#/]+)/g)].map((match) => match[1]))];
/** The product-count section's "n of total". */
const count = (html: string) => /(\d+) of (\d+)/.exec(html)?.[2];

describe("Shopify's filter parameters on the rendered collection", () => {
  it("answers the section rendering request as the filter path does", async () => {
    const sections = async (path: string) => (await (await get(`${path}sections=main-collection-product-grid,product-count`, "application/json")).json()) as Record<string, string | null>;
    const byParams = await sections("/collections/face?filter.p.m.custom.free_from=fragrance&filter.p.m.custom.free_from=silicones&");
    const byPath = await sections("/collections/face/free-from-fragrance+free-from-silicones?");
    const unfiltered = await sections("/collections/face?");
    expect(productsIn(byParams["main-collection-product-grid"] ?? "")).toEqual(productsIn(byPath["main-collection-product-grid"] ?? ""));
    expect(productsIn(byParams["main-collection-product-grid"] ?? "").length).toBeGreaterThan(0);
    expect(count(byParams["product-count"] ?? "")).toBe(count(byPath["product-count"] ?? ""));
    expect(Number(count(byParams["product-count"] ?? ""))).toBeLessThan(Number(count(unfiltered["product-count"] ?? "")));
  });

  it("answers the filter widget's fragment with the same products and the value ticked", async () => {
    const byParams = await (await get("/collections/face?filter.p.m.custom.key_ingredients=vitamin-c&view=ajax")).text();
    const byPath = await (await get("/collections/face/ingredient-vitamin-c?view=ajax")).text();
    expect(productsIn(byParams)).toEqual(productsIn(byPath));
    expect(productsIn(byParams).sort()).toEqual(["serum-eclat", "vitamin-c-serum"]);
    const ticked = (html: string) => [...new Set([...html.matchAll(/<input[^>]*>/g)].filter((input) => / checked=""/.test(input[0])).map((input) => /value="([^"]+)"/.exec(input[0])?.[1]))];
    // The ticked box is the parameter itself: filter.p.m.custom.key_ingredients=vitamin-c.
    expect(ticked(byPath)).toContain("vitamin-c");
    expect(ticked(byParams)).toEqual(ticked(byPath));
  });
});
