import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CollectionPage, FilterGroup, SearchPage, StorefrontClient } from "../../src/core/contract/storefront.ts";
import { bumpCatalogRevision, bumpInventoryRevision } from "../../src/platform/catalog/catalog.ts";
import { inProcessStorefront } from "../../src/platform/storefront/in-process.ts";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

let shop: TestShop;
let shopper: Shopper;
let storefront: StorefrontClient;

beforeAll(async () => {
  shop = await openTestShop();
  shopper = new Shopper(shop.app);
  storefront = inProcessStorefront(shop.platform, "0".repeat(32));
});
afterAll(async () => {
  await shop?.close();
});

const json = async (response: Response) => (await response.json()) as Record<string, any>;
const handles = (page: { products: { product: { handle: string } }[] }) => page.products.map(({ product }) => product.handle);
const counts = (filters: FilterGroup[], prefix: string) =>
  Object.fromEntries((filters.find((group) => group.prefix === prefix)?.values ?? []).map((value) => [value.value, value.count]));

async function face(filters: string[], options: { sort?: CollectionPage["sort"]; page?: number; perPage?: number } = {}): Promise<CollectionPage> {
  const page = await storefront.collection("face", { filters, perPage: 50, ...options });
  if (!page) throw new Error("no face collection");
  return page;
}

// The face collection of the fixture: 7 products tagged skin-type:dry (one sold out), plus
// Sérum Éclat (oily, dullness, vitamin C, bestseller, vegan), Clarifying Gel Cleanser
// (oily, combination, acne, salicylic acid, vegan), Vitamin C Serum (dry, normal, dullness, vitamin C, 30ml).

