import { describe, expect, it } from "vitest";
import { cartView, isSampleItem, kitComponents, lineLink, lineSaving, visibleProperties } from "./line-rules.ts";
import type { CartJson, LineItemJson } from "../contract/shopify-types.ts";

const item = (overrides: Partial<LineItemJson>): LineItemJson =>
  ({
    key: "1:a",
    quantity: 1,
    price: 1000,
    final_line_price: 1000,
    product_type: "Serum",
    url: "/products/serum?variant=1",
    properties: {},
    ...overrides,
  }) as LineItemJson;

describe("line rules", () => {
  it("treats the five sample types at price 0 as samples, and only those", () => {
    for (const type of ["Sample", "Cart Sample", "GWP", "Auto Sample", "Sample Set"]) {
      expect(isSampleItem({ product_type: type, price: 0 })).toBe(true);
      expect(isSampleItem({ product_type: type, price: 100 })).toBe(false);
    }
    expect(isSampleItem({ product_type: "Serum", price: 0 })).toBe(false);
  });

  it("hides properties whose names start with an underscore", () => {
    expect(visibleProperties({ Engraving: "Ada", _source: "ritual-section", __bundleId: "x", Empty: "" })).toEqual([["Engraving", "Ada"]]);
    expect(visibleProperties(null)).toEqual([]);
  });

  it("links product lines but not samples or free gifts", () => {
    expect(lineLink(item({}))).toBe("/products/serum?variant=1");
    expect(lineLink(item({ product_type: "GWP", price: 0 }))).toBeNull();
    expect(lineLink(item({ properties: { "_is-free-gift-item": "true" } }))).toBeNull();
  });

  it("computes the compare-at saving only when compare-at times quantity exceeds the line price", () => {
    expect(lineSaving(1500, item({ quantity: 2, final_line_price: 2000 }))).toBe(1000);
    expect(lineSaving(1000, item({ quantity: 2, final_line_price: 2000 }))).toBe(0);
    expect(lineSaving(null, item({}))).toBe(0);
  });
});

describe("cartView", () => {
  it("derives the counts and totals the cart shows", () => {
    const cart = {
      items: [item({ quantity: 2 }), item({ key: "2:b", quantity: 3 })],
      original_total_price: 5000,
      total_price: 4500,
      total_discount: 500,
    } as CartJson;
    expect(cartView(cart)).toMatchObject({ isEmpty: false, displayItemCount: 5, subtotal: 5000, discount: 500, total: 4500 });
    expect(cartView({ ...cart, items: [] }).isEmpty).toBe(true);
  });
});

describe("kits", () => {
  it("reads a kit's components and ignores anything malformed", () => {
    expect(kitComponents({ components: [{ handle: "scrub", quantity: 1 }, { handle: "cream", quantity: 2 }] })).toEqual([
      { handle: "scrub", quantity: 1 },
      { handle: "cream", quantity: 2 },
    ]);
    expect(kitComponents({ components: [{ handle: "scrub", quantity: 0 }, { handle: 3, quantity: 1 }, null] })).toEqual([]);
    expect(kitComponents({ components: "scrub" })).toEqual([]);
    expect(kitComponents(undefined)).toEqual([]);
  });
});
