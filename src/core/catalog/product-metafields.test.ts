import { describe, expect, it } from "vitest";
import {
  AMOUNT_ML_MAX,
  CART_BADGES_MAX,
  CART_BADGE_LENGTH_MAX,
  HELPS_WITH_LENGTH_MAX,
  UPSELL_ITEMS_MAX,
  amountMlOf,
  cartBadgesOf,
  helpsWithOf,
  parseAmountMl,
  readThemeMetafields,
  themeMetafieldsOf,
  unknownHandlesMessage,
  upsellHandlesOf,
  withHelpsWithPoints,
  withThemeMetafields,
  writeThemeMetafields,
} from "./product-metafields.ts";
import { HELPS_WITH_POINTS } from "../builders/routine-builder.ts";
import type { ProductMetafields } from "../contract/shopify-types.ts";

/** Metafields as a badly written import or an old seed may hold them. */
const loose = (value: unknown) => value as never;

describe("reading the metafields as the theme shows them", () => {
  it("shows the badges that are text, trimmed, in order, and none when there are none", () => {
    expect(cartBadgesOf({ product_cart_badges: [" Vegan ", "", "  ", loose(7), loose(null), "New"] })).toEqual(["Vegan", "New"]);
    expect(cartBadgesOf({ product_cart_badges: loose("Vegan") })).toEqual([]);
    expect(cartBadgesOf({})).toEqual([]);
    expect(cartBadgesOf(undefined)).toEqual([]);
  });

  it("reads the 'helps with' points the same way", () => {
    expect(helpsWithOf({ helps_with: ["Dryness", loose({ text: "x" }), " ", " Dull skin"] })).toEqual(["Dryness", "Dull skin"]);
    expect(helpsWithOf({ helps_with: loose(3) })).toEqual([]);
    expect(helpsWithOf(undefined)).toEqual([]);
  });

  it("reads the size only as a positive number of millilitres", () => {
    expect(amountMlOf({ price_per_ml: { amount_ml: 50 } })).toBe(50);
    expect(amountMlOf({ price_per_ml: { amount_ml: 7.5 } })).toBe(7.5);
    for (const amount of [0, -5, Number.NaN, Number.POSITIVE_INFINITY, "50", null]) expect(amountMlOf({ price_per_ml: { amount_ml: loose(amount) } }), String(amount)).toBeNull();
    expect(amountMlOf({ price_per_ml: loose(null) })).toBeNull();
    expect(amountMlOf({})).toBeNull();
    expect(amountMlOf(undefined)).toBeNull();
  });

  it("offers each add-on once, never the product itself, and skips what is not text", () => {
    expect(upsellHandlesOf({ checkout_upsell_items: ["calm-balm", "rose-oil", " calm-balm ", "rose-oil", loose(12), "", "rose-face-oil"] }, "rose-face-oil")).toEqual(["calm-balm", "rose-oil"]);
    expect(upsellHandlesOf({ checkout_upsell_items: loose("calm-balm") }, "x")).toEqual([]);
    expect(upsellHandlesOf(undefined, "x")).toEqual([]);
  });

  it("fills the form from the product's metafields by the same rules", () => {
    const custom: ProductMetafields = { product_cart_badges: ["Vegan", ""], price_per_ml: { amount_ml: 30 }, helps_with: ["Dryness"], checkout_upsell_items: ["own", "calm-balm"], ingredients: "Aqua" };
    expect(themeMetafieldsOf(custom, "own")).toEqual({ badges: ["Vegan"], amountMl: 30, helpsWith: ["Dryness"], upsellHandles: ["calm-balm"] });
    expect(themeMetafieldsOf({}, "own")).toEqual({ badges: [], amountMl: null, helpsWith: [], upsellHandles: [] });
  });
});

