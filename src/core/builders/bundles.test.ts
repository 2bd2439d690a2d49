import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type BundleDefinition,
  type BundleLine,
  bundleClaim,
  bundleDefinition,
  bundleSaving,
  bundleWarning,
  checkBundle,
  priceBundle,
  splitDiscount,
} from "./bundles.ts";
import type { BundleMetafields } from "../contract/shopify-types.ts";

const glowEdit: BundleMetafields = {
  enabled: true,
  type: "preselected",
  title: "The Glow Edit",
  products: ["gel-cleanser", "vitamin-c", "daily-shield"],
  discountType: "percent",
  discountAmount: 15,
};

const routineGroups = [
  { title: "Cleanse", optional: false, products: ["cream-cleanser", "gel-cleanser"] },
  { title: "Treat", optional: false, products: ["vitamin-c", "niacinamide"] },
  { title: "Moisturise", optional: false, products: ["barrier-cream", "water-gel"] },
  { title: "Protect", optional: true, products: ["daily-shield", "mineral-spf"] },
];

const routine: BundleMetafields = {
  enabled: true,
  type: "multiselect",
  title: "Build your routine",
  products: routineGroups.flatMap((group) => group.products),
  groups: routineGroups,
  discountType: "fixed",
  discountAmount: 10,
};

const shieldAndTint: BundleMetafields = {
  enabled: true,
  type: "variants",
  title: "Add a tint",
  products: ["skin-tint"],
  discountType: "percent",
  discountAmount: 20,
};

const definition = (handle: string, metafields: BundleMetafields): BundleDefinition => {
  const result = bundleDefinition(handle, metafields);
  if (!result) throw new Error(`no bundle on ${handle}`);
  return result;
};

const line = (handle: string, price: number, quantity = 1): BundleLine => ({ key: `${handle}:${quantity}`, handle, price, quantity });

describe("bundleDefinition", () => {
  it("reads the three types from the metafields", () => {
    expect(definition("glow-edit", glowEdit)).toMatchObject({ type: "preselected", productHandle: "glow-edit", discountType: "percent", discountAmount: 15, freeProducts: [] });
    expect(definition("routine", routine).groups).toHaveLength(4);
    expect(definition("daily-shield", shieldAndTint)).toMatchObject({ type: "variants", products: ["skin-tint"] });
  });

  it("has no bundle when switched off, of an unknown type, empty, or with a discount that is not a number", () => {
    expect(bundleDefinition("x", undefined)).toBeNull();
    expect(bundleDefinition("x", {})).toBeNull();
    expect(bundleDefinition("x", { ...glowEdit, enabled: false })).toBeNull();
    expect(bundleDefinition("x", { ...glowEdit, type: "mystery" as never })).toBeNull();
    expect(bundleDefinition("x", { ...glowEdit, products: [] })).toBeNull();
    expect(bundleDefinition("x", { ...glowEdit, discountAmount: "15" as never })).toBeNull();
    expect(bundleDefinition("x", { ...glowEdit, discountAmount: -5 })).toBeNull();
    expect(bundleDefinition("x", { ...glowEdit, discountType: "bogo" as never })).toBeNull();
    expect(bundleDefinition("x", { ...routine, groups: [] })).toBeNull();
    expect(bundleDefinition("x", { ...routine, groups: routineGroups.map((group) => ({ ...group, optional: true })) })).toBeNull();
  });

  it("takes free products only from the definition", () => {
    expect(definition("x", { ...glowEdit, freeProducts: ["daily-shield"] }).freeProducts).toEqual(["daily-shield"]);
    expect(definition("x", { ...glowEdit, freeProducts: "daily-shield" }).freeProducts).toEqual([]);
  });
});

describe("bundleClaim", () => {
  it("groups chooser lines by __bundleId and bundle-page lines by the part of _bundle-id before ---", () => {
    expect(bundleClaim({ __bundleId: "r1", __bundleProductId: "7" })).toEqual({ id: "bundle:r1", productId: "7" });
    expect(bundleClaim({ "_is-bundle-page-item": "true", "_bundle-id": "p9---Glow box" })).toEqual({ id: "page:p9", productId: null });
    expect(bundleClaim({ "_bundle-id": "p9" })).toEqual({ id: "page:p9", productId: null });
    expect(bundleClaim({ _is_bundle_item: "true" })).toBeNull();
    expect(bundleClaim({})).toBeNull();
    expect(bundleClaim(null)).toBeNull();
  });
});

