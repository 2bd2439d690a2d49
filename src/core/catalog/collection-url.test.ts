import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  collectionFilters,
  collectionSelection,
  shopifyExcludedHandles,
  selectsAnything,
  shopifyAvailability,
  shopifyPriceRange,
  shopifyFilterHandles,
  COLLECTION_SORTS,
  filterNavigation,
  filterSegment,
  filteredCollectionUrl,
  handleize,
  isCollectionSort,
  parseCollectionPath,
  parseFilterSegment,
  readPage,
  readSort,
  tagForHandle,
  tagHandle,
  tagsForHandle,
  withPage,
  withSort,
  withView,
} from "./collection-url.ts";

describe("handleize", () => {
  it.each([
    ["skin-type:dry", "skin-type-dry"],
    ["concern:dark-circles", "concern-dark-circles"],
    ["size:30ml", "size-30ml"],
    ["bestseller", "bestseller"],
    ["Vegan", "vegan"],
    ["Sérum Éclat", "serum-eclat"],
    ["Crème brûlée", "creme-brulee"],
    ["Straße", "strasse"],
    ["Ølje", "olje"],
    ["Mum's  favourite!", "mums-favourite"],
    ["  --Leading and trailing--  ", "leading-and-trailing"],
    ["SPF 50+ Fluid", "spf-50-fluid"],
    ["a__b", "a-b"],
    ["!!!", ""],
  ])("%s -> %s", (text, handle) => {
    expect(handleize(text)).toBe(handle);
  });

  it("gives handles that stay the same when handleized again", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const handle = handleize(text);
        expect(handleize(handle)).toBe(handle);
        expect(handle).toMatch(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/);
      }),
    );
  });

  it("is what tagHandle does", () => {
    expect(tagHandle("ingredient:vitamin-c")).toBe("ingredient-vitamin-c");
  });
});

describe("filter segment", () => {
  it("joins tag handles with + in a canonical order, from tags or handles", () => {
    expect(filterSegment(["skin-type:dry", "concern-acne"])).toBe("concern-acne+skin-type-dry");
    expect(filterSegment(["concern:acne", "skin-type-dry", "concern-acne", "skin-type:dry"])).toBe("concern-acne+skin-type-dry");
    expect(filterSegment([])).toBe("");
    expect(filterSegment(["", "!!"])).toBe("");
  });

  it("parses a segment back into sorted, de-duplicated handles", () => {
    expect(parseFilterSegment("skin-type-dry+concern-acne")).toEqual(["concern-acne", "skin-type-dry"]);
    expect(parseFilterSegment("skin-type-dry+skin-type-dry")).toEqual(["skin-type-dry"]);
    expect(parseFilterSegment("skin-type-dry%2Bconcern-acne")).toEqual(["concern-acne", "skin-type-dry"]);
    expect(parseFilterSegment("skin-type%3Adry")).toEqual(["skin-type-dry"]);
    expect(parseFilterSegment("S%C3%A9rum")).toEqual(["serum"]);
    expect(parseFilterSegment("++vegan++")).toEqual(["vegan"]);
    expect(parseFilterSegment("")).toEqual([]);
    expect(parseFilterSegment(null)).toEqual([]);
    expect(parseFilterSegment(undefined)).toEqual([]);
  });

  it("drops values that cannot be decoded instead of failing", () => {
    expect(parseFilterSegment("%E0%A4%A+vegan")).toEqual(["vegan"]);
  });

  it("round-trips: parse(segment(values)) is the canonical set of handles", () => {
    const tag = fc.stringMatching(/^[a-z]{1,8}(?:[:-][a-z0-9]{1,8})?$/);
    fc.assert(
      fc.property(fc.array(tag, { maxLength: 6 }), (tags) => {
        const handles = parseFilterSegment(filterSegment(tags));
        expect(handles).toEqual([...new Set(tags.map(tagHandle))].sort());
        expect(filterSegment(handles)).toBe(filterSegment(tags));
      }),
    );
  });
});

