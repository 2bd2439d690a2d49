import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COLLECTION_SORTS, tagHandle } from "../../core/catalog/collection-url.ts";
import type { CollectionSort } from "../../core/contract/storefront.ts";
import { type Catalog, type CatalogProduct, isVariantAvailable } from "./catalog.ts";
import { fixtureCatalog, fixtureProduct } from "./catalog-fixture.ts";
import { PRICE_RANGES_KEPT, catalogIndex, lowestPrice, reviewCount, titleCollator } from "./catalog-index.ts";
import { type FilterGroupSetting, filterCollection, filterValueLabel } from "./filters.ts";
import { isBrowsable } from "./recommendations.ts";

const GROUPS: FilterGroupSetting[] = [
  { prefix: "skin-type", label: "Skin type" },
  { prefix: "concern", label: "Concern" },
  { prefix: "size", label: "Size" },
];

const TAGS = ["skin-type:dry", "skin-type:oily", "Skin-Type:Dry", "skin-type:normal", "concern:acne", "concern:ageing", "size:30ml", "size:100ml", "vegan", "bestseller"];
const HANDLES = [...new Set(TAGS.map(tagHandle)), "skin-type-purple", "nope"];

describe("filterValueLabel", () => {
  it.each([
    ["skin-type:dry", "skin-type", "Dry"],
    ["ingredient:vitamin-c", "ingredient", "Vitamin C"],
    ["ingredient:hyaluronic-acid", "ingredient", "Hyaluronic Acid"],
    ["size:30ml", "size", "30ml"],
    ["concern:dark_circles", "concern", "Dark Circles"],
  ])("%s -> %s", (tag, prefix, label) => {
    expect(filterValueLabel(tag, prefix)).toBe(label);
  });
});