describe("collection filters", () => {
  it("lists the filter groups of the settings with the values the collection carries", async () => {
    const page = await face([]);
    expect(page.total).toBe(10);
    expect(page.activeFilters).toEqual([]);
    expect(page.filters.map((group) => [group.prefix, group.label])).toEqual([
      ["skin-type", "Skin type"],
      ["concern", "Concern"],
      ["ingredient", "Key ingredient"],
      ["size", "Size"],
      ["free-from", "Free from"],
    ]);
    expect(page.filters[0]?.values).toEqual([
      { label: "Combination", value: "skin-type-combination", tag: "skin-type:combination", count: 1, active: false, excluded: false, excludedCount: 9 },
      { label: "Dry", value: "skin-type-dry", tag: "skin-type:dry", count: 8, active: false, excluded: false, excludedCount: 2 },
      { label: "Normal", value: "skin-type-normal", tag: "skin-type:normal", count: 1, active: false, excluded: false, excludedCount: 9 },
      { label: "Oily", value: "skin-type-oily", tag: "skin-type:oily", count: 2, active: false, excluded: false, excludedCount: 8 },
    ]);
    expect(counts(page.filters, "ingredient")).toEqual({ "ingredient-salicylic-acid": 1, "ingredient-vitamin-c": 2 });
    expect(page.filters[2]?.values.map((value) => value.label)).toEqual(["Salicylic Acid", "Vitamin C"]);
    expect(counts(page.filters, "size")).toEqual({ "size-30ml": 1 });
  });

  it("filters by one value and counts the other groups within the result", async () => {
    const page = await face(["skin-type-oily"]);
    expect(handles(page).sort()).toEqual(["clarifying-gel", "serum-eclat"]);
    expect(page.total).toBe(2);
    expect(page.activeFilters).toEqual(["skin-type-oily"]);
    // The group's own counts ignore its own choice: ticking another skin type widens the result.
    expect(counts(page.filters, "skin-type")).toEqual({
      "skin-type-combination": 1,
      "skin-type-dry": 8,
      "skin-type-normal": 1,
      "skin-type-oily": 2,
    });
    expect(page.filters[0]?.values.find((value) => value.value === "skin-type-oily")?.active).toBe(true);
    expect(counts(page.filters, "concern")).toEqual({ "concern-acne": 1, "concern-dullness": 1 });
    expect(counts(page.filters, "size")).toEqual({ "size-30ml": 0 });
  });

  it("ORs values within a group and ANDs groups", async () => {
    expect((await face(["skin-type-oily", "skin-type-normal"])).total).toBe(3);
    expect((await face(["skin-type-oily", "skin-type-dry"])).total).toBe(10);
    const both = await face(["skin-type-dry", "concern-dullness"]);
    expect(handles(both)).toEqual(["vitamin-c-serum"]);
    expect(counts(both.filters, "skin-type")).toEqual({
      "skin-type-combination": 0,
      "skin-type-dry": 1,
      "skin-type-normal": 1,
      "skin-type-oily": 1,
    });
    expect(counts(both.filters, "concern")).toEqual({ "concern-acne": 0, "concern-dullness": 1 });
    const wider = await face(["skin-type-dry", "skin-type-oily", "concern-dullness"]);
    expect(handles(wider).sort()).toEqual(["serum-eclat", "vitamin-c-serum"]);
  });

  it("treats a tag outside every group as a condition of its own", async () => {
    expect(handles(await face(["vegan"])).sort()).toEqual(["clarifying-gel", "serum-eclat"]);
    expect(handles(await face(["vegan", "bestseller"]))).toEqual(["serum-eclat"]);
    const page = await face(["vegan", "concern-acne"]);
    expect(handles(page)).toEqual(["clarifying-gel"]);
    expect(page.activeFilters).toEqual(["concern-acne", "vegan"]);
  });

  it("accepts tags as well as handles", async () => {
    expect(handles(await face(["skin-type:oily", "concern:acne"]))).toEqual(["clarifying-gel"]);
  });

  it("answers an empty page, not an error, for values no product carries", async () => {
    for (const filters of [["skin-type-purple"], ["nonsense"], ["skin-type-oily", "skin-type-purple"]]) {
      const page = await face(filters);
      expect(page.total).toBe(0);
      expect(page.products).toEqual([]);
      expect(page.page).toBe(1);
      expect(page.pageCount).toBe(1);
    }
    const page = await face(["skin-type-purple"]);
    const purple = page.filters[0]?.values.find((value) => value.value === "skin-type-purple");
    expect(purple).toMatchObject({ active: true, count: 0, label: "Purple" });
  });

  it("sorts, keeping sold-out products last", async () => {
    const byPrice = await face([], { sort: "price-ascending" });
    const prices = byPrice.products.map(({ product }) => product.price);
    const last = byPrice.products.at(-1)!.product;
    expect(last.handle).toBe("sold-out-balm");
    expect(prices.slice(0, -1)).toEqual([...prices.slice(0, -1)].sort((a, b) => a - b));
    const descending = await face([], { sort: "price-descending" });
    expect(descending.products[0]?.product.handle).toBe("limited-edition-oil");
    expect(descending.products.at(-1)?.product.handle).toBe("sold-out-balm");
    const byTitle = await face([], { sort: "title-ascending" });
    expect(handles(byTitle)).toEqual([
      "clarifying-gel",
      "last-five-cream",
      "limited-edition-oil",
      "low-stock-oil",
      "plain-cleanser",
      "preorder-mask",
      "serum-eclat",
      "sized-serum",
      "vitamin-c-serum",
      "sold-out-balm",
    ]);
    expect(handles(await face([], { sort: "title-descending" })).slice(0, 2)).toEqual(["vitamin-c-serum", "sized-serum"]);
    expect(handles(await face(["vegan", "skin-type-oily"], { sort: "best-selling" }))).toEqual(["serum-eclat", "clarifying-gel"]);
    expect(handles(await face(["concern-dullness"], { sort: "created-descending" }))).toEqual(["serum-eclat", "vitamin-c-serum"]);
  });

  it("pages through a filtered, sorted result", async () => {
    const all = handles(await face(["skin-type-dry"], { sort: "title-ascending" }));
    expect(all).toHaveLength(8);
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(await face(["skin-type-dry"], { sort: "title-ascending", page, perPage: 3 }));
    expect(pages.map((page) => page.pageCount)).toEqual([3, 3, 3]);
    expect(pages.flatMap(handles)).toEqual(all);
    expect(pages[2]?.products).toHaveLength(2);
    const beyond = await face(["skin-type-dry"], { sort: "title-ascending", page: 9, perPage: 3 });
    expect(beyond.page).toBe(3);
  });

  it("uses the settings' page size by default", async () => {
    const page = await storefront.collection("all");
    expect(page?.perPage).toBe(shop.platform.settings.collections.productsPerPage);
  });

  it("answers null for an unknown collection", async () => {
    expect(await storefront.collection("nope", { filters: ["vegan"] })).toBeNull();
  });
});

