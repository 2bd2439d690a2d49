import { describe, expect, it } from "vitest";
import {
  bundleButtonState,
  bundleComplete,
  bundleLineProperties,
  bundleOutOfStock,
  bundlePageButtonState,
  bundlePageLineProperties,
  bundlePageSteps,
  bundleQuote,
  newBundleId,
} from "./bundle-chooser.ts";
import { type BundleDefinition, bundleClaim } from "./bundles.ts";

const on = { available: true };
const off = { available: false };

const glowEdit: BundleDefinition = {
  type: "preselected",
  productHandle: "the-glow-edit",
  title: "The Glow Edit",
  products: ["gel-cleanser", "vitamin-c", "daily-shield"],
  groups: [],
  discountType: "percent",
  discountAmount: 15,
  fixedDiscount: 0,
  freeProducts: [],
};

const routine: BundleDefinition = {
  type: "multiselect",
  productHandle: "build-your-own-routine",
  title: "Build your routine",
  products: [],
  groups: [
    { title: "Cleanse", optional: false, products: ["cream-cleanser", "gel-cleanser"] },
    { title: "Treat", optional: false, products: ["vitamin-c"] },
    { title: "Protect", optional: true, products: ["daily-shield"] },
  ],
  discountType: "fixed",
  discountAmount: 10,
  fixedDiscount: 1000,
  freeProducts: [],
};

const shieldAndTint: BundleDefinition = {
  type: "variants",
  productHandle: "daily-shield",
  title: "Add a tint",
  products: ["skin-tint"],
  groups: [],
  discountType: "percent",
  discountAmount: 20,
  fixedDiscount: 0,
  freeProducts: [],
};

describe("completeness", () => {
  it("a variants bundle is complete once a radio is chosen", () => {
    const slots = [{ optional: false, options: [on, on, off] }];
    expect(bundleComplete(slots, [null])).toBe(false);
    expect(bundleComplete(slots, [on])).toBe(true);
  });

  it("a multiselect bundle is complete when every non-optional group has a choice", () => {
    const slots = [
      { optional: false, options: [on, on] },
      { optional: false, options: [on] },
      { optional: true, options: [on] },
    ];
    expect(bundleComplete(slots, [on, null, null])).toBe(false);
    expect(bundleComplete(slots, [on, on, null])).toBe(true);
    expect(bundleComplete(slots, [on, on, on])).toBe(true);
    expect(bundleComplete(slots, [null, on, on])).toBe(false);
  });

  it("an unavailable pick does not complete a slot", () => {
    expect(bundleComplete([{ optional: false, options: [off] }], [off])).toBe(false);
  });
});

describe("stock", () => {
  it("a variants bundle is out of stock only when all its options are disabled", () => {
    expect(bundleOutOfStock([{ optional: false, options: [on, off] }])).toBe(false);
    expect(bundleOutOfStock([{ optional: false, options: [off, off] }])).toBe(true);
  });

  it("a preselected bundle is out of stock when any of its products is", () => {
    expect(bundleOutOfStock([{ optional: false, options: [on] }, { optional: false, options: [on] }])).toBe(false);
    expect(bundleOutOfStock([{ optional: false, options: [on] }, { optional: false, options: [off] }])).toBe(true);
  });

  it("a sold-out optional group does not make the bundle out of stock", () => {
    expect(bundleOutOfStock([{ optional: false, options: [on] }, { optional: true, options: [off] }])).toBe(false);
  });
});

describe("the chooser's button", () => {
  it("says sold out, add to cart or make a selection", () => {
    const slots = [{ optional: false, options: [on, off] }];
    expect(bundleButtonState(slots, [null])).toBe("select");
    expect(bundleButtonState(slots, [on])).toBe("add");
    expect(bundleButtonState([{ optional: false, options: [off] }], [null])).toBe("sold-out");
  });

  it("on the bundle page: select until each step has a choice, out of stock for an unavailable pick, else add", () => {
    expect(bundlePageButtonState(3, 2, [on, on])).toBe("select");
    expect(bundlePageButtonState(3, 3, [on, off, on])).toBe("sold-out");
    expect(bundlePageButtonState(3, 3, [on, on, on])).toBe("add");
    expect(bundlePageButtonState(3, 3, [on, on])).toBe("add");
  });
});

