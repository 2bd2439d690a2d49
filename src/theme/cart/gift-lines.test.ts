import { describe, expect, it } from "vitest";
import { REMOVED_GIFTS_STORAGE_KEY, decideGifts } from "../../core/free-gifts.ts";
import { forgetRemovedGift, giftCartLines, rememberRemovedGift, removedGifts } from "./gift-lines.ts";
import { lineFixture, viewFixture } from "./side-cart-fixtures.ts";

function memoryStore() {
  const data = new Map<string, string>();
  return { getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value), data };
}

describe("gift lines in the browser", () => {
  it("builds the rule's lines like the server: pre-discount price, collections, newest first, gift marker only on gift products", () => {
    const products = new Map([
      ["lotion", viewFixture("lotion", { collections: ["body"] })],
      ["gift", viewFixture("gift", { ffc: { free_gift_product: true } })],
    ]);
    const items = [
      lineFixture({ key: "g", handle: "gift", price: 0, properties: { "_is-free-gift-item": "true" } }),
      lineFixture({ key: "l", handle: "lotion", price: 2000, quantity: 2, final_line_price: 3000, properties: { "_is-free-gift-item": "true" } }),
    ];
    const lines = giftCartLines(items, products);
    expect(lines.map((line) => [line.key, line.linePrice, line.collections, line.isGiftProduct, line.addedOrder, line.properties])).toEqual([
      ["g", 0, [], true, 2, { "_is-free-gift-item": "true" }],
      ["l", 4000, ["body"], false, 1, {}],
    ]);
  });

  it("auto-adds a qualifying gift unless the shopper removed it by hand this session", () => {
    const groups = [
      {
        key: "welcome",
        enabled: true,
        products: [{ handle: "gift", sku: "", min_spend: "50", max_spend: null, auto_add: true }],
        choice_thresholds: ["50-MAX:1---Free gift---Gift"],
        limit_to_collections: [],
        startTimestamp: null,
        endTimestamp: null,
        progress_title: "",
        threshold_under_text: "Spend [amount] more",
        threshold_over_text: "Yours",
        icon_type: "gift" as const,
        icon_title: "",
        show_product_picker: false,
      },
    ];
    const lines = giftCartLines([lineFixture({ price: 6000 })], new Map());
    const product = () => ({ handle: "gift", variants: [{ id: 9, sku: "", available: true }] });
    expect(decideGifts({ groups, lines, product, now: 0 }).autoAdd).toEqual([{ groupKey: "welcome", handle: "gift", variantId: 9 }]);
    const store = memoryStore();
    rememberRemovedGift(store, "gift");
    expect(store.data.get(REMOVED_GIFTS_STORAGE_KEY)).toBe('["gift"]');
    expect(decideGifts({ groups, lines, product, now: 0, removedByHand: removedGifts(store) }).autoAdd).toEqual([]);
    forgetRemovedGift(store, "gift");
    expect(removedGifts(store).size).toBe(0);
  });

  it("survives a broken session store", () => {
    expect(removedGifts({ getItem: () => "{not json", setItem: () => undefined }).size).toBe(0);
    expect(removedGifts(null).size).toBe(0);
  });
});