// Free from, derived from the INCI lists: Vitamin C Serum is free from all four, Sérum Éclat
// (silicone, fragrance) from alcohol and essential oils, the gel cleanser (alcohol) from the other three.
describe("the free-from filter", () => {
  it("offers what the listed products are free from, with counts", async () => {
    const page = await face([]);
    const group = page.filters.find((entry) => entry.prefix === "free-from");
    expect(group?.values.map((value) => [value.label, value.value, value.count])).toEqual([
      ["Alcohol", "free-from-alcohol", 2],
      ["Essential Oils", "free-from-essential-oils", 3],
      ["Fragrance", "free-from-fragrance", 2],
      ["Silicones", "free-from-silicones", 2],
    ]);
  });

  it("filters by one value, and ANDs values within the group: free from fragrance and alcohol", async () => {
    const fragrance = await face(["free-from-fragrance"]);
    expect(handles(fragrance).sort()).toEqual(["clarifying-gel", "vitamin-c-serum"]);
    expect(counts(fragrance.filters, "free-from")).toEqual({ "free-from-alcohol": 1, "free-from-essential-oils": 2, "free-from-fragrance": 2, "free-from-silicones": 2 });
    const both = await face(["free-from-fragrance", "free-from-alcohol"]);
    expect(handles(both)).toEqual(["vitamin-c-serum"]);
    expect(both.activeFilters).toEqual(["free-from-alcohol", "free-from-fragrance"]);
  });

  it("combines with the other groups and counts them within the result", async () => {
    const oily = await face(["skin-type-oily", "free-from-fragrance"]);
    expect(handles(oily)).toEqual(["clarifying-gel"]);
    expect(counts(oily.filters, "skin-type")).toEqual({ "skin-type-combination": 1, "skin-type-dry": 1, "skin-type-normal": 1, "skin-type-oily": 1 });
    expect(counts(oily.filters, "free-from")).toEqual({ "free-from-alcohol": 0, "free-from-essential-oils": 1, "free-from-fragrance": 1, "free-from-silicones": 1 });
    expect(handles(await face(["vegan", "free-from-alcohol"]))).toEqual(["serum-eclat"]);
    expect(counts((await face(["skin-type-dry"])).filters, "free-from")).toEqual({ "free-from-alcohol": 1, "free-from-essential-oils": 1, "free-from-fragrance": 1, "free-from-silicones": 1 });
  });

  it("answers over HTTP at the filter path, and follows an edited list", async () => {
    const body = await json(await shopper.get("/collections/face/free-from-silicones/products.json"));
    expect(body.products.map((product: { handle: string }) => product.handle).sort()).toEqual(["clarifying-gel", "vitamin-c-serum"]);
    const setIngredients = (text: string) =>
      shop.db.transaction(async (tx) => {
        await tx.query("update products set metafields = jsonb_set(metafields, '{custom,ingredients}', to_jsonb($1::text)) where handle = 'serum-eclat'", [text]);
        await bumpCatalogRevision(tx);
      });
    await setIngredients("Aqua, Ascorbic Acid, Glycerin");
    try {
      expect(handles(await face(["free-from-silicones"])).sort()).toEqual(["clarifying-gel", "serum-eclat", "vitamin-c-serum"]);
    } finally {
      await setIngredients("Aqua, Ascorbic Acid, Glycerin, Dimethicone, Parfum, Limonene");
    }
  });
});

