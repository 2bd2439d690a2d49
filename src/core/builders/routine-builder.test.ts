import { describe, expect, it } from "vitest";
import { helpsWithPoints, largestPriceVariant, routineItems, stepItems } from "./routine-builder.ts";

describe("helpsWithPoints", () => {
  it("shows at most three of the ten points, in order, skipping blanks", () => {
    expect(helpsWithPoints({ helps_with_point_0: "Brightens", helps_with_point_1: " ", helps_with_point_4: "Evens tone", helps_with_point_7: "Plumps", helps_with_point_9: "Soothes" })).toEqual([
      "Brightens",
      "Evens tone",
      "Plumps",
    ]);
    expect(helpsWithPoints({})).toEqual([]);
  });
});

describe("largestPriceVariant", () => {
  it("takes the largest price that can be bought, the first on a tie", () => {
    const variants = [
      { id: 1, price: 2400, available: true },
      { id: 2, price: 5400, available: false },
      { id: 3, price: 3800, available: true },
      { id: 4, price: 3800, available: true },
    ];
    expect(largestPriceVariant(variants)?.id).toBe(3);
    expect(largestPriceVariant([{ id: 1, price: 100, available: false }])).toBeNull();
  });
});

describe("stepItems", () => {
  const product = (handle: string, extra: { exclude?: boolean; isDuplicateOf?: string; variantId?: number | null } = {}) => ({
    handle,
    exclude: extra.exclude ?? false,
    isDuplicateOf: extra.isDuplicateOf ?? null,
    variantId: extra.variantId === undefined ? handle.length : extra.variantId,
  });

  it("adds each product of both lists once, without excluded ones, repeats or what cannot be bought", () => {
    const step = {
      title: "Cleanse",
      am: [product("cream"), product("hyaluronic", { exclude: true })],
      pm: [product("balm"), product("cream", { isDuplicateOf: "cream" }), product("sold-out", { variantId: null })],
    };
    expect(stepItems(step).map((item) => [item.handle, item.quantity])).toEqual([
      ["cream", 1],
      ["balm", 1],
    ]);
  });

  it("adds the whole routine with each product once across steps", () => {
    const steps = [
      { title: "A", am: [product("cream")], pm: [product("balm")] },
      { title: "B", am: [product("cream")], pm: [product("serum")] },
    ];
    expect(routineItems(steps).map((item) => item.handle)).toEqual(["cream", "balm", "serum"]);
  });
});