describe("parseCollectionPath", () => {
  it("reads the collection and its filter segment", () => {
    expect(parseCollectionPath("/collections/face")).toEqual({ collection: "face", filters: [] });
    expect(parseCollectionPath("/collections/face/")).toEqual({ collection: "face", filters: [] });
    expect(parseCollectionPath("/collections/face/skin-type-dry+concern-acne")).toEqual({
      collection: "face",
      filters: ["concern-acne", "skin-type-dry"],
    });
    expect(parseCollectionPath("/collections/eye-care/concern-dark-circles/")).toEqual({ collection: "eye-care", filters: ["concern-dark-circles"] });
  });

  it("is null for anything that is not a collection page", () => {
    for (const path of [
      "/collections",
      "/collections/",
      "/products/x",
      "/collections/face.json",
      "/collections/face/products.json",
      "/collections/face/vegan/products.json",
      "/collections/face/products/sized-serum",
      "/x/collections/face",
    ]) {
      expect(parseCollectionPath(path)).toBeNull();
    }
  });
});

describe("filter addresses", () => {
  it("writes Shopify's filter parameters, and the base URL alone when nothing is selected", () => {
    expect(filteredCollectionUrl("/collections/face", { filters: ["skin-type:dry", "concern:acne"] })).toBe(
      "/collections/face?filter.p.m.custom.concern=acne&filter.p.m.custom.skin_type=dry",
    );
    expect(filteredCollectionUrl("/collections/face/", { filters: ["vegan", "size:30ml"] })).toBe("/collections/face?filter.p.tag=size-30ml&filter.p.tag=vegan");
    expect(filteredCollectionUrl("/collections/face", { filters: [] })).toBe("/collections/face");
  });

  it("writes exclusions after inclusions, and an excluded value is not also included", () => {
    expect(filteredCollectionUrl("/collections/face", { filters: ["ingredient-niacinamide", "ingredient-retinol"], excluded: ["ingredient:retinol"] })).toBe(
      "/collections/face?filter.p.m.custom.key_ingredients=niacinamide&filter.p.m.custom.key_ingredients.not=retinol",
    );
  });

  it("replaces the older tag segment and earlier filters, keeps the sort, starts again on page 1", () => {
    expect(filteredCollectionUrl("/collections/face/vegan?sort_by=price-ascending&page=3&filter.p.tag=new&filter=old", { filters: ["vegan"] })).toBe(
      "/collections/face?sort_by=price-ascending&filter.p.tag=vegan",
    );
  });

  it("keeps absolute URLs absolute", () => {
    expect(filteredCollectionUrl("https://shop.example/collections/face", { filters: ["vegan"] })).toBe("https://shop.example/collections/face?filter.p.tag=vegan");
  });

  it("reads back every address it writes as the same selection", () => {
    const selection = { filters: ["concern-acne", "free-from-essential-oils", "ingredient-vitamin-c", "size-30ml", "skin-type-dry", "vegan"], excluded: ["bestseller", "ingredient-retinol"], price: null, availability: [] };
    const address = new URL(filteredCollectionUrl("/collections/face", selection), "https://shop.example");
    expect(collectionSelection(null, address)).toEqual(selection);
  });

  it("applies filters by fetching the ajax fragment and showing the clean address", () => {
    expect(filterNavigation("/collections/face", { filters: ["skin-type-dry", "concern-acne"] })).toEqual({
      kind: "swap",
      fetchUrl: "/collections/face?filter.p.m.custom.concern=acne&filter.p.m.custom.skin_type=dry&view=ajax",
      address: "/collections/face?filter.p.m.custom.concern=acne&filter.p.m.custom.skin_type=dry",
    });
  });

  it("resets by fetching {baseURL}?view=ajax", () => {
    expect(filterNavigation("/collections/face", { filters: [] })).toEqual({ kind: "swap", fetchUrl: "/collections/face?view=ajax", address: "/collections/face" });
  });

  it("navigates to {baseURL}?{filters}&view={template} when a template is set", () => {
    expect(filterNavigation("/collections/face", { filters: ["vegan"] }, "filtered")).toEqual({ kind: "navigate", url: "/collections/face?filter.p.tag=vegan&view=filtered" });
    expect(filterNavigation("/collections/face", { filters: [] }, "filtered")).toEqual({ kind: "navigate", url: "/collections/face?view=filtered" });
  });

  it("sets and removes ?view=", () => {
    expect(withView("/collections/face?page=2", "ajax")).toBe("/collections/face?page=2&view=ajax");
    expect(withView("/collections/face?view=ajax", null)).toBe("/collections/face");
    expect(withView("/collections/face?view=ajax#grid", "json")).toBe("/collections/face?view=json#grid");
  });
});