describe("filtered collection HTTP answers", () => {
  it("lists a tag-filtered collection at /collections/{handle}/{filters}/products.json", async () => {
    const response = await shopper.get("/collections/face/skin-type-oily/products.json");
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.products.map((product: { handle: string }) => product.handle).sort()).toEqual(["clarifying-gel", "serum-eclat"]);
    expect(body.products[0].variants[0].price).toMatch(/^\d+\.\d{2}$/);
    const paged = await json(await shopper.get("/collections/face/skin-type-dry+skin-type-oily/products.json?limit=4&page=3&sort_by=title-ascending"));
    expect(paged.products.map((product: { handle: string }) => product.handle)).toEqual(["vitamin-c-serum", "sold-out-balm"]);
    expect((await json(await shopper.get("/collections/face/skin-type-dry/products.json?limit=4&page=9"))).products).toEqual([]);
    expect((await json(await shopper.get("/collections/face/skin-type-purple/products.json"))).products).toEqual([]);
    expect((await shopper.get("/collections/nope/vegan/products.json")).status).toBe(404);
  });

  it("answers the storefront client's collection page at ?view=json, filters in the path", async () => {
    const body = (await json(await shopper.get("/collections/face/concern-dullness+skin-type-dry?view=json&sort_by=price-descending"))) as CollectionPage;
    expect(body.collection.handle).toBe("face");
    expect(body.activeFilters).toEqual(["concern-dullness", "skin-type-dry"]);
    expect(body.sort).toBe("price-descending");
    expect(handles(body)).toEqual(["vitamin-c-serum"]);
    expect(Object.keys(body.products[0]!)).toEqual(["product", "metafields", "metafields_ffc_app", "metafields_bundle", "metafields_vitals", "options", "collections"]);
    const paged = (await json(await shopper.get("/collections/face?view=json&page=2"))) as CollectionPage;
    expect(paged.page).toBe(1);
    expect(paged.total).toBe(10);
    expect((await shopper.get("/collections/nope/vegan?view=json")).status).toBe(404);
  });

  it("reads Shopify's filter parameters for free from and key ingredients as the filter path does, and adds them to it", async () => {
    const list = async (url: string) => (await json(await shopper.get(url))).products.map((product: { handle: string }) => product.handle).sort();
    expect(await list("/collections/face/products.json?filter.p.m.custom.free_from=silicones")).toEqual(await list("/collections/face/free-from-silicones/products.json"));
    expect(await list("/collections/face/products.json?filter.p.m.custom.free_from=silicones")).toEqual(["clarifying-gel", "vitamin-c-serum"]);
    // Values of the all-of group each apply; a key ingredient, and the tag filter, as Shopify writes them.
    expect(await list("/collections/face/products.json?filter.p.m.custom.free_from=Silicones&filter.p.m.custom.free_from=Fragrance")).toEqual(await list("/collections/face/free-from-fragrance+free-from-silicones/products.json"));
    expect(await list("/collections/face/products.json?filter.p.m.custom.key_ingredients=Vitamin%20C")).toEqual(["serum-eclat", "vitamin-c-serum"]);
    expect(await list("/collections/face/skin-type-dry/products.json?filter.p.m.custom.key_ingredients=vitamin-c")).toEqual(["vitamin-c-serum"]);
    expect(await list("/collections/face/products.json?filter.p.tag=vegan&filter.p.m.custom.free_from=alcohol")).toEqual(["serum-eclat"]);
    // A parameter the shop does not filter by changes nothing.
    expect((await list("/collections/face/products.json?filter.p.m.custom.colour=red")).length).toBe(10);
    const page = (await json(await shopper.get("/collections/face?view=json&filter.p.m.custom.free_from=fragrance&filter.p.m.custom.skin_type=oily"))) as CollectionPage;
    expect(page.activeFilters).toEqual(["free-from-fragrance", "skin-type-oily"]);
    expect(handles(page)).toEqual(handles((await json(await shopper.get("/collections/face/free-from-fragrance+skin-type-oily?view=json"))) as CollectionPage));
  });
});

