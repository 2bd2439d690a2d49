import { afterEach, describe, expect, it, vi } from "vitest";
import type { ShopInfo } from "../../core/contract/storefront.ts";
import { SHOP_INFO_ELEMENT_ID, shopFromData, shopFromText, shopKey, shopText, shopTextOfKey } from "./shop-text.ts";

const shopNamed = (name: string): ShopInfo => ({ name, currency: "GBP", moneyFormat: "£{{amount}}", menus: {}, messages: {} });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the shop info's text", () => {
  it("never closes the script element that carries it, and reads back the same", () => {
    const shop = shopNamed("Rose </script><!-- & Leaf");
    const text = shopText(shop);
    expect(text).not.toContain("<");
    expect(shopFromText(text)).toEqual(shop);
  });

  it("stands for the same text under the same key, and another text under another", () => {
    const shop = shopNamed("Lumen & Leaf");
    const key = shopKey(shop);
    expect(key).toMatch(/^shop-[0-9a-z]+-[0-9a-z]+$/);
    expect(shopKey(shop)).toBe(key);
    // An equal shop info made again (the catalog reloaded) writes the same text, so keeps the key.
    expect(shopKey(shopNamed("Lumen & Leaf"))).toBe(key);
    expect(shopKey(shopNamed("Lumen & Leaf (FR)"))).not.toBe(key);
    expect(shopTextOfKey(key)).toBe(shopText(shop));
  });

  it("is read from the root's data as a text or as a key", () => {
    const shop = shopNamed("Lumen & Leaf data");
    expect(shopFromData(shopText(shop))).toEqual(shop);
    expect(shopFromData(shopKey(shop))).toEqual(shop);
    expect(shopFromData("shop-unknown-1")).toBeUndefined();
  });

  it("forgets the oldest keys first, keeping the ones still asked for", () => {
    const first = shopNamed("first");
    const firstKey = shopKey(first);
    const secondKey = shopKey(shopNamed("second"));
    for (let index = 0; index < 70; index += 1) {
      shopKey(shopNamed(`other ${index}`));
      shopKey(first);
    }
    expect(shopTextOfKey(firstKey)).toBe(shopText(first));
    expect(shopTextOfKey(secondKey)).toBeUndefined();
  });

  it("in the browser, reads the text of a key from the page's element", () => {
    const text = '{"name":"From the page","currency":"EUR","moneyFormat":"{{amount}} €","menus":{}}';
    const element = { dataset: { key: "shop-page-1" }, textContent: text };
    vi.stubGlobal("document", { getElementById: (id: string) => (id === SHOP_INFO_ELEMENT_ID ? element : null) });
    expect(shopTextOfKey("shop-other-1")).toBeUndefined();
    expect(shopFromData("shop-page-1")?.name).toBe("From the page");
    // Read once: the element may go, the text stays.
    element.textContent = "";
    expect(shopTextOfKey("shop-page-1")).toBe(text);
  });
});