describe("the size in millilitres as typed", () => {
  const message = "Enter the size in millilitres, such as 50, or leave it empty for products not sold by volume.";

  it("takes a number, with or without ml, up to two decimals", () => {
    expect(parseAmountMl("50")).toEqual({ amountMl: 50 });
    expect(parseAmountMl(" 50 ml ")).toEqual({ amountMl: 50 });
    expect(parseAmountMl("50ML")).toEqual({ amountMl: 50 });
    expect(parseAmountMl("7.5")).toEqual({ amountMl: 7.5 });
    expect(parseAmountMl(String(AMOUNT_ML_MAX))).toEqual({ amountMl: AMOUNT_ML_MAX });
  });

  it("is empty for products not sold by volume", () => {
    expect(parseAmountMl("")).toEqual({ amountMl: null });
    expect(parseAmountMl("   ")).toEqual({ amountMl: null });
  });

  it("refuses nothing, less than nothing and what is not a volume", () => {
    for (const bad of ["0", "0.00", "-1", "abc", "50 l", "5,5", "1e3", "7.555", ".5", "50 ml ml"]) expect(parseAmountMl(bad), bad).toEqual({ error: message });
  });

  it("refuses more than ten litres, however many digits", () => {
    const over = { error: "Enter a size of at most 10,000 ml." };
    expect(parseAmountMl("10000.01")).toEqual(over);
    expect(parseAmountMl("10001")).toEqual(over);
    expect(parseAmountMl("250000 ml")).toEqual(over);
  });
});