describe("search", () => {
  const search = async (query: string, options = {}) => storefront.search(query, options);
  const found = (page: SearchPage) => handles(page);

  it("ranks title matches above type matches, bestsellers and reviews first, sold-out last", async () => {
    const page = await search("serum");
    // Three titles, then two products of type Serum (by title: no reviews, no bestseller), then the sold-out one.
    expect(found(page)).toEqual(["serum-eclat", "vitamin-c-serum", "sized-serum", "preorder-mask", "untracked-soap", "sold-out-balm"]);
    expect(page).toMatchObject({ query: "serum", total: 6, page: 1, pageCount: 1 });
  });

  it("puts an exact title match first", async () => {
    expect(found(await search("Vitamin C Serum"))[0]).toBe("vitamin-c-serum");
    expect(found(await search("serum eclat"))).toEqual(["serum-eclat"]);
  });

  it("ignores case and accents both ways and matches word starts", async () => {
    for (const query of ["sérum éclat", "SERUM ECLAT", "Éclat", "ecl", "sér écl"]) expect(found(await search(query))).toContain("serum-eclat");
    expect(found(await search("clat"))).toEqual([]);
  });

  it("finds by vendor, type and tag, each below title matches", async () => {
    expect(found(await search("lumiere"))).toEqual(["serum-eclat"]);
    expect(found(await search("cleanser"))).toEqual(["clarifying-gel", "plain-cleanser"]);
    expect(found(await search("salicylic"))).toEqual(["clarifying-gel"]);
    // Vitamin C is in one title, and in the other product's tags only.
    expect(found(await search("vitamin c"))).toEqual(["vitamin-c-serum", "serum-eclat"]);
  });

  it("needs every word of the query, filler words aside", async () => {
    expect(found(await search("oily acne"))).toEqual(["clarifying-gel"]);
    expect(found(await search("serum for dry skin"))).toEqual(["vitamin-c-serum", "sized-serum", "preorder-mask", "untracked-soap", "sold-out-balm"]);
    expect(found(await search("serum zzz"))).toEqual([]);
  });

  it("never shows unpublished products, gifts or samples", async () => {
    expect(found(await search("draft"))).toEqual([]);
    expect(found(await search("gift"))).toEqual([]);
    expect(found(await search("sample"))).toEqual([]);
  });

  it("pages", async () => {
    const first = await search("serum", { perPage: 2 });
    const third = await search("serum", { perPage: 2, page: 3 });
    expect(first).toMatchObject({ total: 6, pageCount: 3, page: 1 });
    expect(found(first)).toEqual(["serum-eclat", "vitamin-c-serum"]);
    expect(found(third)).toEqual(["untracked-soap", "sold-out-balm"]);
    expect((await search("serum", { perPage: 2, page: 99 })).page).toBe(3);
  });

  it("answers nothing for a query without words", async () => {
    for (const query of ["", "   ", "!!!"]) expect(await search(query)).toMatchObject({ total: 0, products: [], page: 1, pageCount: 1 });
  });

  it("answers the same at /search?view=json", async () => {
    const body = (await json(await shopper.get("/search?view=json&q=s%C3%A9rum"))) as SearchPage;
    expect(body.query).toBe("sérum");
    expect(found(body)).toEqual(["serum-eclat", "vitamin-c-serum", "sized-serum", "preorder-mask", "untracked-soap", "sold-out-balm"]);
  });
});

