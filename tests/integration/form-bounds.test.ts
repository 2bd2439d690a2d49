/**
 * A form body can neither freeze nor crash the server: a field nested
 * thousands of levels deep, or thousands of fields, is refused with a 400 in
 * Shopify's JSON error shape, and the shop answers the next request as usual.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
});

describe("form bodies", () => {
  it("refuses a field nested 60,000 levels deep with a 400, and goes on answering", async () => {
    const shopper = new Shopper(shop.app);
    const body = `items${"[]".repeat(60_000)}=1`;
    expect(body.length).toBeGreaterThan(100_000);
    const response = await shopper.postForm("/cart/add.js", body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ status: "bad_request", message: "A form field is nested more than 6 levels deep", description: "A form field is nested more than 6 levels deep" });
    const add = await shopper.postForm("/cart/add.js", `id=${shop.variant("plain-cleanser")}&quantity=1`);
    expect(add.status).toBe(200);
  });

  it("refuses more than 1,000 fields", async () => {
    const shopper = new Shopper(shop.app);
    const body = Array.from({ length: 1001 }, (_, index) => `updates[]=${index}`).join("&");
    const response = await shopper.postForm("/cart/update.js", body);
    expect(response.status).toBe(400);
    expect((await response.json()).description).toBe("A form may carry at most 1000 fields");
  });
});
