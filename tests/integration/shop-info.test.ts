/**
 * The shop info every page is drawn with is made once per catalog and
 * address and shared, and survives the JSON text the root route sends it as.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogStore } from "../../src/platform/catalog/catalog.ts";
import { inProcessStorefront } from "../../src/platform/storefront/in-process.ts";
import { shopFromText, shopText } from "../../src/theme/storefront/shop-text.ts";
import { type TestShop, openTestShop } from "./harness.ts";

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
});

describe("the shop info", () => {
  it("is one object per catalog and address, made again when the catalog changes", async () => {
    const info = () => inProcessStorefront(shop.platform, "token-a", "https://shop.example").shop();
    const first = await info();
    expect(await inProcessStorefront(shop.platform, "token-b", "https://shop.example").shop()).toBe(first);
    const elsewhere = await inProcessStorefront(shop.platform, "token-a", "https://other.example/").shop();
    expect(elsewhere).not.toBe(first);
    expect(elsewhere.url).toBe("https://other.example");

    await shop.db.query("update products set title = title || ' (new)' where handle = 'plain-cleanser'");
    (shop.platform.catalog as CatalogStore).invalidate();
    const after = await info();
    expect(after).not.toBe(first);
    expect(after).toEqual(first);
  });

  it("reads back from its text as it was, and its text is written once", async () => {
    const info = await inProcessStorefront(shop.platform, "token-a", "https://shop.example").shop();
    const text = shopText(info);
    expect(shopText(info)).toBe(text);
    // Only plain data: a date or a map would not read back equal.
    expect(shopFromText(text)).toEqual(info);
    expect(shopFromText(text)).toBe(shopFromText(text));
    expect(shopFromText(text).menus).toEqual(info.menus);
  });
});
