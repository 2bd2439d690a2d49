import { describe, expect, it } from "vitest";
import { type CatalogVariant, variantCopy } from "./catalog.ts";

const original = (): CatalogVariant => ({
  id: 40_000_000_010_101,
  productId: 7_000_000_000_101,
  position: 1,
  title: "15 ml",
  option1: "15 ml",
  option2: null,
  option3: null,
  sku: "GEN-000053-15",
  barcode: "",
  price: 4200,
  compareAtPrice: 5300,
  grams: 57,
  taxable: true,
  requiresShipping: true,
  inventoryManagement: "shopify",
  inventoryPolicy: "deny",
  inventoryQuantity: 339,
  imageId: null,
});

describe("a variant's copy (a site's prices, a locale's words)", () => {
  it("has the original's fields in the original's order, the changes in their place", () => {
    const base = original();
    const copy = variantCopy(base, { price: 3900, compareAtPrice: null });
    expect(Object.keys(copy)).toEqual(Object.keys(base));
    expect(JSON.stringify(copy)).toBe(JSON.stringify({ ...base, price: 3900, compareAtPrice: null }));
    expect({ ...copy }).toEqual({ ...base, price: 3900, compareAtPrice: null });
  });

  it("reads its stock from the original, through copies of copies, and cannot be given its own", () => {
    const base = original();
    const translated = variantCopy(base, { title: "15 ml (fr)", option1: "15 ml (fr)" });
    const priced = variantCopy(translated, { price: 4600 });
    base.inventoryQuantity = 2;
    expect(translated.inventoryQuantity).toBe(2);
    expect(priced.inventoryQuantity).toBe(2);
    expect(priced.title).toBe("15 ml (fr)");
    expect(() => {
      (priced as { inventoryQuantity: number }).inventoryQuantity = 5;
    }).toThrow(TypeError);
    expect(base.inventoryQuantity).toBe(2);
  });

  it("keeps a field the original lacks out, as a spread copy would", () => {
    const { imageId: _left, ...withoutImage } = original();
    const copy = variantCopy(withoutImage as CatalogVariant, { price: 1 });
    expect(Object.keys(copy)).not.toContain("imageId");
  });
});