describe("GET /search/suggest.json", () => {
  const suggest = async (query: string) => {
    const response = await shopper.get(`/search/suggest.json?${query}`);
    return { status: response.status, type: response.headers.get("content-type"), body: await json(response) };
  };

  it("answers Shopify's predictive search shape with decimal prices", async () => {
    const { status, type, body } = await suggest("q=ser&resources[type]=product&resources[limit]=4");
    expect(status).toBe(200);
    expect(type).toContain("application/json");
    expect(Object.keys(body.resources.results)).toEqual(["products"]);
    const products = body.resources.results.products;
    expect(products.map((product: { handle: string }) => product.handle)).toEqual(["serum-eclat", "vitamin-c-serum", "sized-serum", "preorder-mask"]);
    expect(products[0]).toEqual({
      available: true,
      body: "<p>Sérum Éclat for tests.</p>",
      compare_at_price_max: "0.00",
      compare_at_price_min: "0.00",
      handle: "serum-eclat",
      id: expect.any(Number),
      image: "/images/products/serum-eclat-1.png",
      price: "32.00",
      price_max: "32.00",
      price_min: "32.00",
      tags: ["skin-type:oily", "concern:dullness", "ingredient:vitamin-c", "bestseller", "vegan"],
      title: "Sérum Éclat",
      type: "Serum",
      url: "/products/serum-eclat?_pos=1&_psq=ser&_ss=e&_v=1.0",
      variants: [],
      vendor: "Maison Lumière",
      featured_image: { alt: "Sérum Éclat", aspect_ratio: 1, height: 1280, url: "/images/products/serum-eclat-1.png", width: 1280 },
    });
    expect(products[2]).toMatchObject({ handle: "sized-serum", price: "15.00", price_min: "15.00", price_max: "25.00", compare_at_price_max: "30.00" });
  });

  it("looks in Shopify's default fields (title, product type, variant titles, vendor) unless told otherwise", async () => {
    const handles = async (query: string) => (await suggest(`resources[type]=product&${query}`)).body.resources.results.products.map((product: { handle: string }) => product.handle);
    expect(await handles("q=dry")).toEqual([]);
    expect((await handles("q=dry&resources[options][fields]=tag")).length).toBeGreaterThan(3);
    expect(await handles("q=30 ml")).toContain("sized-serum");
    expect((await handles("q=botanics")).length).toBeGreaterThan(3);
  });

  it("limits to 1–10, 10 by default", async () => {
    const count = async (limit: string) => (await suggest(`q=s&resources[type]=product&resources[options][fields]=title,tag${limit}`)).body.resources.results.products.length;
    expect(await count("")).toBe(10);
    expect(await count("&resources[limit]=3")).toBe(3);
    expect(await count("&resources[limit]=0")).toBe(1);
    expect(await count("&resources[limit]=50")).toBe(10);
  });

  it("puts sold-out products last by default, and shows or hides them on request", async () => {
    const order = async (option: string) =>
      (await suggest(`q=serum&resources[type]=product${option}`)).body.resources.results.products.map((product: { handle: string }) => product.handle);
    expect((await order("")).at(-1)).toBe("sold-out-balm");
    expect(await order("&resources[options][unavailable_products]=hide")).not.toContain("sold-out-balm");
    expect(await order("&resources[options][unavailable_products]=show")).toContain("sold-out-balm");
  });

  it("answers 422 for an invalid unavailable_products option, type, scope or field, with status as a string", async () => {
    const bad = await suggest("q=ser&resources[type]=product&resources[options][unavailable_products]=sometimes");
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({ status: "422", message: "Invalid parameter error", description: "Invalid option for `unavailable_products` parameter" });
    expect((await suggest("q=ser&resources[type]=product,widget")).status).toBe(422);
    expect((await suggest("q=ser&resources[limit_scope]=some")).status).toBe(422);
    expect((await suggest("q=ser&resources[options][fields]=title,colour")).status).toBe(422);
    expect((await suggest("resources[type]=product")).status).toBe(422);
  });

  it("suggests queries with the typed part marked", async () => {
    const { body } = await suggest("q=ser&resources[type]=query&resources[limit]=3");
    expect(body.resources.results.queries[0]).toEqual({
      text: "serum",
      styled_text: "<mark>ser</mark><span>um</span>",
      url: "/search?_pos=1&_psq=ser&_ss=e&_v=1.0&q=serum",
    });
    const accented = await suggest(`q=${encodeURIComponent("vitamin sé")}&resources[type]=query`);
    expect(accented.body.resources.results.queries[0]).toMatchObject({ text: "vitamin serum", styled_text: "<mark>vitamin se</mark><span>rum</span>" });
    const escaped = await suggest(`q=${encodeURIComponent("<b>ser")}&resources[type]=query`);
    expect(escaped.body.resources.results.queries[0].styled_text).toBe("<mark>&lt;b&gt;ser</mark><span>um</span>");
  });

  it("answers every default type, sharing the limit between them", async () => {
    const { body } = await suggest("q=face&resources[limit]=4");
    expect(Object.keys(body.resources.results)).toEqual(["queries", "products", "collections", "pages"]);
    expect(body.resources.results.collections[0]).toMatchObject({ handle: "face", title: "Face", url: "/collections/face?_pos=1&_psq=face&_ss=e&_v=1.0" });
    expect(body.resources.results.pages).toEqual([]);
    const total = Object.values(body.resources.results as Record<string, unknown[]>).reduce((sum, list) => sum + list.length, 0);
    expect(total).toBeLessThanOrEqual(4);
    const each = await suggest("q=s&resources[type]=product,query&resources[limit]=2&resources[limit_scope]=each");
    expect(each.body.resources.results.products).toHaveLength(2);
  });

  it("returns the variant the query names when variant titles are searched", async () => {
    const { body } = await suggest("q=sized+30&resources[type]=product&resources[options][fields]=title,variants.title");
    const [product] = body.resources.results.products;
    expect(product.handle).toBe("sized-serum");
    expect(product.variants).toHaveLength(1);
    expect(product.variants[0]).toMatchObject({ title: "30 ml", price: "25.00", compare_at_price: "30.00" });
    expect(product.url).toBe(`/products/sized-serum?variant=${shop.variant("sized-serum", 1)}&_pos=1&_psq=sized%2030&_ss=e&_v=1.0`);
  });

  it("answers empty lists for a query without words", async () => {
    const { status, body } = await suggest("q=&resources[type]=product,query");
    expect(status).toBe(200);
    expect(body).toEqual({ resources: { results: { queries: [], products: [] } } });
  });
});

