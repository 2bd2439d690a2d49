/**
 * Leaving ingredients out of a collection ("without retinol") and the filter
 * widget's addresses, which are Shopify's filter parameters:
 * `filter.p.m.custom.key_ingredients.not=retinol` on the collection page, its
 * fragment, `?view=json` and products.json; the older tag-segment addresses
 * render the same page; at 10,000 products the exclusion selects exactly the
 * products without the ingredient. Runs on PGlite, and on PostgreSQL when
 * DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inciListOf } from "../../src/core/catalog/inci.ts";
import { keyIngredientsInList } from "../../src/core/catalog/key-ingredients.ts";
import type { CollectionPage } from "../../src/core/contract/storefront.ts";
import { demoCatalog } from "../../src/platform/seed/demo-catalog.ts";
import { generateLargeCatalog } from "../../src/platform/seed/large-catalog.ts";
import type { SeedCatalog } from "../../src/platform/seed/types.ts";
import type { LiveShop } from "../../src/server/live-shop.ts";
import { Shopper, type TestShop, openTestShop, openThemeShop } from "./harness.ts";

const json = async <T,>(response: Response) => (await response.json()) as T;
type ListedProduct = { handle: string; tags: string[] };

// The fixture's face collection: Sérum Éclat and Vitamin C Serum carry ingredient:vitamin-c, Clarifying Gel ingredient:salicylic-acid.
describe("leaving a key ingredient out, over HTTP", () => {
  let shop: TestShop;
  let shopper: Shopper;
  beforeAll(async () => {
    shop = await openTestShop();
    shopper = new Shopper(shop.app);
  });
  afterAll(async () => {
    await shop?.close();
  });
  const list = async (path: string) => (await json<{ products: ListedProduct[] }>(await shopper.get(path))).products.map((product) => product.handle).sort();

  it("lists products.json without the products carrying the excluded value", async () => {
    const all = await list("/collections/face/products.json?limit=250");
    const without = await list("/collections/face/products.json?limit=250&filter.p.m.custom.key_ingredients.not=vitamin-c");
    expect(without).toEqual(all.filter((handle) => !["serum-eclat", "vitamin-c-serum"].includes(handle)));
    // With a filter path, with an inclusion, and with the tag parameter.
    expect(await list("/collections/face/skin-type-oily/products.json?filter.p.m.custom.key_ingredients.not=vitamin-c")).toEqual(["clarifying-gel"]);
    expect(await list("/collections/face/products.json?filter.p.tag=vegan&filter.p.m.custom.key_ingredients.not=Salicylic%20Acid")).toEqual(["serum-eclat"]);
    expect(await list("/collections/face/products.json?filter.p.tag.not=vegan&filter.p.m.custom.key_ingredients=vitamin-c")).toEqual(["vitamin-c-serum"]);
    // Chosen and left out: left out wins. An ingredient no product has leaves nothing out.
    expect(await list("/collections/face/products.json?filter.p.m.custom.key_ingredients=vitamin-c&filter.p.m.custom.key_ingredients.not=vitamin-c")).toEqual(
      all.filter((handle) => !["serum-eclat", "vitamin-c-serum"].includes(handle)),
    );
    expect(await list("/collections/face/products.json?limit=250&filter.p.m.custom.key_ingredients.not=unobtainium")).toEqual(all);
  });

  it("answers ?view=json with the value marked excluded and the count for leaving each value out", async () => {
    const page = await json<CollectionPage>(await shopper.get("/collections/face?view=json&filter.p.m.custom.key_ingredients.not=vitamin-c"));
    const everything = await json<CollectionPage>(await shopper.get("/collections/face?view=json"));
    expect(page.excludedFilters).toEqual(["ingredient-vitamin-c"]);
    expect(page.activeFilters).toEqual([]);
    expect(page.total).toBe(everything.total - 2);
    const ingredients = page.filters.find((group) => group.prefix === "ingredient");
    expect(ingredients?.exclude).toBe(true);
    expect(ingredients?.values.find((value) => value.value === "ingredient-vitamin-c")).toMatchObject({ excluded: true, active: false, excludedCount: page.total });
    expect(ingredients?.values.find((value) => value.value === "ingredient-salicylic-acid")).toMatchObject({ excluded: false, excludedCount: page.total - 1 });
    expect(page.filters.find((group) => group.prefix === "skin-type")?.exclude).toBe(false);
  });
});

// The demo shop: Retinol 0.3% Night Serum carries ingredient:retinol; the Ginseng eye cream has no such tag, but its label holds Retinyl Palmitate.
describe("leaving a key ingredient out goes by the whole INCI list", () => {
  let shop: TestShop;
  let shopper: Shopper;
  beforeAll(async () => {
    shop = await openTestShop({ catalog: demoCatalog });
    shopper = new Shopper(shop.app);
  });
  afterAll(async () => {
    await shop?.close();
  });
  const list = async (path: string) => (await json<{ products: ListedProduct[] }>(await shopper.get(path))).products;

  it("leaves out a product whose label holds a retinoid though it is not tagged retinol", async () => {
    const face = await list("/collections/face/products.json?limit=250");
    const eyeCream = face.find((product) => product.handle === "ginseng-eye-cream");
    expect(eyeCream?.tags).not.toContain("ingredient:retinol");
    const without = (await list("/collections/face/products.json?limit=250&filter.p.m.custom.key_ingredients.not=retinol")).map((product) => product.handle).sort();
    expect(without).toEqual(
      face
        .map((product) => product.handle)
        .filter((handle) => !["retinol-night-serum", "ginseng-eye-cream"].includes(handle))
        .sort(),
    );
    // Choosing retinol as a key ingredient still goes by the merchant's tag: the eye cream's retinoid is not what it is sold for.
    expect((await list("/collections/face/products.json?filter.p.m.custom.key_ingredients=retinol")).map((product) => product.handle)).toEqual(["retinol-night-serum"]);
  });

  it("counts what leaving a key ingredient out shows by the labels too", async () => {
    const everything = await json<CollectionPage>(await shopper.get("/collections/face?view=json"));
    const page = await json<CollectionPage>(await shopper.get("/collections/face?view=json&filter.p.m.custom.key_ingredients.not=retinol"));
    expect(page.total).toBe(everything.total - 2);
    const retinol = everything.filters.find((group) => group.prefix === "ingredient")?.values.find((value) => value.value === "ingredient-retinol");
    expect(retinol).toMatchObject({ count: 1, excludedCount: everything.total - 2 });
    // Sodium Hyaluronate is on many more labels than carry the hyaluronic acid tag.
    const hyaluronic = everything.filters.find((group) => group.prefix === "ingredient")?.values.find((value) => value.value === "ingredient-hyaluronic-acid");
    expect(everything.total - (hyaluronic?.excludedCount ?? 0)).toBeGreaterThan(hyaluronic?.count ?? 0);
  });
});

describe("the collection page's filter addresses", () => {
  let shop: LiveShop;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ shop, close } = await openThemeShop());
  });
  afterAll(async () => {
    await close?.();
  });
  const get = (path: string) => shop.fetch(new Request(new URL(path, "https://shop.test"), { headers: { accept: "text/html" } }));
  const productsIn = (html: string) => [...new Set([...html.matchAll(/href="\/products\/([^"?#/]+)/g)].map((match) => match[1]))];
  /** The ticked boxes of the page's filter forms, as `name=value`. */
  const ticked = (html: string) =>
    [...new Set([...html.matchAll(/<input[^>]*>/g)].filter((input) => / checked=""/.test(input[0])).map((input) => `${/name="([^"]+)"/.exec(input[0])?.[1]}=${/value="([^"]+)"/.exec(input[0])?.[1]}`))].sort();

  it("renders the excluded ingredient ticked under 'Key ingredient to avoid', with a chip to take it away", async () => {
    const html = await (await get("/collections/face?filter.p.m.custom.key_ingredients.not=vitamin-c&view=ajax")).text();
    expect(productsIn(html)).not.toContain("serum-eclat");
    expect(productsIn(html)).not.toContain("vitamin-c-serum");
    expect(productsIn(html).length).toBeGreaterThan(0);
    expect(ticked(html)).toEqual(["filter.p.m.custom.key_ingredients.not=vitamin-c"]);
    expect(html).toContain("Key ingredient to avoid");
    // The chip links to the collection without the exclusion.
    expect(html).toMatch(/<a class="filter-chip" href="\/collections\/face" data-remove-filter="not:ingredient-vitamin-c">/);
  });

  it("names every checkbox with Shopify's filter parameters, so the form without scripts submits them", async () => {
    const html = await (await get("/collections/face?view=ajax")).text();
    const names = new Set([...html.matchAll(/<input type="checkbox" name="([^"]+)"/g)].map((match) => match[1]));
    expect([...names].sort()).toEqual([
      "filter.p.m.custom.concern",
      "filter.p.m.custom.free_from",
      "filter.p.m.custom.key_ingredients",
      "filter.p.m.custom.key_ingredients.not",
      "filter.p.m.custom.skin_type",
      "filter.p.tag",
      "filter.v.availability",
    ]);
  });

  it("renders an old tag-segment address as its parameter form, whose links are parameters", async () => {
    const byPath = await (await get("/collections/face/ingredient-vitamin-c+skin-type-dry?view=ajax")).text();
    const byParams = await (await get("/collections/face?filter.p.m.custom.key_ingredients=vitamin-c&filter.p.m.custom.skin_type=dry&view=ajax")).text();
    expect(productsIn(byPath)).toEqual(["vitamin-c-serum"]);
    expect(productsIn(byParams)).toEqual(productsIn(byPath));
    expect(ticked(byPath)).toEqual(["filter.p.m.custom.key_ingredients=vitamin-c", "filter.p.m.custom.skin_type=dry"]);
    expect(ticked(byParams)).toEqual(ticked(byPath));
    // Removing one chip leads to the parameter form of the rest.
    expect(byPath).toContain('href="/collections/face?filter.p.m.custom.skin_type=dry" data-remove-filter="ingredient-vitamin-c"');
  });

  it("redirects an old ?filter= bookmark and the default order to the parameter form", async () => {
    const response = await get("/collections/face?filter=skin-type-dry&filter=vegan&sort_by=price-ascending");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/collections/face?sort_by=price-ascending&filter.p.m.custom.skin_type=dry&filter.p.tag=vegan");
    // The form without scripts submits the default order too; the address drops it.
    const submitted = await get("/collections/face?filter.p.m.custom.skin_type=dry&sort_by=manual");
    expect(submitted.status).toBe(302);
    expect(submitted.headers.get("location")).toBe("/collections/face?filter.p.m.custom.skin_type=dry");
    // And its empty price fields.
    const unpriced = await get("/collections/face?filter.v.price.gte=&filter.v.price.lte=+&sort_by=title-descending");
    expect(unpriced.status).toBe(302);
    expect(unpriced.headers.get("location")).toBe("/collections/face?sort_by=title-descending");
  });
});