describe("checkBundle", () => {
  const glow = definition("glow-edit", glowEdit);
  const build = definition("routine", routine);
  const shield = definition("daily-shield", shieldAndTint);

  it("preselected: every listed product once, in any order and any variant", () => {
    expect(checkBundle(glow, [line("vitamin-c", 2400), line("gel-cleanser", 1600), line("daily-shield", 2600)])).toEqual({ status: "complete", sets: 1 });
    expect(checkBundle(glow, [line("vitamin-c", 2400), line("gel-cleanser", 1600)]).status).toBe("incomplete");
    expect(checkBundle(glow, [line("vitamin-c", 2400), line("gel-cleanser", 1600), line("daily-shield", 2600), line("daily-shield", 2600)]).status).toBe("mismatch");
    expect(checkBundle(glow, [line("vitamin-c", 2400), line("gel-cleanser", 1600), line("retinol", 2600)]).status).toBe("mismatch");
    expect(checkBundle(glow, []).status).toBe("incomplete");
  });

  it("counts whole sets by the smallest quantity", () => {
    expect(checkBundle(glow, [line("vitamin-c", 2400, 2), line("gel-cleanser", 1600, 3), line("daily-shield", 2600, 2)])).toEqual({ status: "complete", sets: 2 });
  });

  it("multiselect: one pick from each required group, the optional group may be empty", () => {
    expect(checkBundle(build, [line("gel-cleanser", 1600), line("niacinamide", 1400), line("water-gel", 2200)]).status).toBe("complete");
    expect(checkBundle(build, [line("gel-cleanser", 1600), line("niacinamide", 1400), line("water-gel", 2200), line("mineral-spf", 2000)]).status).toBe("complete");
    expect(checkBundle(build, [line("gel-cleanser", 1600), line("niacinamide", 1400), line("mineral-spf", 2000)]).status).toBe("incomplete");
    expect(checkBundle(build, [line("gel-cleanser", 1600), line("cream-cleanser", 1500), line("niacinamide", 1400), line("water-gel", 2200)]).status).toBe("mismatch");
    expect(checkBundle(build, [line("gel-cleanser", 1600), line("niacinamide", 1400), line("water-gel", 2200), line("retinol", 3000)]).status).toBe("mismatch");
  });

  it("multiselect: a product offered in two groups fills whichever the bundle needs", () => {
    const shared = definition("s", {
      ...routine,
      groups: [
        { title: "A", optional: false, products: ["both", "only-a"] },
        { title: "B", optional: false, products: ["both"] },
      ],
    });
    expect(checkBundle(shared, [line("only-a", 100), line("both", 100)]).status).toBe("complete");
    expect(checkBundle(shared, [line("both", 100), line("only-a", 100)]).status).toBe("complete");
    expect(checkBundle(shared, [line("both", 100), line("both", 100)]).status).toBe("complete");
    expect(checkBundle(shared, [line("only-a", 100), line("only-a", 100)]).status).toBe("mismatch");
    expect(checkBundle(shared, [line("only-a", 100)]).status).toBe("incomplete");
  });

  it("variants: the parent product and one variant of a listed product", () => {
    expect(checkBundle(shield, [line("daily-shield", 2600), line("skin-tint", 2800)]).status).toBe("complete");
    expect(checkBundle(shield, [line("daily-shield", 2600)]).status).toBe("incomplete");
    expect(checkBundle(shield, [line("skin-tint", 2800)]).status).toBe("incomplete");
    expect(checkBundle(shield, [line("daily-shield", 2600), line("skin-tint", 2800), line("skin-tint", 2800)]).status).toBe("mismatch");
    expect(checkBundle(shield, [line("daily-shield", 2600), line("vitamin-c", 2400)]).status).toBe("mismatch");
  });
});

describe("bundleSaving", () => {
  it("fixed takes the definition's minor-unit discount, percent is of the paid total, never more than it", () => {
    expect(bundleSaving({ discountType: "fixed", discountAmount: 10, fixedDiscount: 1000 }, 5200)).toBe(1000);
    expect(bundleSaving({ discountType: "fixed", discountAmount: 2.5, fixedDiscount: 250 }, 5200)).toBe(250);
    expect(bundleSaving({ discountType: "fixed", discountAmount: 100, fixedDiscount: 10000 }, 5200)).toBe(5200);
    expect(bundleSaving({ discountType: "percent", discountAmount: 15, fixedDiscount: 0 }, 6600)).toBe(990);
    expect(bundleSaving({ discountType: "percent", discountAmount: 15, fixedDiscount: 0 }, 1001)).toBe(150);
    expect(bundleSaving({ discountType: "percent", discountAmount: 150, fixedDiscount: 0 }, 1000)).toBe(1000);
    expect(bundleSaving({ discountType: "percent", discountAmount: 15, fixedDiscount: 0 }, 0)).toBe(0);
  });

  it("reads the fixed amount once: the definition holds whole units × 100, rounded to the minor unit", () => {
    expect(definition("routine", routine)).toMatchObject({ discountType: "fixed", discountAmount: 10, fixedDiscount: 1000 });
    expect(definition("routine", { ...routine, discountAmount: 2.5 }).fixedDiscount).toBe(250);
    expect(definition("routine", { ...routine, discountAmount: 0.1 + 0.2 }).fixedDiscount).toBe(30);
    expect(definition("glow-edit", glowEdit).fixedDiscount).toBe(0);
  });
});