describe("index freshness", () => {
  it("follows stock changes: a product that sells out moves to the end", async () => {
    const before = handles(await face(["vegan"], { sort: "title-ascending" }));
    expect(before).toEqual(["clarifying-gel", "serum-eclat"]);
    await shop.db.transaction(async (tx) => {
      await tx.query("update variants set inventory_quantity = 0 where sku = 'CLARI-1'");
      await bumpInventoryRevision(tx);
    });
    expect(handles(await face(["vegan"], { sort: "title-ascending" }))).toEqual(["serum-eclat", "clarifying-gel"]);
    expect(handles(await storefront.search("cleanser"))).toEqual(["plain-cleanser", "clarifying-gel"]);
    await shop.db.transaction(async (tx) => {
      await tx.query("update variants set inventory_quantity = 100 where sku = 'CLARI-1'");
      await bumpInventoryRevision(tx);
    });
    expect(handles(await face(["vegan"], { sort: "title-ascending" }))).toEqual(["clarifying-gel", "serum-eclat"]);
  });

  it("follows catalog changes: a new title and tag are found at once", async () => {
    await shop.db.transaction(async (tx) => {
      await tx.query("update products set title = 'Night Repair Elixir', tags = array_append(tags, 'concern:ageing') where handle = 'plain-cleanser'");
      await bumpCatalogRevision(tx);
    });
    expect(handles(await storefront.search("elixir"))).toEqual(["plain-cleanser"]);
    expect(handles(await face(["concern-ageing"]))).toEqual(["plain-cleanser"]);
    await shop.db.transaction(async (tx) => {
      await tx.query("update products set title = 'Plain Cleanser', tags = array_remove(tags, 'concern:ageing') where handle = 'plain-cleanser'");
      await bumpCatalogRevision(tx);
    });
    expect(handles(await storefront.search("elixir"))).toEqual([]);
  });
});