describe("filterCollection", () => {
  const catalog = fixtureCatalog(
    [
      fixtureProduct({ id: 1, title: "Dry Cream", tags: ["skin-type:dry", "concern:ageing", "size:30ml"], prices: [3000], reviews: 5 }),
      fixtureProduct({ id: 2, title: "Oily Gel", tags: ["skin-type:oily", "concern:acne", "size:100ml", "vegan"], prices: [1500], reviews: 50 }),
      fixtureProduct({ id: 3, title: "All Serum", tags: ["skin-type:dry", "skin-type:oily", "concern:acne"], prices: [2000], stock: 0 }),
      fixtureProduct({ id: 4, title: "Hidden Sample", tags: ["skin-type:dry"], productType: "Sample" }),
      fixtureProduct({ id: 5, title: "Draft", tags: ["skin-type:dry"], published: false }),
    ],
    [
      { handle: "face", productIds: [3, 2, 1, 4, 5] },
      { handle: "samples", productIds: [4, 5], hidden: true },
    ],
  );

  it("lists browsable products only, and published ones in a hidden collection", () => {
    expect(filterCollection(catalog, "face", {}, GROUPS)?.products.map((product) => product.id)).toEqual([2, 1, 3]);
    expect(filterCollection(catalog, "samples", {}, GROUPS)?.products.map((product) => product.id)).toEqual([4]);
  });

  it("orders size values numerically", () => {
    const sizes = filterCollection(catalog, "face", {}, GROUPS)?.filters.find((group) => group.prefix === "size");
    expect(sizes?.values.map((value) => value.label)).toEqual(["30ml", "100ml"]);
  });

  it("leaves facets out when asked", () => {
    expect(filterCollection(catalog, "face", { facets: false }, GROUPS)?.filters).toEqual([]);
  });

  it("reads the current stock when the inventory revision moves", () => {
    const product = catalog.products.get(3)!;
    expect(filterCollection(catalog, "face", {}, GROUPS)?.products.at(-1)?.id).toBe(3);
    product.variants[0]!.inventoryQuantity = 4;
    catalog.inventoryRevision++;
    expect(filterCollection(catalog, "face", {}, GROUPS)?.products.map((candidate) => candidate.id)).toEqual([3, 2, 1]);
    product.variants[0]!.inventoryQuantity = 0;
    catalog.inventoryRevision++;
  });

  it("counts sold-out products again when stock moves, with a stock filter chosen", () => {
    const product = catalog.products.get(3)!;
    const soldOut = () => filterCollection(catalog, "face", { availability: [0] }, GROUPS)!;
    expect(soldOut().products.map((candidate) => candidate.id)).toEqual([3]);
    product.variants[0]!.inventoryQuantity = 4;
    catalog.inventoryRevision++;
    expect(soldOut().total).toBe(0);
    expect(soldOut().availability).toEqual([
      { value: 1, count: 3, active: false },
      { value: 0, count: 0, active: true },
    ]);
    product.variants[0]!.inventoryQuantity = 0;
    catalog.inventoryRevision++;
  });

  it("keeps a bounded number of price ranges, and answers the same for one it dropped", () => {
    const index = catalogIndex(catalog);
    const first = filterCollection(catalog, "face", { price: { gte: 1500, lte: 2000 } }, GROUPS)!;
    for (let pence = 0; pence < PRICE_RANGES_KEPT + 10; pence++) filterCollection(catalog, "face", { price: { gte: null, lte: pence } }, GROUPS);
    expect(index.priceCache.size).toBe(PRICE_RANGES_KEPT);
    expect(index.priceCache.has("1500:2000")).toBe(false);
    const again = filterCollection(catalog, "face", { price: { gte: 1500, lte: 2000 } }, GROUPS)!;
    expect(again.products.map((product) => product.id)).toEqual(first.products.map((product) => product.id));
    expect(first.products.map((product) => product.id)).toEqual([2, 3]);
    expect(again.price).toEqual({ gte: 1500, lte: 2000, highest: 3000 });
  });

  it("leaves out every product carrying an excluded value, whatever else is chosen", () => {
    const without = filterCollection(catalog, "face", { filters: ["skin-type-dry", "skin-type-oily"], excluded: ["vegan"] }, GROUPS)!;
    expect(without.products.map((product) => product.id)).toEqual([1, 3]);
    expect(without.excludedFilters).toEqual(["vegan"]);
    // Chosen and excluded: excluded wins, and the chip is an exclusion, not a filter.
    const both = filterCollection(catalog, "face", { filters: ["concern-acne"], excluded: ["concern-acne"] }, GROUPS)!;
    expect(both.products.map((product) => product.id)).toEqual([1]);
    expect(both.activeFilters).toEqual([]);
    const acne = both.filters.find((group) => group.prefix === "concern")?.values.find((value) => value.value === "concern-acne");
    expect(acne).toMatchObject({ active: false, excluded: true, excludedCount: 1 });
    // A value no product carries leaves nothing out.
    expect(filterCollection(catalog, "face", { excluded: ["nope"] }, GROUPS)?.total).toBe(3);
  });

  it("gives the same answers as scanning every product", () => {
    const productArbitrary = fc.record({
      title: fc.constantFrom("Alpha", "alpha", "Beta", "Gamma 10", "Gamma 9", "Délice"),
      tags: fc.subarray(TAGS),
      prices: fc.array(fc.integer({ min: 1, max: 5 }).map((n) => n * 500), { minLength: 1, maxLength: 2 }),
      reviews: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
      day: fc.integer({ min: 1, max: 4 }),
      stock: fc.constantFrom(0, 5, 5, 5),
      published: fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
      sample: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
    });
    const world = fc
      .array(productArbitrary, { maxLength: 30 })
      .chain((specs) =>
        fc.record({
          specs: fc.constant(specs),
          face: fc.shuffledSubarray(specs.map((_, i) => i + 1)),
          hidden: fc.shuffledSubarray(specs.map((_, i) => i + 1)),
          filters: fc.subarray(HANDLES, { maxLength: 4 }),
          excluded: fc.subarray(HANDLES, { maxLength: 2 }),
          price: fc.option(fc.record({ gte: fc.option(fc.integer({ min: 0, max: 6 }).map((n) => n * 500), { nil: null }), lte: fc.option(fc.integer({ min: 0, max: 6 }).map((n) => n * 500), { nil: null }) }), { nil: null }),
          availability: fc.subarray([1, 0] as const),
          sort: fc.constantFrom(...COLLECTION_SORTS),
          page: fc.integer({ min: 1, max: 6 }),
          perPage: fc.integer({ min: 1, max: 7 }),
          collection: fc.constantFrom("face", "hidden"),
        }),
      );
    fc.assert(
      fc.property(world, (input) => {
        const products = input.specs.map((spec, i) =>
          fixtureProduct({
            id: i + 1,
            title: spec.title,
            tags: spec.tags,
            prices: [...spec.prices].sort((a, b) => a - b),
            ...(spec.reviews === undefined ? {} : { reviews: spec.reviews }),
            createdAt: `2026-01-0${spec.day}T00:00:00.000Z`,
            stock: spec.stock,
            published: spec.published,
            productType: spec.sample ? "Sample" : "Serum",
          }),
        );
        const catalog = fixtureCatalog(products, [
          { handle: "face", productIds: input.face },
          { handle: "hidden", productIds: input.hidden, hidden: true },
        ]);
        const query = { filters: input.filters, excluded: input.excluded, price: input.price, availability: input.availability, sort: input.sort, page: input.page, perPage: input.perPage };
        const actual = filterCollection(catalog, input.collection, query, GROUPS)!;
        const expected = scan(catalog, input.collection, input, input.sort, input.page, input.perPage);
        expect(actual.products.map((product) => product.id)).toEqual(expected.ids);
        expect([actual.total, actual.page, actual.pageCount]).toEqual([expected.total, expected.page, expected.pageCount]);
        expect(actual.excludedFilters).toEqual([...new Set(input.excluded)].sort());
        const facets = actual.filters.map((group) => [
          group.prefix,
          group.values.map((value) => [value.value, value.count, value.active, value.excludedCount, value.excluded]).sort(),
        ]);
        expect(facets).toEqual(expected.facets);
        expect(actual.price).toEqual(expected.price);
        expect(actual.availability).toEqual(expected.availability);
      }),
      { numRuns: 300 },
    );
  });
});

