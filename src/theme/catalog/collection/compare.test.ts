import { describe, expect, it } from "vitest";
import { COMPARE_MAX_PRODUCTS, compareAttributes, compareRows, compareUrl, parseCompareSelection, toggleCompareSelection } from "./compare.ts";
import type { ProductViewJson } from "../../../core/contract/shopify-types.ts";
import type { FilterGroup } from "../../../core/contract/storefront.ts";

function view(handle: string, fields: { price: number; type?: string; tags?: string[]; available?: boolean; rating?: number; count?: number; varies?: boolean; compareAt?: number | null }): ProductViewJson {
  const product = {
    handle,
    title: handle,
    type: fields.type ?? "Serum",
    tags: fields.tags ?? [],
    price: fields.price,
    price_min: fields.price,
    price_max: fields.varies ? fields.price + 1000 : fields.price,
    price_varies: fields.varies ?? false,
    available: fields.available ?? true,
    compare_at_price: fields.compareAt ?? null,
    compare_at_price_min: fields.compareAt ?? 0,
    compare_at_price_max: fields.compareAt ?? 0,
  };
  const metafields = fields.rating === undefined ? {} : { reviews: { rating: fields.rating, count: fields.count ?? 1 } };
  return { product, metafields } as unknown as ProductViewJson;
}

const groups: FilterGroup[] = [
  {
    prefix: "skin-type",
    label: "Skin type",
    exclude: false,
    values: [
      { label: "Dry", value: "skin-type-dry", tag: "skin-type:dry", count: 2, active: false, excludedCount: 1, excluded: false },
      { label: "Oily", value: "skin-type-oily", tag: "skin-type:oily", count: 1, active: false, excludedCount: 2, excluded: false },
    ],
  },
  { prefix: "concern", label: "Concern", exclude: false, values: [] },
];

describe("the compare address", () => {
  it("reads products as a comma list or repeated parameters, unique, in order", () => {
    expect(parseCompareSelection(new URLSearchParams("products=a,b&products=c&products=a")).products).toEqual(["a", "b", "c"]);
  });

  it("takes at most the maximum and says it cut the list", () => {
    const many = Array.from({ length: COMPARE_MAX_PRODUCTS + 2 }, (_, i) => `p${i}`).join(",");
    const selection = parseCompareSelection(new URLSearchParams({ products: many }));
    expect(selection.products).toHaveLength(COMPARE_MAX_PRODUCTS);
    expect(selection.truncated).toBe(true);
  });

  it("drops what cannot be a handle, after trimming and lower-casing", () => {
    expect(parseCompareSelection(new URLSearchParams("products=ok,<script>,../x, Spaced ,")).products).toEqual(["ok", "spaced"]);
  });

  it("shows every attribute unless some are named; none named but present means none", () => {
    expect(parseCompareSelection(new URLSearchParams("")).attributes).toBeNull();
    expect(parseCompareSelection(new URLSearchParams("attributes=price,skin-type")).attributes).toEqual(["price", "skin-type"]);
    expect(parseCompareSelection(new URLSearchParams("attributes=")).attributes).toEqual([]);
  });
});

describe("the comparison rows", () => {
  const products = [
    view("a", { price: 2400, tags: ["skin-type:dry", "skin-type:oily"], rating: 4.6, count: 20 }),
    view("b", { price: 1800, varies: true, compareAt: 2200, tags: ["skin-type:dry"], available: false }),
  ];

  it("offers the base attributes, then the groups that have values", () => {
    expect(compareAttributes(groups).map((attribute) => attribute.key)).toEqual(["price", "rating", "type", "availability", "skin-type"]);
  });

  it("gives one cell per product in each chosen row, in the offered order", () => {
    const rows = compareRows(products, groups, ["skin-type", "price"]);
    expect(rows.map((row) => row.attribute.key)).toEqual(["price", "skin-type"]);
    expect(rows[0]!.cells).toEqual([
      { kind: "price", price: 2400, compareAtPrice: null, from: false },
      { kind: "price", price: 1800, compareAtPrice: 2200, from: true },
    ]);
    expect(rows[1]!.cells).toEqual([
      { kind: "text", values: ["Dry", "Oily"] },
      { kind: "text", values: ["Dry"] },
    ]);
  });

  it("reads ratings, availability and type, with no reviews as a zero count", () => {
    const rows = compareRows(products, groups, null);
    const byKey = Object.fromEntries(rows.map((row) => [row.attribute.key, row]));
    expect(byKey.rating!.cells).toEqual([
      { kind: "rating", rating: 4.6, count: 20 },
      { kind: "rating", rating: 0, count: 0 },
    ]);
    expect(byKey.availability!.cells).toEqual([
      { kind: "availability", available: true },
      { kind: "availability", available: false },
    ]);
    expect(byKey.type!.same).toBe(true);
    expect(byKey.price!.same).toBe(false);
  });

  it("marks a row the same when the values match in any order", () => {
    const twins = [view("x", { price: 100, tags: ["skin-type:oily", "skin-type:dry"] }), view("y", { price: 100, tags: ["skin-type:dry", "skin-type:oily"] })];
    expect(compareRows(twins, groups, ["skin-type"])[0]!.same).toBe(true);
  });
});

describe("picking products to compare", () => {
  it("adds in order, removes on untick, and ignores a pick past the maximum", () => {
    let picks: string[] = [];
    for (const handle of ["a", "b", "c", "d"]) picks = toggleCompareSelection(picks, handle, true);
    expect(picks).toEqual(["a", "b", "c", "d"]);
    expect(toggleCompareSelection(picks, "e", true)).toEqual(["a", "b", "c", "d"]);
    expect(toggleCompareSelection(picks, "b", false)).toEqual(["a", "c", "d"]);
    expect(toggleCompareSelection(["a"], "a", true)).toEqual(["a"]);
  });

  it("builds the comparison address", () => {
    expect(compareUrl("face", ["a", "b"])).toBe("/collections/face/compare?products=a%2Cb");
    expect(compareUrl("face", [])).toBe("/collections/face/compare");
  });
});