describe("the four fields as the form posts them", () => {
  const empty = { badges: "", amountMl: "", helpsWith: "", upsellHandles: "" };
  const read = (input: Partial<typeof empty>, own = "rose-face-oil") => readThemeMetafields({ ...empty, ...input }, own);

  it("reads one entry per line, blank lines and spaces dropped, every line break kind", () => {
    expect(read({ badges: " Vegan \r\n\r\nNew\rBestseller\n", amountMl: "30 ml", helpsWith: "Dryness\n\nDull skin", upsellHandles: "calm-balm\n  night-cream  " })).toEqual({
      fields: { badges: ["Vegan", "New", "Bestseller"], amountMl: 30, helpsWith: ["Dryness", "Dull skin"], upsellHandles: ["calm-balm", "night-cream"] },
      errors: {},
    });
    expect(read({})).toEqual({ fields: { badges: [], amountMl: null, helpsWith: [], upsellHandles: [] }, errors: {} });
  });

  it("limits the badges: how many, how long, each once, one plain line each", () => {
    const badges = (text: string) => read({ badges: text }).errors;
    expect(badges(Array.from({ length: CART_BADGES_MAX }, (_, i) => `Badge ${i}`).join("\n"))).toEqual({});
    expect(badges(Array.from({ length: CART_BADGES_MAX + 1 }, (_, i) => `Badge ${i}`).join("\n"))).toEqual({ cart_badges: "Use at most 4 badges." });
    expect(badges("x".repeat(CART_BADGE_LENGTH_MAX))).toEqual({});
    expect(badges(`Vegan\n${"x".repeat(CART_BADGE_LENGTH_MAX + 1)}`)).toEqual({ cart_badges: "Keep each badge to 24 characters or fewer." });
    expect(badges("Vegan\nvegan")).toEqual({ cart_badges: "Write each badge once." });
    expect(badges("Ve\u0007gan")).toEqual({ cart_badges: "Remove the special characters from the badges." });
    expect(badges("Ve\tgan")).toEqual({ cart_badges: "Remove the special characters from the badges." });
    expect(badges("Vegan; cruelty free")).toEqual({ cart_badges: "Leave semicolons out of the badges: the product CSV separates badges with them." });
  });

  it("limits the 'helps with' points: how many, how long, one plain line each", () => {
    const points = (text: string) => read({ helpsWith: text }).errors;
    expect(points(Array.from({ length: HELPS_WITH_POINTS }, (_, i) => `Point ${i}`).join("\n"))).toEqual({});
    expect(points(Array.from({ length: HELPS_WITH_POINTS + 1 }, (_, i) => `Point ${i}`).join("\n"))).toEqual({ helps_with: "Use at most 10 points." });
    expect(points("y".repeat(HELPS_WITH_LENGTH_MAX))).toEqual({});
    expect(points("y".repeat(HELPS_WITH_LENGTH_MAX + 1))).toEqual({ helps_with: "Keep each point to 80 characters or fewer." });
    expect(points("Dry\u001bness")).toEqual({ helps_with: "Remove the special characters from the points." });
    expect(points("Dry; flaky skin")).toEqual({ helps_with: "Leave semicolons out of the points: the product CSV separates points with them." });
  });

  it("names the size field with the size's message", () => {
    expect(read({ amountMl: "abc" }).errors).toEqual({ amount_ml: "Enter the size in millilitres, such as 50, or leave it empty for products not sold by volume." });
    expect(read({ amountMl: "20000" })).toMatchObject({ fields: { amountMl: null }, errors: { amount_ml: "Enter a size of at most 10,000 ml." } });
  });

  it("reads a product's address as its handle", () => {
    const handles = (text: string) => read({ upsellHandles: text });
    expect(handles("https://x/products/calm-balm\n/products/night-cream\nproducts/day-cream/\nhttp://shop.example/collections/face/products/eye-gel?variant=3#reviews").fields.upsellHandles).toEqual([
      "calm-balm",
      "night-cream",
      "day-cream",
      "eye-gel",
    ]);
    expect(handles("https://x/products/rose-face-oil").errors).toEqual({ upsell_items: "A product cannot be its own add-on: remove its handle." });
    expect(handles("calm-balm\nhttps://x/products/calm-balm").errors).toEqual({ upsell_items: "Name each product once." });
  });

  it("limits the add-ons: how many, handles only, never the product itself, each once", () => {
    const errors = (text: string) => read({ upsellHandles: text }).errors;
    expect(errors(Array.from({ length: UPSELL_ITEMS_MAX }, (_, i) => `p-${i}`).join("\n"))).toEqual({});
    expect(errors(Array.from({ length: UPSELL_ITEMS_MAX + 1 }, (_, i) => `p-${i}`).join("\n"))).toEqual({ upsell_items: "Name at most 10 products." });
    const notHandle = (text: string) => `“${text}” is not a product handle: a handle is lower-case letters, digits and single hyphens, such as rose-face-oil.`;
    expect(errors("calm-balm\nCalm Balm")).toEqual({ upsell_items: notHandle("Calm Balm") });
    expect(errors("calm--balm")).toEqual({ upsell_items: notHandle("calm--balm") });
    expect(errors("https://x/pages/about")).toEqual({ upsell_items: notHandle("https://x/pages/about") });
    expect(errors(`${"a".repeat(70)} b`)).toEqual({ upsell_items: notHandle("a".repeat(60)) });
    expect(errors("rose-face-oil")).toEqual({ upsell_items: "A product cannot be its own add-on: remove its handle." });
    expect(errors("calm-balm\ncalm-balm")).toEqual({ upsell_items: "Name each product once." });
  });

  it("names every wrong field at once, keyed as the caller asks", () => {
    const keys = { badges: "Badges (csv)", amountMl: "Size (csv)", helpsWith: "Helps (csv)", upsellHandles: "Add-ons (csv)" };
    const result = readThemeMetafields({ badges: "a\na\n", amountMl: "-1", helpsWith: "z".repeat(81), upsellHandles: "own" }, "own", keys);
    expect(Object.keys(result.errors)).toEqual(["Badges (csv)", "Size (csv)", "Helps (csv)", "Add-ons (csv)"]);
  });

  it("names the handles the catalog does not have, the first three at most", () => {
    expect(unknownHandlesMessage(["gone"])).toBe("No product has the handle “gone”: check it on the product's page.");
    expect(unknownHandlesMessage(["a", "b"])).toBe("No products have the handles “a”, “b”: check them on the products' pages.");
    expect(unknownHandlesMessage(["a", "b", "c", "d"])).toBe("No products have the handles “a”, “b”, “c”…: check them on the products' pages.");
  });
});