interface Selection {
  filters: string[];
  excluded: string[];
  price: { gte: number | null; lte: number | null } | null;
  availability: readonly (0 | 1)[];
}

/** The obvious, slow way: look at every product of the collection for every question. */
function scan(catalog: Catalog, handle: string, selection: Selection, sort: CollectionSort, page: number, perPage: number) {
  const { filters, excluded: excludedValues } = selection;
  const collection = catalog.collections.get(handle)!;
  const listed = collection.productIds
    .map((id) => catalog.products.get(id)!)
    .filter((product) => (collection.hidden ? product.published : isBrowsable(product)));
  const carries = (product: CatalogProduct, value: string) => product.tags.some((tag) => tagHandle(tag) === value);
  const allTags = [...catalog.products.values()].flatMap((product) => product.tags);
  const groupOf = (value: string) => {
    const tags = allTags.filter((tag) => tagHandle(tag) === value);
    if (!tags.length) return GROUPS.find((group) => value.startsWith(`${group.prefix}-`))?.prefix ?? `tag:${value}`;
    return GROUPS.find((group) => tags.some((tag) => tag.toLowerCase().startsWith(`${group.prefix}:`)))?.prefix ?? `tag:${value}`;
  };
  // A value both wanted and left out is left out; a product carrying any value left out is never shown.
  const excluded = [...new Set(excludedValues)].sort();
  const active = [...new Set(filters)].filter((value) => !excluded.includes(value)).sort();
  const unknown = active.some((value) => !allTags.some((tag) => tagHandle(tag) === value));
  const clauses = new Map<string, string[]>();
  for (const value of active) clauses.set(groupOf(value), [...(clauses.get(groupOf(value)) ?? []), value]);
  // A price range with a bound keeps a product with a variant within it; one stock state keeps its products.
  const range = selection.price && (selection.price.gte !== null || selection.price.lte !== null) ? selection.price : null;
  const lo = range?.gte ?? null;
  const hi = range?.lte ?? null;
  const inRange = (product: CatalogProduct) => product.variants.some((variant) => (lo === null || variant.price >= lo) && (hi === null || variant.price <= hi));
  const states = [...new Set(selection.availability)];
  const available = (product: CatalogProduct) => product.variants.some(isVariantAvailable);
  const inState = (product: CatalogProduct) => states.length !== 1 || available(product) === (states[0] === 1);
  const matches = (product: CatalogProduct, except?: string) =>
    !unknown &&
    !excluded.some((value) => carries(product, value)) &&
    [...clauses].every(([key, values]) => key === except || values.some((value) => carries(product, value))) &&
    (except === "price" || !range || inRange(product)) &&
    (except === "stock" || inState(product));

  const compare: Record<CollectionSort, (a: CatalogProduct, b: CatalogProduct) => number> = {
    manual: () => 0,
    "best-selling": (a, b) => reviewCount(b) - reviewCount(a),
    "title-ascending": (a, b) => titleCollator.compare(a.title, b.title),
    "title-descending": (a, b) => titleCollator.compare(b.title, a.title),
    "price-ascending": (a, b) => lowestPrice(a) - lowestPrice(b),
    "price-descending": (a, b) => lowestPrice(b) - lowestPrice(a),
    "created-descending": (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt),
  };
  const matched = listed.filter((product) => matches(product)).sort(compare[sort]);
  const ordered = [...matched.filter(available), ...matched.filter((product) => !available(product))];
  const pageCount = Math.max(1, Math.ceil(ordered.length / perPage));
  const shown = Math.min(page, pageCount);

  const facets = GROUPS.map((group) => {
    const offered = new Set([...listed.flatMap((product) => product.tags.map(tagHandle)), ...active, ...excluded].filter((value) => groupOf(value) === group.prefix));
    return [
      group.prefix,
      [...offered]
        .map((value) => [
          value,
          listed.filter((product) => matches(product, group.prefix) && carries(product, value)).length,
          active.includes(value),
          matched.filter((product) => !carries(product, value)).length,
          excluded.includes(value),
        ])
        .sort(),
    ];
  });
  const priced = listed.filter((product) => matches(product, "price"));
  const stocked = listed.filter((product) => matches(product, "stock"));
  return {
    price: { gte: range?.gte ?? null, lte: range?.lte ?? null, highest: Math.max(0, ...priced.flatMap((product) => product.variants.map((variant) => variant.price))) },
    availability: [
      { value: 1, count: stocked.filter(available).length, active: states.includes(1) },
      { value: 0, count: stocked.filter((product) => !available(product)).length, active: states.includes(0) },
    ],
    ids: ordered.slice((shown - 1) * perPage, shown * perPage).map((product) => product.id),
    total: ordered.length,
    page: shown,
    pageCount,
    facets,
  };
}
