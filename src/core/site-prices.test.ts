import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type PriceRounding, convertPrice, priceForSite, thresholdForSite } from "./site-prices.ts";

const euro = { rate: 1.17, rounding: "0.95" as const };

describe("prices on another site", () => {
  it("converts at the site's rate and rounds by its rule", () => {
    expect(convertPrice(2400, { rate: 1.17, rounding: "none" })).toBe(2808);
    expect(convertPrice(2400, { rate: 1.17, rounding: "whole" })).toBe(2900);
    expect(convertPrice(2400, euro)).toBe(2895);
    expect(convertPrice(2400, { rate: 1.17, rounding: "0.99" })).toBe(2899);
    // Already on the ending: it stays.
    expect(convertPrice(2895, { rate: 1, rounding: "0.95" })).toBe(2895);
    expect(convertPrice(2896, { rate: 1, rounding: "0.95" })).toBe(2995);
    expect(convertPrice(50, { rate: 1, rounding: "0.95" })).toBe(95);
  });

  it("keeps a free item free and a fixed price as the merchant set it", () => {
    expect(convertPrice(0, euro)).toBe(0);
    expect(priceForSite(2400, euro, 2500)).toBe(2500);
    expect(priceForSite(2400, euro, 0)).toBe(0);
    expect(priceForSite(2400, euro, null)).toBe(2895);
  });

  it("puts thresholds in whole units of the site's currency", () => {
    expect(thresholdForSite(4000, { rate: 1.17, rounding: "0.95" })).toBe(4700);
    expect(thresholdForSite(4000, { rate: 1.27, rounding: "none" })).toBe(5100);
  });

  const rounding = fc.constantFrom<PriceRounding>("none", "whole", "0.95", "0.99");
  const site = fc.record({ rate: fc.double({ min: 0.01, max: 500, noNaN: true }), rounding });

  it("never answers a negative or fractional minor unit", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), site, fc.option(fc.integer({ min: 0, max: 100_000_000 })), (base, target, fixed) => {
        const price = priceForSite(base, target, fixed);
        expect(Number.isSafeInteger(price)).toBe(true);
        expect(price).toBeGreaterThanOrEqual(0);
        expect(Number.isSafeInteger(thresholdForSite(base, target))).toBe(true);
      }),
    );
  });

  it("a fixed price always wins, and a dearer base price is never cheaper on the site", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), site, fc.integer({ min: 0, max: 10_000_000 }), (a, b, target, fixed) => {
        expect(priceForSite(a, target, fixed)).toBe(fixed);
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(convertPrice(low, target)).toBeLessThanOrEqual(convertPrice(high, target));
      }),
    );
  });
});