describe("writing the fields into the product", () => {
  it("replaces the builders' numbered points, keeping the other vitals", () => {
    const vitals = { routine_step: "serum", helps_with_point_0: "Old", helps_with_point_7: "Older", quiz_skin: "dry" };
    expect(withHelpsWithPoints(vitals, ["Dryness", "Dull skin"])).toEqual({ routine_step: "serum", quiz_skin: "dry", helps_with_point_0: "Dryness", helps_with_point_1: "Dull skin" });
    expect(withHelpsWithPoints(vitals, [])).toEqual({ routine_step: "serum", quiz_skin: "dry" });
    const many = withHelpsWithPoints({}, Array.from({ length: 12 }, (_, i) => `P${i}`));
    expect(Object.keys(many)).toHaveLength(HELPS_WITH_POINTS);
    expect(many.helps_with_point_9).toBe("P9");
    expect(vitals.helps_with_point_7).toBe("Older");
  });

  it("writes each field, removes an empty one, and keeps the other metafields", () => {
    const custom: ProductMetafields = { ingredients: "Aqua", is_limited_to_one: 1, product_cart_badges: ["Old"], price_per_ml: { amount_ml: 10 }, helps_with: ["Old point"], checkout_upsell_items: ["old-one"] };
    const written = writeThemeMetafields(custom, { routine_step: "oil", helps_with_point_0: "Old point" }, { badges: ["Vegan"], amountMl: 50, helpsWith: ["Dryness"], upsellHandles: ["calm-balm"] });
    expect(written).toEqual({
      custom: { ingredients: "Aqua", is_limited_to_one: 1, product_cart_badges: ["Vegan"], price_per_ml: { amount_ml: 50 }, helps_with: ["Dryness"], checkout_upsell_items: ["calm-balm"] },
      vitals: { routine_step: "oil", helps_with_point_0: "Dryness" },
    });
    const cleared = writeThemeMetafields(custom, { routine_step: "oil", helps_with_point_0: "Old point" }, { badges: [], amountMl: null, helpsWith: [], upsellHandles: [] });
    expect(cleared).toEqual({ custom: { ingredients: "Aqua", is_limited_to_one: 1 }, vitals: { routine_step: "oil" } });
    // The product's own copy is not changed.
    expect(custom.product_cart_badges).toEqual(["Old"]);
  });
});

describe("writing only what changes", () => {
  const metafields = {
    custom: { ingredients: "Aqua", product_cart_badges: [" Vegan "], helps_with: ["Dryness"], checkout_upsell_items: ["calm-balm"] },
    vitals: { routine_step: "oil", helps_with_point_0: "Dryness", helps_with_point_1: "From the seed" },
    bundle: { type: "none" },
  };

  it("keeps the product's metafields as they are when the fields read the same", () => {
    expect(withThemeMetafields(metafields, "rose-oil", { badges: ["Vegan"], helpsWith: ["Dryness"] })).toBe(metafields);
    expect(withThemeMetafields(metafields, "rose-oil", {})).toBe(metafields);
  });

  it("writes the fields given, keeps the others, and renumbers the builders' points only when 'helps with' changes", () => {
    const badged = withThemeMetafields(metafields, "rose-oil", { badges: ["New"], amountMl: 30 });
    expect(badged).toEqual({
      custom: { ingredients: "Aqua", product_cart_badges: ["New"], price_per_ml: { amount_ml: 30 }, helps_with: ["Dryness"], checkout_upsell_items: ["calm-balm"] },
      vitals: metafields.vitals,
      bundle: { type: "none" },
    });
    const helped = withThemeMetafields(metafields, "rose-oil", { helpsWith: ["Dull skin"] });
    expect(helped.vitals).toEqual({ routine_step: "oil", helps_with_point_0: "Dull skin" });
    expect(withThemeMetafields({}, "rose-oil", { upsellHandles: ["calm-balm"] })).toEqual({ custom: { checkout_upsell_items: ["calm-balm"] } });
  });
});
