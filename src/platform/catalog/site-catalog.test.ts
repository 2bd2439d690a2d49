import { describe, expect, it } from "vitest";
import type { Catalog } from "./catalog.ts";
import { fixtureCatalog, fixtureProduct } from "./catalog-fixture.ts";
import { catalogIndex } from "./catalog-index.ts";
import { filterCollection } from "./filters.ts";
import { searchProducts } from "./search.ts";
import { KEPT_SITE_PRODUCTS, deriveSiteCatalog } from "./site-catalog.ts";
import { translationKey } from "./translation-store.ts";

const base = (): Catalog => {
  const catalog = fixtureCatalog(
    [
      fixtureProduct({ id: 1, title: "Rose Serum", prices: [1000, 3000], reviews: 5 }),
      fixtureProduct({ id: 2, title: "Apricot Serum", prices: [2000], reviews: 50 }),
      fixtureProduct({ id: 3, title: "Clay Mask", prices: [1500] }),
    ],
    [{ handle: "face", productIds: [1, 2, 3] }],
  );
  return { ...catalog, translations: new Map([["fr-FR", new Map([[translationKey("product", "product-2", "title"), "Sérum Zeste d'abricot"]])]]) };
};
// Twice the base price, and a fixed price for product 3 that makes it the dearest.
const SITE = { rate: 2, rounding: "none" as const };
const FIXED = new Map([[301, { price: 9000, compareAtPrice: 9900 }]]);

describe("a site's catalogue", () => {
  it("has every price in the site's currency, a fixed price where there is one, and the base's stock", () => {
    const catalog = base();
    const site = deriveSiteCatalog(catalog, SITE, FIXED);
    expect(site.products.get(1)!.variants.map((variant) => variant.price)).toEqual([2000, 6000]);
    expect(site.productsByHandle.get("product-3")!.variants[0]).toMatchObject({ price: 9000, compareAtPrice: 9900 });
    expect(site.variants.get(201)!.price).toBe(4000);
    expect(site.products.size).toBe(3);
    expect(site.variants.has(102)).toBe(true);
    expect(Object.keys(site.variants.get(101)!)).toEqual(Object.keys(catalog.variants.get(101)!));
    catalog.variants.get(101)!.inventoryQuantity = 0;
    expect(site.variants.get(101)!.inventoryQuantity).toBe(0);
    expect(() => site.products.set(4, site.products.get(1)!)).toThrow(TypeError);
  });

  it("gives the same product each time it is asked for, its variants among them, and keeps none met on a walk through all", () => {
    const site = deriveSiteCatalog(base(), SITE, FIXED);
    const asked = site.products.get(1)!;
    expect(site.productsByHandle.get("product-1")).toBe(asked);
    expect(asked.variants).toContain(site.variants.get(102));
    const walked = [...site.products.values()];
    expect(walked.map((product) => product.id)).toEqual([1, 2, 3]);
    expect(walked[0]).toBe(asked);
    expect(site.products.get(2)).not.toBe(walked[1]);
    expect(site.products.get(1)).toBe(asked);
  });

  it("keeps only the products asked for most recently", () => {
    const many = fixtureCatalog(
      Array.from({ length: KEPT_SITE_PRODUCTS + 1 }, (_, index) => fixtureProduct({ id: index + 1, title: `Product ${index + 1}` })),
      [],
    );
    const site = deriveSiteCatalog(many, SITE, new Map());
    const first = site.products.get(1)!;
    const second = site.products.get(2)!;
    expect(site.products.get(1)).toBe(first);
    for (let id = 3; id <= KEPT_SITE_PRODUCTS + 1; id++) site.products.get(id);
    // 1 was asked for again after 2, so 2 is the one put out.
    expect(site.products.get(1)).toBe(first);
    expect(site.products.get(2)).not.toBe(second);
    expect(site.products.get(2)).toEqual(second);
  });

  it("lists and sorts a collection by the site's prices and shows the site's products", () => {
    const catalog = base();
    const site = deriveSiteCatalog(catalog, SITE, FIXED);
    const byPrice = (from: Catalog) => filterCollection(from, "face", { sort: "price-ascending", facets: false }, [])!.products;
    expect(byPrice(catalog).map((product) => product.id)).toEqual([1, 3, 2]);
    expect(byPrice(site).map((product) => product.id)).toEqual([1, 2, 3]);
    expect(byPrice(site).map((product) => product.variants[0]!.price)).toEqual([2000, 4000, 9000]);
    expect(filterCollection(site, "face", { price: { gte: 8000, lte: null }, facets: false }, [])!.products.map((product) => product.id)).toEqual([3]);
    expect(catalogIndex(site).products).toBe(catalogIndex(catalog).products);
  });

  it("finds and orders by the site's words when it has its own, and shows the site's prices in search", () => {
    const catalog = base();
    const english = deriveSiteCatalog(catalog, SITE, FIXED);
    const french = deriveSiteCatalog(catalog, { ...SITE, language: "fr-FR" }, FIXED);
    expect(searchProducts(english, "serum").products.map((product) => [product.id, product.variants[0]!.price])).toEqual([
      [2, 4000],
      [1, 2000],
      // Its type is Serum.
      [3, 9000],
    ]);
    expect(searchProducts(english, "zeste").products).toEqual([]);
    expect(searchProducts(french, "zeste").products.map((product) => product.title)).toEqual(["Sérum Zeste d'abricot"]);
    const byTitle = (from: Catalog) => filterCollection(from, "face", { sort: "title-ascending", facets: false }, [])!.products.map((product) => product.id);
    expect(byTitle(english)).toEqual([2, 3, 1]);
    expect(byTitle(french)).toEqual([3, 1, 2]);
  });
});