describe("leaving an ingredient out at 10,000 products", () => {
  let shop: TestShop;
  let shopper: Shopper;
  let catalog: SeedCatalog;
  beforeAll(async () => {
    catalog = generateLargeCatalog(10_000);
    shop = await openTestShop({ catalog });
    shopper = new Shopper(shop.app);
  }, 600_000);
  afterAll(async () => {
    await shop?.close();
  });
  /** Every product a products.json address lists, through all its pages. */
  const listAll = async (path: string) => {
    const found: ListedProduct[] = [];
    for (let page = 1; ; page++) {
      const { products } = await json<{ products: ListedProduct[] }>(await shopper.get(`${path}&limit=250&page=${page}`));
      found.push(...products);
      if (products.length < 250) return found;
    }
  };

  it("selects exactly the collection's products without the ingredient, and with another filter too", async () => {
    const face = await listAll("/collections/face/products.json?filter.p.tag.not=no-such-tag");
    const withRetinol = await listAll("/collections/face/products.json?filter.p.m.custom.key_ingredients=retinol");
    const withoutRetinol = await listAll("/collections/face/products.json?filter.p.m.custom.key_ingredients.not=retinol");
    expect(face.length).toBeGreaterThan(5_000);
    expect(withRetinol.length).toBeGreaterThan(100);
    expect(withoutRetinol.some((product) => product.tags.includes("ingredient:retinol"))).toBe(false);
    // A product holds retinol by its tag or by a retinoid on its label (Retinyl Palmitate in some untagged creams).
    const labelled = new Set(catalog.products.filter((product) => keyIngredientsInList(inciListOf(product.metafields?.custom)).includes("retinol")).map((product) => product.handle));
    const holdsRetinol = (product: ListedProduct) => product.tags.includes("ingredient:retinol") || labelled.has(product.handle);
    const onlyByLabel = face.filter((product) => holdsRetinol(product) && !product.tags.includes("ingredient:retinol"));
    expect(onlyByLabel.length).toBeGreaterThan(50);
    const handles = (products: ListedProduct[]) => products.map((product) => product.handle).sort();
    expect(handles(withoutRetinol)).toEqual(handles(face.filter((product) => !holdsRetinol(product))));
    expect(withoutRetinol.length + withRetinol.length + onlyByLabel.length).toBe(face.length);

    const dryWithout = await listAll("/collections/face/products.json?filter.p.m.custom.skin_type=dry&filter.p.m.custom.key_ingredients.not=retinol");
    const expected = face.filter((product) => product.tags.includes("skin-type:dry") && !holdsRetinol(product));
    expect(handles(dryWithout)).toEqual(handles(expected));

    const page = await json<CollectionPage>(await shopper.get("/collections/face?view=json&filter.p.m.custom.key_ingredients.not=retinol"));
    expect(page.total).toBe(withoutRetinol.length);
    expect(page.filters.find((group) => group.prefix === "ingredient")?.values.find((value) => value.value === "ingredient-retinol")).toMatchObject({ excluded: true, count: 0 });
  }, 120_000);
});
