import { describe, expect, it } from "vitest";
import type { ProductJson, VariantJson } from "../../core/shopify-types.ts";
import {
  buyButtonState,
  clampQuantity,
  findVariant,
  hasOnlyDefaultVariant,
  initialVariant,
  isPreorder,
  optionValueState,
  quantityLimits,
  selectionOf,
} from "./variant-selection.ts";

function variant(id: number, options: string[], overrides: Partial<VariantJson> = {}): VariantJson {
  return {
    id,
    title: options.join(" / "),
    option1: options[0] ?? null,
    option2: options[1] ?? null,
    option3: null,
    sku: `SKU-${id}`,
    requires_shipping: true,
    taxable: true,
    featured_image: null,
    available: true,
    name: `Serum - ${options.join(" / ")}`,
    public_title: options.join(" / "),
    options,
    price: 2500,
    weight: 100,
    compare_at_price: null,
    inventory_management: "shopify",
    inventory_policy: "deny",
    inventory_quantity: 10,
    barcode: "",
    requires_selling_plan: false,
    selling_plan_allocations: [],
    quantity_rule: { min: 1, max: null, increment: 1 },
    ...overrides,
  };
}

function product(variants: VariantJson[], options: ProductJson["options"]): ProductJson {
  return { variants, options } as ProductJson;
}

const sizeAndScent = product(
  [
    variant(1, ["15 ml", "Rose"], { available: false, inventory_quantity: 0 }),
    variant(2, ["30 ml", "Rose"]),
    variant(3, ["30 ml", "Neroli"]),
    variant(4, ["50 ml", "Neroli"], { available: false, inventory_quantity: 0 }),
  ],
  [
    { name: "Size", position: 1, values: ["15 ml", "30 ml", "50 ml"] },
    { name: "Scent", position: 2, values: ["Rose", "Neroli"] },
  ],
);

describe("choosing a variant", () => {
  it("finds the variant only when every option is chosen", () => {
    expect(findVariant(sizeAndScent, ["30 ml", "Neroli"])?.id).toBe(3);
    expect(findVariant(sizeAndScent, ["30 ml", null])).toBeUndefined();
    expect(findVariant(sizeAndScent, ["15 ml", "Neroli"])).toBeUndefined();
  });

  it("starts from ?variant=, else the first variant in stock", () => {
    expect(initialVariant(sizeAndScent, "4")?.id).toBe(4);
    expect(initialVariant(sizeAndScent, "999")?.id).toBe(2);
    expect(initialVariant(sizeAndScent, null)?.id).toBe(2);
    expect(selectionOf(sizeAndScent, initialVariant(sizeAndScent, null))).toEqual(["30 ml", "Rose"]);
  });

  it("tells which values would be sold out or do not exist with the other choices", () => {
    expect(optionValueState(sizeAndScent, ["30 ml", "Rose"], 0, "15 ml")).toBe("sold-out");
    expect(optionValueState(sizeAndScent, ["30 ml", "Rose"], 0, "50 ml")).toBe("unavailable");
    expect(optionValueState(sizeAndScent, ["30 ml", "Rose"], 1, "Neroli")).toBe("available");
    expect(optionValueState(sizeAndScent, [null, null], 0, "50 ml")).toBe("sold-out");
  });

  it("says what the buy button does", () => {
    expect(buyButtonState(undefined)).toBe("select");
    expect(buyButtonState(variant(9, ["x"], { available: false }))).toBe("sold-out");
    expect(buyButtonState(variant(9, ["x"]))).toBe("add");
  });

  it("recognises a product without options", () => {
    expect(hasOnlyDefaultVariant(product([variant(5, ["Default Title"])], [{ name: "Title", position: 1, values: ["Default Title"] }]))).toBe(true);
    expect(hasOnlyDefaultVariant(sizeAndScent)).toBe(false);
  });
});

describe("pre-orders", () => {
  it("is a pre-order when stock is tracked, oversold and gone", () => {
    expect(isPreorder(variant(1, ["x"], { inventory_policy: "continue", inventory_quantity: 0 }))).toBe(true);
    expect(isPreorder(variant(1, ["x"], { inventory_policy: "continue", inventory_quantity: -3 }))).toBe(true);
    expect(isPreorder(variant(1, ["x"], { inventory_policy: "continue", inventory_quantity: 4 }))).toBe(false);
    expect(isPreorder(variant(1, ["x"], { inventory_policy: "continue", inventory_quantity: 0, inventory_management: null }))).toBe(false);
    expect(isPreorder(variant(1, ["x"], { inventory_policy: "deny", inventory_quantity: 0 }))).toBe(false);
  });
});

describe("quantity limits", () => {
  it("defaults to 1–15", () => {
    expect(quantityLimits(variant(1, ["x"], { inventory_management: null }))).toEqual({ min: 1, max: 15 });
    expect(quantityLimits(variant(1, ["x"], { inventory_policy: "continue", inventory_quantity: 3 }))).toEqual({ min: 1, max: 15 });
    expect(quantityLimits(undefined)).toEqual({ min: 1, max: 15 });
  });

  it("follows stock when the shop never oversells, capped at 50", () => {
    expect(quantityLimits(variant(1, ["x"], { inventory_quantity: 4 })).max).toBe(4);
    expect(quantityLimits(variant(1, ["x"], { inventory_quantity: 120 })).max).toBe(50);
    expect(quantityLimits(variant(1, ["x"], { inventory_quantity: 0 })).max).toBe(1);
  });

  it("lets a configured maximum win", () => {
    expect(quantityLimits(variant(1, ["x"], { inventory_quantity: 4 }), 2).max).toBe(2);
    expect(quantityLimits(variant(1, ["x"]), 80).max).toBe(50);
  });

  it("clamps typed values", () => {
    const limits = { min: 1, max: 15 };
    expect(clampQuantity(0, limits)).toBe(1);
    expect(clampQuantity(99, limits)).toBe(15);
    expect(clampQuantity(3.7, limits)).toBe(3);
    expect(clampQuantity(Number.NaN, limits)).toBe(1);
  });
});
