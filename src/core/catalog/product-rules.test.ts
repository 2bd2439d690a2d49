import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addOnAddable,
  buyButtonState,
  clampQuantity,
  discountLinkDue,
  findVariant,
  hasOnlyDefaultVariant,
  initialSelection,
  isPreorder,
  lowStockCount,
  optionValueState,
  pricePerUnit,
  quantityLimits,
  selectionOf,
  setVariant,
  taxBreakdown,
  variantIdsFromHash,
  variantMillilitres,
} from "./product-rules.ts";
import type { ProductJson, VariantJson } from "../contract/shopify-types.ts";

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
    featured_media: null,
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

const single = product([variant(5, ["Default Title"])], [{ name: "Title", position: 1, values: ["Default Title"] }]);

describe("finding the variant from the chosen options", () => {
  it("finds the variant only when every option is chosen", () => {
    expect(findVariant(sizeAndScent, ["30 ml", "Neroli"])?.id).toBe(3);
    expect(findVariant(sizeAndScent, ["30 ml", null])).toBeUndefined();
    expect(findVariant(sizeAndScent, [null, null])).toBeUndefined();
    expect(findVariant(sizeAndScent, ["30 ml"])).toBeUndefined();
  });

  it("finds nothing for a combination the product does not sell", () => {
    expect(findVariant(sizeAndScent, ["15 ml", "Neroli"])).toBeUndefined();
  });

  it("starts from ?variant=, else the first variant that can be bought, else the first", () => {
    expect(initialSelection(sizeAndScent, "4")).toEqual(["50 ml", "Neroli"]);
    // Variant 1 is sold out: the first that can be bought is 30 ml Rose.
    expect(initialSelection(sizeAndScent, "999")).toEqual(["30 ml", "Rose"]);
    expect(initialSelection(sizeAndScent, null)).toEqual(["30 ml", "Rose"]);
    const allSoldOut = product([variant(5, ["15 ml"], { available: false, inventory_quantity: 0 }), variant(6, ["30 ml"], { available: false, inventory_quantity: 0 })], [
      { name: "Size", position: 1, values: ["15 ml", "30 ml"] },
    ]);
    expect(initialSelection(allSoldOut, null)).toEqual(["15 ml"]);
    expect(initialSelection(single, null)).toEqual(["Default Title"]);
    const oneScent = product([variant(7, ["30 ml", "Rose"]), variant(8, ["50 ml", "Rose"])], [
      { name: "Size", position: 1, values: ["30 ml", "50 ml"] },
      { name: "Scent", position: 2, values: ["Rose"] },
    ]);
    expect(initialSelection(oneScent, null)).toEqual(["30 ml", "Rose"]);
    expect(selectionOf(sizeAndScent, sizeAndScent.variants[1])).toEqual(["30 ml", "Rose"]);
  });

  it("tells which values would be sold out or do not exist with the other choices", () => {
    expect(optionValueState(sizeAndScent, ["30 ml", "Rose"], 0, "15 ml")).toBe("sold-out");
    expect(optionValueState(sizeAndScent, ["30 ml", "Rose"], 0, "50 ml")).toBe("unavailable");
    expect(optionValueState(sizeAndScent, ["30 ml", "Rose"], 1, "Neroli")).toBe("available");
    expect(optionValueState(sizeAndScent, [null, null], 0, "50 ml")).toBe("sold-out");
    expect(optionValueState(sizeAndScent, [null, null], 0, "30 ml")).toBe("available");
  });

  it("recognises a product without options", () => {
    expect(hasOnlyDefaultVariant(single)).toBe(true);
    expect(hasOnlyDefaultVariant(sizeAndScent)).toBe(false);
  });
});

describe("the buy button", () => {
  it("asks for a selection without a variant, says sold out when unavailable, else adds", () => {
    expect(buyButtonState(undefined)).toBe("select");
    expect(buyButtonState(variant(9, ["x"], { available: false }))).toBe("sold-out");
    expect(buyButtonState(variant(9, ["x"]))).toBe("add");
  });
});

