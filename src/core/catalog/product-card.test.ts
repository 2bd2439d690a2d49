import { describe, expect, it } from "vitest";
import { toGridProduct } from "./product-card.ts";
import type { ProductViewJson } from "../contract/shopify-types.ts";

describe("the product card view", () => {
  const view = {
    product: {
      id: 1,
      handle: "serum",
      title: "Serum",
      url: "/products/serum",
      vendor: "Lumen & Leaf",
      description: "<p>Long text</p>".repeat(50),
      price: 2400,
      price_min: 2400,
      price_max: 3200,
      price_varies: true,
      compare_at_price: null,
      compare_at_price_min: 0,
      available: true,
      variants: [{ id: 11 }, { id: 12 }],
      media: [{ src: "/a.png" }, { src: "/b.png" }],
      tags: ["x"],
    },
    metafields: { reviews: { rating: 4.5, count: 10 }, product_cart_badges: ["New"], helps_with: ["dryness"] },
  } as unknown as ProductViewJson;

  it("keeps what a card shows and drops the rest", () => {
    const card = toGridProduct(view);
    expect(card.product).toEqual({
      id: 1,
      handle: "serum",
      title: "Serum",
      url: "/products/serum",
      vendor: "Lumen & Leaf",
      price: 2400,
      price_min: 2400,
      price_varies: true,
      compare_at_price: null,
      compare_at_price_min: 0,
      available: true,
      media: [{ src: "/a.png" }],
    });
    expect(card.metafields).toEqual({ reviews: { rating: 4.5, count: 10 }, product_cart_badges: ["New"] });
  });

  it("leaves out metafields the product does not have", () => {
    expect(toGridProduct({ ...view, metafields: {} }).metafields).toEqual({});
  });
});