describe("splitDiscount", () => {
  it("splits in proportion to price, the remainder to the last line", () => {
    expect(splitDiscount(1000, [1600, 1400, 2200])).toEqual([307, 269, 424]);
    expect(splitDiscount(990, [1600, 2400, 2600])).toEqual([240, 360, 390]);
    expect(splitDiscount(10, [1, 1, 1])).toEqual([1, 1, 1]);
  });

  it("passes the remainder back when the last line cannot take it", () => {
    expect(splitDiscount(5, [3, 3, 0])).toEqual([2, 3, 0]);
  });

  const amounts = fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 12 });

  it("allocations sum exactly to the discount (capped at the total)", () => {
    fc.assert(
      fc.property(amounts, fc.integer({ min: 0, max: 2_000_000 }), (prices, discount) => {
        const total = prices.reduce((sum, price) => sum + price, 0);
        const parts = splitDiscount(discount, prices);
        expect(parts.reduce((sum, part) => sum + part, 0)).toBe(Math.min(discount, total));
      }),
    );
  });

  it("no allocation is negative or larger than its line", () => {
    fc.assert(
      fc.property(amounts, fc.integer({ min: -100, max: 2_000_000 }), (prices, discount) => {
        const parts = splitDiscount(discount, prices);
        expect(parts).toHaveLength(prices.length);
        parts.forEach((part, index) => {
          expect(part).toBeGreaterThanOrEqual(0);
          expect(part).toBeLessThanOrEqual(prices[index] ?? 0);
        });
      }),
    );
  });
});

describe("priceBundle", () => {
  const glow = definition("glow-edit", glowEdit);

  it("gives a complete bundle its saving split across its lines", () => {
    const price = priceBundle(glow, [line("gel-cleanser", 1600), line("vitamin-c", 2400), line("daily-shield", 2600)]);
    expect(price).toEqual({ status: "complete", sets: 1, allocations: [240, 360, 390], discount: 990 });
  });

  it("gives an incomplete or mismatched bundle nothing", () => {
    expect(priceBundle(glow, [line("gel-cleanser", 1600), line("vitamin-c", 2400)])).toEqual({ status: "incomplete", sets: 0, allocations: [0, 0], discount: 0 });
    expect(priceBundle(glow, [line("gel-cleanser", 1600), line("vitamin-c", 2400), line("retinol", 3000)]).discount).toBe(0);
  });

  it("discounts whole sets only; extra units pay full price", () => {
    const price = priceBundle(glow, [line("gel-cleanser", 1600, 2), line("vitamin-c", 2400, 2), line("daily-shield", 2600, 3)]);
    expect(price.sets).toBe(2);
    expect(price.allocations).toEqual([480, 720, 780]);
  });

  it("makes the definition's free products free and discounts the rest", () => {
    const withFree = definition("glow-edit", { ...glowEdit, freeProducts: ["daily-shield"] });
    const price = priceBundle(withFree, [line("gel-cleanser", 1600), line("vitamin-c", 2400), line("daily-shield", 2600)]);
    expect(price.allocations).toEqual([240, 360, 2600]);
  });

  const fixedOrPercent = fc.record({ discountType: fc.constantFrom("fixed" as const, "percent" as const), discountAmount: fc.integer({ min: 0, max: 500 }) });

  it("never takes more off a line than it costs, and the parts make the discount", () => {
    fc.assert(
      fc.property(fixedOrPercent, fc.array(fc.integer({ min: 0, max: 50_000 }), { minLength: 3, maxLength: 3 }), fc.integer({ min: 1, max: 5 }), (discount, prices, quantity) => {
        const bundle = definition("glow-edit", { ...glowEdit, ...discount });
        const lines = ["gel-cleanser", "vitamin-c", "daily-shield"].map((handle, index) => line(handle, prices[index] ?? 0, quantity));
        const price = priceBundle(bundle, lines);
        price.allocations.forEach((amount, index) => {
          expect(amount).toBeGreaterThanOrEqual(0);
          expect(amount).toBeLessThanOrEqual((lines[index]?.price ?? 0) * (lines[index]?.quantity ?? 0));
        });
        expect(price.discount).toBe(price.allocations.reduce((sum, amount) => sum + amount, 0));
        expect(price.discount).toBe(quantity * bundleSaving(bundle, prices.reduce((sum, value) => sum + value, 0)));
      }),
    );
  });
});

describe("bundleWarning", () => {
  it("says why the discount went", () => {
    expect(bundleWarning("incomplete", "The Glow Edit")).toBe("The Glow Edit is no longer complete, so its bundle discount was removed.");
    expect(bundleWarning("mismatch", "The Glow Edit")).toMatch(/^The Glow Edit does not match its bundle/);
    expect(bundleWarning("unavailable", "This bundle")).toBe("This bundle is no longer on offer, so no bundle discount applies.");
  });
});
