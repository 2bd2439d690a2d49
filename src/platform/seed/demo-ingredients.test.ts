import { describe, expect, it } from "vitest";
import { inciListOf, keyIngredientsOf, unknownInciNames } from "../../core/catalog/inci.ts";
import { demoCatalog } from "./demo-catalog.ts";
import { DEMO_INCI_NAMES } from "./demo-ingredients.ts";

const FORMULA_TYPES = new Set(["Cleanser", "Toner", "Serum", "Moisturiser", "Sunscreen", "Facial Oil", "Eye Care", "Body Wash", "Body Lotion", "Hand Cream", "Body Scrub", "Lip Care"]);

describe("the demo labels", () => {
  it("use only names the shipped INCI list knows", () => {
    expect(unknownInciNames(DEMO_INCI_NAMES)).toEqual([]);
  });

  it("give every skincare product a full list whose key ingredients are on it", () => {
    const formulas = demoCatalog.products.filter((product) => FORMULA_TYPES.has(product.productType));
    expect(formulas.length).toBeGreaterThan(30);
    for (const product of formulas) {
      const list = inciListOf(product.metafields?.custom);
      const key = keyIngredientsOf(product.metafields?.custom);
      expect(list.length, product.handle).toBeGreaterThan(1);
      expect(key.length, product.handle).toBeGreaterThan(0);
      expect(key.every((name) => list.includes(name)), product.handle).toBe(true);
    }
  });
});