describe("price", () => {
  it("takes a percent off a complete set", () => {
    const quote = bundleQuote(glowEdit, [
      { handle: "gel-cleanser", price: 1600 },
      { handle: "vitamin-c", price: 2400 },
      { handle: "daily-shield", price: 2600 },
    ]);
    expect(quote).toEqual({ subtotal: 6600, saving: 990, total: 5610, complete: true, offer: 990 });
  });

  it("takes a fixed amount (currency units × 100) off a complete set", () => {
    const quote = bundleQuote(routine, [
      { handle: "cream-cleanser", price: 1800 },
      { handle: "vitamin-c", price: 2400 },
    ]);
    expect(quote).toEqual({ subtotal: 4200, saving: 1000, total: 3200, complete: true, offer: 1000 });
  });

  it("saves nothing until the set is complete, but says what it would save", () => {
    expect(bundleQuote(routine, [{ handle: "cream-cleanser", price: 1800 }])).toEqual({ subtotal: 1800, saving: 0, total: 1800, complete: false, offer: 1000 });
    expect(bundleQuote(routine, [])).toMatchObject({ subtotal: 0, saving: 0, offer: 1000 });
    expect(bundleQuote(glowEdit, [])).toMatchObject({ subtotal: 0, saving: 0, offer: 0 });
    expect(bundleQuote(shieldAndTint, [{ handle: "daily-shield", price: 2600 }])).toMatchObject({ saving: 0, complete: false, offer: 520 });
  });

  it("prices the parent with its chosen variant", () => {
    expect(bundleQuote(shieldAndTint, [{ handle: "daily-shield", price: 2600 }, { handle: "skin-tint", price: 2700 }])).toMatchObject({ subtotal: 5300, saving: 1060, total: 4240 });
  });

  it("makes the definition's free products free", () => {
    const quote = bundleQuote({ ...glowEdit, freeProducts: ["daily-shield"] }, [
      { handle: "gel-cleanser", price: 1600 },
      { handle: "vitamin-c", price: 2400 },
      { handle: "daily-shield", price: 2600 },
    ]);
    // 15% of the paid 4000 is 600, plus the 2600 free item.
    expect(quote).toMatchObject({ subtotal: 6600, saving: 3200, total: 3400 });
  });
});

describe("line properties", () => {
  const input = { bundleId: "abc123", productId: 7, variantId: 70, title: "The Glow Edit", group: "the-glow-edit", itemText: "Part of The Glow Edit", free: false };

  it("mark every line of a chooser add as one bundle of one product", () => {
    expect(bundleLineProperties(input)).toEqual({
      __bundleId: "abc123",
      __bundleProductId: "7",
      __bundleVariantId: "70",
      __bundleTitle: "The Glow Edit",
      __bundleGroup: "the-glow-edit",
      _is_bundle_item: "true",
      _bundle_item_text: "Part of The Glow Edit",
      Bundle: "The Glow Edit",
    });
    expect(bundleLineProperties({ ...input, free: true })._is_bundle_free_item).toBe("true");
    expect(bundleClaim(bundleLineProperties(input))).toEqual({ id: "bundle:abc123", productId: "7" });
  });

  it("mark bundle page lines with the page's id and the bundle product", () => {
    const properties = bundlePageLineProperties({ bundleId: "p1", productId: 9, variantId: 90, title: "Routine", group: "Cleanse" });
    expect(properties).toMatchObject({ "_is-bundle-page-item": "true", "_bundle-id": "p1---Routine", __bundleProductId: "9", __bundleGroup: "Cleanse" });
    expect(bundleClaim(properties)?.productId).toBe("9");
  });

  it("gives each add its own id", () => {
    const ids = new Set(Array.from({ length: 200 }, () => newBundleId()));
    expect(ids.size).toBe(200);
    expect(newBundleId(() => 0, () => 0)).toBe("000000000");
  });
});

describe("bundle page steps", () => {
  it("are the groups of a multiselect bundle", () => {
    expect(bundlePageSteps(routine, (handle) => handle).map((step) => [step.title, step.optional])).toEqual([
      ["Cleanse", false],
      ["Treat", false],
      ["Protect", true],
    ]);
  });

  it("are the products of a preselected set, one each", () => {
    expect(bundlePageSteps(glowEdit, (handle) => handle.toUpperCase())).toEqual([
      { title: "GEL-CLEANSER", optional: false, products: ["gel-cleanser"] },
      { title: "VITAMIN-C", optional: false, products: ["vitamin-c"] },
      { title: "DAILY-SHIELD", optional: false, products: ["daily-shield"] },
    ]);
  });

  it("do not exist for a variants bundle", () => {
    expect(bundlePageSteps(shieldAndTint, (handle) => handle)).toEqual([]);
  });
});