describe("page", () => {
  it("reads ?page= as a whole number from 1", () => {
    expect(readPage("?page=3")).toBe(3);
    expect(readPage("/collections/face?page=12&sort_by=manual")).toBe(12);
    expect(readPage(new URL("https://shop.example/collections/face?page=2"))).toBe(2);
    expect(readPage(new URLSearchParams("page=5"))).toBe(5);
    for (const bad of ["", "?page=", "?page=0", "?page=-2", "?page=2a", "?page=1.5", "?page=99999999999"]) expect(readPage(bad)).toBe(1);
  });

  it("writes ?page= and leaves it out for page 1", () => {
    expect(withPage("/collections/face", 2)).toBe("/collections/face?page=2");
    expect(withPage("/collections/face/vegan?sort_by=title-ascending&page=2", 3)).toBe("/collections/face/vegan?sort_by=title-ascending&page=3");
    expect(withPage("/collections/face?page=4", 1)).toBe("/collections/face");
    expect(withPage("/collections/face?page=4", Number.NaN)).toBe("/collections/face");
  });

  it("round-trips", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (page) => {
        expect(readPage(withPage("/collections/face/vegan?view=ajax", page))).toBe(page);
      }),
    );
  });
});

describe("sort", () => {
  it("knows the seven orders", () => {
    expect(COLLECTION_SORTS).toEqual(["manual", "best-selling", "title-ascending", "title-descending", "price-ascending", "price-descending", "created-descending"]);
    expect(isCollectionSort("price-ascending")).toBe(true);
    expect(isCollectionSort("price-asc")).toBe(false);
    expect(isCollectionSort(undefined)).toBe(false);
  });

  it("reads ?sort_by= only when it names a known order", () => {
    expect(readSort("?sort_by=best-selling")).toBe("best-selling");
    expect(readSort("?sort_by=cheapest")).toBeNull();
    expect(readSort("/collections/face")).toBeNull();
  });

  it("writes ?sort_by= and goes back to page 1", () => {
    expect(withSort("/collections/face?page=3", "price-descending")).toBe("/collections/face?sort_by=price-descending");
    expect(withSort("/collections/face/vegan?sort_by=price-descending&view=ajax", null)).toBe("/collections/face/vegan?view=ajax");
    for (const sort of COLLECTION_SORTS) expect(readSort(withSort("/collections/all", sort))).toBe(sort);
  });
});

describe("handles back to tags", () => {
  const tags = ["skin-type:dry", "skin-type:oily", "concern:acne", "size:30ml", "bestseller", "Skin Type: Dry"];

  it("finds the tag a handle stands for", () => {
    expect(tagForHandle("skin-type-dry", tags)).toBe("skin-type:dry");
    expect(tagForHandle("size-30ml", tags)).toBe("size:30ml");
    expect(tagForHandle("bestseller", tags)).toBe("bestseller");
    expect(tagForHandle("concern-ageing", tags)).toBeUndefined();
  });

  it("lists every tag sharing a handle", () => {
    expect(tagsForHandle("skin-type-dry", tags)).toEqual(["skin-type:dry", "Skin Type: Dry"]);
    expect(tagsForHandle("skin-type:dry", [...tags, "skin-type:dry"])).toEqual(["skin-type:dry", "Skin Type: Dry"]);
  });
});

