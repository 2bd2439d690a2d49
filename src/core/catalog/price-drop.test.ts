import { describe, expect, it } from "vitest";
import { followedPrice, priceDropVerdict } from "./price-drop.ts";

describe("price drops", () => {
  it("follows a product's lowest variant price", () => {
    expect(followedPrice([{ price: 2400 }, { price: 1800 }, { price: 3000 }])).toBe(1800);
    expect(followedPrice([])).toBeNull();
  });

  it("counts only a fall below the lowest price the follower knows, in the same currency", () => {
    const known = { price: 2000, currency: "GBP" };
    expect(priceDropVerdict(known, { price: 1999, currency: "GBP" })).toBe("drop");
    expect(priceDropVerdict(known, { price: 2000, currency: "GBP" })).toBe("none");
    expect(priceDropVerdict(known, { price: 2500, currency: "GBP" })).toBe("none");
    expect(priceDropVerdict(known, { price: 1500, currency: "USD" })).toBe("reset");
    expect(priceDropVerdict(known, null)).toBe("none");
  });
});