describe("stock messages", () => {
  it("is a pre-order when stock is tracked, policy continue, and none is left", () => {
    expect(isPreorder(variant(1, ["x"], { inventory_policy: "continue", inventory_quantity: 0 }))).toBe(true);
    expect(isPreorder(variant(1, ["x"], { inventory_policy: "continue", inventory_quantity: -3 }))).toBe(true);
    expect(isPreorder(variant(1, ["x"], { inventory_policy: "continue", inventory_quantity: 4 }))).toBe(false);
    expect(isPreorder(variant(1, ["x"], { inventory_policy: "continue", inventory_quantity: 0, inventory_management: null }))).toBe(false);
    expect(isPreorder(variant(1, ["x"], { inventory_policy: "deny", inventory_quantity: 0 }))).toBe(false);
    expect(isPreorder(undefined)).toBe(false);
  });

  it("says how many are left when few are and no more will be sold", () => {
    expect(lowStockCount(variant(1, ["x"], { inventory_quantity: 3 }))).toBe(3);
    expect(lowStockCount(variant(1, ["x"], { inventory_quantity: 5 }))).toBe(5);
    expect(lowStockCount(variant(1, ["x"], { inventory_quantity: 6 }))).toBeNull();
    expect(lowStockCount(variant(1, ["x"], { inventory_quantity: 0, available: false }))).toBeNull();
    expect(lowStockCount(variant(1, ["x"], { inventory_quantity: 3, inventory_policy: "continue" }))).toBeNull();
    expect(lowStockCount(variant(1, ["x"], { inventory_quantity: 3, inventory_management: null }))).toBeNull();
  });
});

describe("quantity choices", () => {
  const settings = { defaultMax: 15, cap: 50, configuredMax: null };

  it("defaults to 1 to 15", () => {
    expect(quantityLimits(variant(1, ["x"], { inventory_management: null }), settings)).toEqual({ min: 1, max: 15 });
    expect(quantityLimits(variant(1, ["x"], { inventory_policy: "continue", inventory_quantity: 3 }), settings)).toEqual({ min: 1, max: 15 });
    expect(quantityLimits(undefined, settings)).toEqual({ min: 1, max: 15 });
    expect(quantityLimits(undefined)).toEqual({ min: 1, max: 15 });
  });

  it("follows the stock when the platform manages it and the policy is deny", () => {
    expect(quantityLimits(variant(1, ["x"], { inventory_quantity: 4 }), settings).max).toBe(4);
    expect(quantityLimits(variant(1, ["x"], { inventory_quantity: 40 }), settings).max).toBe(40);
  });

  it("never goes above the cap of 50", () => {
    expect(quantityLimits(variant(1, ["x"], { inventory_quantity: 120 }), settings).max).toBe(50);
    expect(quantityLimits(variant(1, ["x"]), { ...settings, configuredMax: 80 }).max).toBe(50);
    expect(quantityLimits(undefined, { defaultMax: 60, cap: 50, configuredMax: null }).max).toBe(50);
  });

  it("never goes below the minimum of 1", () => {
    expect(quantityLimits(variant(1, ["x"], { inventory_quantity: 0 }), settings)).toEqual({ min: 1, max: 1 });
    expect(quantityLimits(variant(1, ["x"], { inventory_quantity: -2 }), settings)).toEqual({ min: 1, max: 1 });
  });

  it("lets a configured maximum override the default and the stock", () => {
    expect(quantityLimits(variant(1, ["x"], { inventory_quantity: 4 }), { ...settings, configuredMax: 2 }).max).toBe(2);
    expect(quantityLimits(variant(1, ["x"], { inventory_quantity: 4 }), { ...settings, configuredMax: 10 }).max).toBe(10);
    expect(quantityLimits(variant(1, ["x"], { inventory_management: null }), { ...settings, configuredMax: 30 }).max).toBe(30);
  });

  it("reduces the current selection to fit and clamps typed values", () => {
    const limits = { min: 1, max: 15 };
    expect(clampQuantity(0, limits)).toBe(1);
    expect(clampQuantity(-4, limits)).toBe(1);
    expect(clampQuantity(99, limits)).toBe(15);
    expect(clampQuantity(3.7, limits)).toBe(3);
    expect(clampQuantity(Number.NaN, limits)).toBe(1);
    expect(clampQuantity(12, quantityLimits(variant(1, ["x"], { inventory_quantity: 4 }), settings))).toBe(4);
  });

  it("always offers a range inside 1 to the cap", () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 500 }), fc.option(fc.integer({ min: 1, max: 200 }), { nil: null }), fc.boolean(), fc.integer({ min: -1000, max: 1000 }), (stock, configuredMax, deny, typed) => {
        const limits = quantityLimits(variant(1, ["x"], { inventory_quantity: stock, inventory_policy: deny ? "deny" : "continue" }), { ...settings, configuredMax });
        expect(limits.min).toBe(1);
        expect(limits.max).toBeGreaterThanOrEqual(1);
        expect(limits.max).toBeLessThanOrEqual(50);
        const clamped = clampQuantity(typed, limits);
        expect(clamped).toBeGreaterThanOrEqual(limits.min);
        expect(clamped).toBeLessThanOrEqual(limits.max);
      }),
    );
  });
});