describe("Shopify's filter parameters", () => {
  it("reads free from, key ingredients, skin type, concern and tags as the filter path's handles", () => {
    expect(shopifyFilterHandles("?filter.p.m.custom.free_from=Fragrance&filter.p.m.custom.free_from=essential%20oils&filter.p.m.custom.key_ingredients=Niacinamide")).toEqual([
      "free-from-essential-oils",
      "free-from-fragrance",
      "ingredient-niacinamide",
    ]);
    expect(shopifyFilterHandles(new URLSearchParams("filter.p.tag=Vegan&filter.p.m.custom.skin_type=dry&filter.p.m.custom.concern="))).toEqual(["skin-type-dry", "vegan"]);
    expect(shopifyFilterHandles("?filter.p.m.custom.colour=red&filter.v.price.gte=10&page=2")).toEqual([]);
  });

  it("adds them to the address's filter segment, canonical", () => {
    expect(collectionFilters("skin-type-dry+free-from-fragrance", "?filter.p.m.custom.free_from=fragrance&filter.p.m.custom.key_ingredients=vitamin-c")).toEqual([
      "free-from-fragrance",
      "ingredient-vitamin-c",
      "skin-type-dry",
    ]);
    expect(collectionFilters(undefined, "")).toEqual([]);
  });

  it("reads .not on any of them as leaving the value out", () => {
    expect(shopifyExcludedHandles("?filter.p.m.custom.key_ingredients.not=Retinol&filter.p.tag.not=vegan&filter.p.m.custom.colour.not=red&filter.p.tag.not=")).toEqual([
      "ingredient-retinol",
      "vegan",
    ]);
    expect(shopifyFilterHandles("?filter.p.m.custom.key_ingredients.not=retinol")).toEqual([]);
    expect(shopifyExcludedHandles("?filter.p.m.custom.key_ingredients=retinol")).toEqual([]);
  });

  it("excludes a value both included and excluded", () => {
    expect(collectionSelection("ingredient-retinol+skin-type-dry", "?filter.p.m.custom.key_ingredients=niacinamide&filter.p.m.custom.key_ingredients.not=retinol")).toEqual({
      filters: ["ingredient-niacinamide", "skin-type-dry"],
      excluded: ["ingredient-retinol"],
      price: null,
      availability: [],
    });
  });
});

describe("Shopify's price and stock parameters", () => {
  it("reads the price range in major units as minor units, a backwards range the right way round", () => {
    expect(shopifyPriceRange("?filter.v.price.gte=10&filter.v.price.lte=40.5")).toEqual({ gte: 1000, lte: 4050 });
    expect(shopifyPriceRange("?filter.v.price.gte=12,50")).toEqual({ gte: 1250, lte: null });
    expect(shopifyPriceRange("?filter.v.price.lte=1,200.00")).toEqual({ gte: null, lte: 120000 });
    expect(shopifyPriceRange("?filter.v.price.gte=50&filter.v.price.lte=10")).toEqual({ gte: 1000, lte: 5000 });
    for (const bad of ["cheap", "-5", "1e3", "", "10.123"]) expect(shopifyPriceRange(`?filter.v.price.gte=${bad}`), bad).toBeNull();
  });

  it("reads availability 1 and 0, each once, ignoring anything else", () => {
    expect(shopifyAvailability("?filter.v.availability=0&filter.v.availability=1&filter.v.availability=1")).toEqual([1, 0]);
    expect(shopifyAvailability("?filter.v.availability=yes")).toEqual([]);
  });

  it("writes them after the tags, and reads back what it writes", () => {
    const selection = { filters: ["skin-type-dry"], excluded: ["ingredient-retinol"], price: { gte: 1000, lte: 4050 }, availability: [0, 1] as const };
    const url = filteredCollectionUrl("/collections/face?sort_by=price-ascending&page=3", selection);
    expect(url).toBe(
      "/collections/face?sort_by=price-ascending&filter.p.m.custom.skin_type=dry&filter.p.m.custom.key_ingredients.not=retinol&filter.v.availability=1&filter.v.availability=0&filter.v.price.gte=10&filter.v.price.lte=40.50",
    );
    expect(collectionSelection(null, url)).toEqual({ filters: ["skin-type-dry"], excluded: ["ingredient-retinol"], price: { gte: 1000, lte: 4050 }, availability: [1, 0] });
    expect(selectsAnything({ filters: [], price: { gte: null, lte: 500 } })).toBe(true);
    expect(selectsAnything({ filters: [], price: null, availability: [] })).toBe(false);
  });
});