describe("price per ml", () => {
  it("prefers the chosen variant's own volume, then the product's amount_ml", () => {
    expect(variantMillilitres(variant(1, ["30 ml"]), 15)).toBe(30);
    expect(variantMillilitres(variant(1, ["Rose", "250 ml"]), 15)).toBe(250);
    expect(variantMillilitres(variant(1, ["Default Title"]), 50)).toBe(50);
    expect(variantMillilitres(variant(1, ["Light"]), undefined)).toBeNull();
    expect(variantMillilitres(variant(1, ["50 g"]), "50")).toBeNull();
    expect(variantMillilitres(undefined, 50)).toBeNull();
  });

  it("prices a unit of volume, or nothing when it cannot be computed", () => {
    expect(pricePerUnit(3800, 30, 100)).toBe(12667);
    expect(pricePerUnit(2600, 50, 100)).toBe(5200);
    expect(pricePerUnit(2600, null, 100)).toBeNull();
    expect(pricePerUnit(2600, 0, 100)).toBeNull();
    expect(pricePerUnit(Number.NaN, 30, 100)).toBeNull();
  });
});

describe("tax calculator", () => {
  it("shows the tax and the total for a chosen rate, nothing for none", () => {
    expect(taxBreakdown(2600, 20)).toEqual({ tax: 520, total: 3120 });
    expect(taxBreakdown(1999, 5)).toEqual({ tax: 100, total: 2099 });
    expect(taxBreakdown(2600, 0)).toEqual({ tax: 0, total: 2600 });
    expect(taxBreakdown(2600, null)).toBeNull();
    // Where prices include the tax, the price holds it: £38.00 at 20% holds £6.33.
    expect(taxBreakdown(3800, 20, true)).toEqual({ tax: 633, total: 3800 });
    expect(taxBreakdown(7600, 20, true)).toEqual({ tax: 1267, total: 7600 });
  });
});

describe("extra (add-on) products", () => {
  it("goes in only when its first variant may oversell, has enough stock, or is not managed", () => {
    expect(addOnAddable(variant(1, ["x"], { inventory_policy: "continue", inventory_quantity: 0 }), 3)).toBe(true);
    expect(addOnAddable(variant(1, ["x"], { inventory_management: null, inventory_quantity: 0 }), 3)).toBe(true);
    expect(addOnAddable(variant(1, ["x"], { inventory_quantity: 3 }), 3)).toBe(true);
    expect(addOnAddable(variant(1, ["x"], { inventory_quantity: 2 }), 3)).toBe(false);
    expect(addOnAddable(variant(1, ["x"], { inventory_quantity: 0 }), 1)).toBe(false);
    expect(addOnAddable(undefined, 1)).toBe(false);
  });
});

describe("a variant named by the address hash", () => {
  it("reads #variant=id lists and bare ids", () => {
    expect(variantIdsFromHash("#variant=12")).toEqual([12]);
    expect(variantIdsFromHash("#variant=12,34")).toEqual([12, 34]);
    expect(variantIdsFromHash("#variant%3D12")).toEqual([12]);
    expect(variantIdsFromHash("#56")).toEqual([56]);
    expect(variantIdsFromHash("#reviews")).toEqual([]);
    expect(variantIdsFromHash("")).toEqual([]);
  });

  it("picks the named variant of a set's product, else the first available, else the first", () => {
    const variants = [
      { id: 1, available: false },
      { id: 2, available: true },
      { id: 3, available: true },
    ];
    expect(setVariant(variants, [3])?.id).toBe(3);
    expect(setVariant(variants, [99])?.id).toBe(2);
    expect(setVariant(variants)?.id).toBe(2);
    expect(setVariant([{ id: 1, available: false }])?.id).toBe(1);
    expect(setVariant([])).toBeUndefined();
  });
});

describe("discount link", () => {
  // A £75 threshold option, as the settings schema holds it.
  const settings = { enabled: true, code: "GLOW10", threshold: 7500 };
  const cart = (total: number, codes: { code: string; applicable: boolean }[] = []) => ({ total_price: total, discount_codes: codes });

  it("applies the code once the cart total reaches the threshold", () => {
    expect(discountLinkDue(settings, cart(7499))).toBe(false);
    expect(discountLinkDue(settings, cart(7500))).toBe(true);
    expect(discountLinkDue({ ...settings, threshold: 0 }, cart(0))).toBe(true);
  });

  it("does nothing when switched off, without a code, or when the code is already on the cart", () => {
    expect(discountLinkDue({ ...settings, enabled: false }, cart(9000))).toBe(false);
    expect(discountLinkDue({ ...settings, code: null }, cart(9000))).toBe(false);
    expect(discountLinkDue(undefined, cart(9000))).toBe(false);
    expect(discountLinkDue(settings, cart(9000, [{ code: "glow10", applicable: true }]))).toBe(false);
    expect(discountLinkDue(settings, cart(9000, [{ code: "GLOW10", applicable: false }]))).toBe(true);
  });
});

