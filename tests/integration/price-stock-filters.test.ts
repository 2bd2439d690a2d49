/**
 * Shopify's variant filters on collections: `filter.v.price.gte` /
 * `filter.v.price.lte` (major units of the site's currency, against the
 * site's own prices) and `filter.v.availability=1|0`, on products.json,
 * `?view=json` (with their counts) and the rendered page (the form's fields
 * and chips). Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CollectionPage, SearchPage } from "../../src/core/contract/storefront.ts";
import type { LiveShop } from "../../src/server/live-shop.ts";
import { Shopper, type TestShop, openTestShop, openThemeShop } from "./harness.ts";

const json = async <T,>(response: Response) => (await response.json()) as T;
type ListedProduct = { handle: string; variants: { price: string; available: boolean }[] };

describe("price range and availability over HTTP", () => {
  let shop: TestShop;
  let shopper: Shopper;
  beforeAll(async () => {
    shop = await openTestShop();
    shopper = new Shopper(shop.app);
  });
  afterAll(async () => {
    await shop?.close();
  });
  const list = async (path: string) => (await json<{ products: ListedProduct[] }>(await shopper.get(path))).products;
  const handles = (products: ListedProduct[]) => products.map((product) => product.handle).sort();
  /** Products with a variant priced from `gte` to `lte` (major units), by the prices the site lists. */
  const pricedWithin = (products: ListedProduct[], gte: number, lte: number) =>
    products.filter((product) => product.variants.some((variant) => Number(variant.price) >= gte && Number(variant.price) <= lte));

  for (const site of ["", "/en-ie"]) {
    it(`selects by the site's own prices (${site || "GBP"}), bounds included, a lone bound and a backwards range too`, async () => {
      const face = await list(`${site}/collections/face/products.json?limit=250`);
      const prices = [...new Set(face.flatMap((product) => product.variants.map((variant) => Number(variant.price))))].sort((a, b) => a - b);
      expect(prices.length).toBeGreaterThan(3);
      const low = prices[1]!;
      const high = prices[prices.length - 2]!;
      const within = await list(`${site}/collections/face/products.json?limit=250&filter.v.price.gte=${low}&filter.v.price.lte=${high}`);
      expect(handles(within)).toEqual(handles(pricedWithin(face, low, high)));
      expect(within.length).toBeLessThan(face.length);
      expect(handles(await list(`${site}/collections/face/products.json?limit=250&filter.v.price.gte=${high}&filter.v.price.lte=${low}`))).toEqual(handles(within));
      expect(handles(await list(`${site}/collections/face/products.json?limit=250&filter.v.price.gte=${high}`))).toEqual(handles(pricedWithin(face, high, Infinity)));
      expect(handles(await list(`${site}/collections/face/products.json?limit=250&filter.v.price.lte=${low}`))).toEqual(handles(pricedWithin(face, 0, low)));
      // Not a price: no filter.
      expect(handles(await list(`${site}/collections/face/products.json?limit=250&filter.v.price.gte=cheap`))).toEqual(handles(face));
    });
  }

  it("reads the euro site's range in euros, not pounds", async () => {
    const pounds = await list("/collections/face/products.json?limit=250");
    const euros = await list("/en-ie/collections/face/products.json?limit=250");
    const euroPrice = (handle: string) => Number(euros.find((product) => product.handle === handle)?.variants[0]?.price);
    const poundPrice = (handle: string) => Number(pounds.find((product) => product.handle === handle)?.variants[0]?.price);
    const serum = euros.find((product) => euroPrice(product.handle) > poundPrice(product.handle))!;
    expect(serum).toBeDefined();
    // A range ending at the product's pound price leaves it out on the euro site, where it costs more.
    const upToPounds = await list(`/en-ie/collections/face/products.json?limit=250&filter.v.price.gte=${poundPrice(serum.handle)}&filter.v.price.lte=${poundPrice(serum.handle)}`);
    expect(handles(upToPounds)).not.toContain(serum.handle);
    const atEuros = await list(`/en-ie/collections/face/products.json?limit=250&filter.v.price.gte=${euroPrice(serum.handle)}&filter.v.price.lte=${euroPrice(serum.handle)}`);
    expect(handles(atEuros)).toContain(serum.handle);
  });

  it("selects in stock, out of stock, or both", async () => {
    const all = await list("/collections/face/products.json?limit=250");
    const inStock = all.filter((product) => product.variants.some((variant) => variant.available));
    const soldOut = all.filter((product) => !product.variants.some((variant) => variant.available));
    expect(soldOut.length).toBeGreaterThan(0);
    expect(handles(await list("/collections/face/products.json?limit=250&filter.v.availability=1"))).toEqual(handles(inStock));
    expect(handles(await list("/collections/face/products.json?limit=250&filter.v.availability=0"))).toEqual(handles(soldOut));
    expect(handles(await list("/collections/face/products.json?limit=250&filter.v.availability=0&filter.v.availability=1"))).toEqual(handles(all));
  });

  it("counts each stock state against the other filters, and names the highest price the other filters leave", async () => {
    const all = await list("/collections/face/products.json?limit=250");
    const everything = await json<CollectionPage>(await shopper.get("/collections/face?view=json"));
    const soldOut = all.filter((product) => !product.variants.some((variant) => variant.available)).length;
    expect(everything.availability).toEqual([
      { value: 1, count: everything.total - soldOut, active: false },
      { value: 0, count: soldOut, active: false },
    ]);
    const highest = Math.max(...all.flatMap((product) => product.variants.map((variant) => Number(variant.price))));
    expect(everything.price).toEqual({ gte: null, lte: null, highest: Math.round(highest * 100) });

    const low = await json<CollectionPage>(await shopper.get("/collections/face?view=json&filter.v.price.lte=20&filter.v.availability=1"));
    const cheap = all.filter((product) => product.variants.some((variant) => Number(variant.price) <= 20));
    expect(low.price).toEqual({ gte: null, lte: 2000, highest: Math.round(highest * 100) });
    expect(low.total).toBe(cheap.filter((product) => product.variants.some((variant) => variant.available)).length);
    // The stock counts are taken within the price range, not within the stock choice.
    expect(low.availability.map((value) => value.count).reduce((sum, count) => sum + count, 0)).toBe(cheap.length);
    expect(low.availability.find((value) => value.value === 1)).toMatchObject({ active: true, count: low.total });
  });
});

describe("price range and availability on search", () => {
  let shop: TestShop;
  let shopper: Shopper;
  beforeAll(async () => {
    shop = await openTestShop();
    shopper = new Shopper(shop.app);
  });
  afterAll(async () => {
    await shop?.close();
  });
  const search = async (query: string) => json<SearchPage>(await shopper.get(`/search?view=json&q=${query}`));
  type Found = SearchPage["products"][number];
  const handlesOf = (products: Found[]) => products.map(({ product }) => product.handle).sort();

  it("keeps only the matches within the range and in the stock state asked for, on each site's prices", async () => {
    for (const site of ["", "/en-ie"]) {
      const all = await json<SearchPage>(await shopper.get(`${site}/search?view=json&q=serum`));
      expect(all.total).toBeGreaterThan(1);
      const low = Math.min(...all.products.map(({ product }) => product.price_min));
      const within = await json<SearchPage>(await shopper.get(`${site}/search?view=json&q=serum&filter.v.price.lte=${low / 100}`));
      expect(handlesOf(within.products)).toEqual(handlesOf(all.products.filter(({ product }) => product.variants.some((variant) => variant.price <= low))));
      expect(within.total).toBeLessThan(all.total);
    }
    const everything = await search("balm");
    const inStock = await search("balm&filter.v.availability=1");
    const soldOut = await search("balm&filter.v.availability=0");
    expect(soldOut.total).toBeGreaterThan(0);
    expect(inStock.total + soldOut.total).toBe(everything.total);
    expect(soldOut.products.every(({ product }) => !product.available)).toBe(true);
  });

  it("counts each stock state within the price range, and names the highest price within the stock state, as a collection does", async () => {
    const everything = await search("serum");
    expect(everything.total).toBeLessThanOrEqual(everything.perPage);
    const inStock = await search("serum&filter.v.availability=1");
    const soldOut = await search("serum&filter.v.availability=0");
    expect(Math.min(inStock.total, soldOut.total)).toBeGreaterThan(0);
    const highest = (found: SearchPage) => Math.max(...found.products.flatMap(({ product }) => product.variants.map((variant) => variant.price)));
    expect(everything.availability).toEqual([
      { value: 1, count: inStock.total, active: false },
      { value: 0, count: soldOut.total, active: false },
    ]);
    expect(everything.price).toEqual({ gte: null, lte: null, highest: highest(everything) });
    // Ticking a stock state leaves its counts as they were and the highest price among that state's matches.
    expect(inStock.availability).toEqual([
      { value: 1, count: inStock.total, active: true },
      { value: 0, count: soldOut.total, active: false },
    ]);
    expect(inStock.price?.highest).toBe(highest(inStock));
    // A range narrows the stock counts, not the highest price.
    const cheapest = Math.min(...everything.products.map(({ product }) => product.price_min));
    const cheap = await search(`serum&filter.v.price.lte=${cheapest / 100}`);
    expect(cheap.total).toBeGreaterThan(0);
    expect(cheap.total).toBeLessThan(everything.total);
    expect(cheap.price).toEqual({ gte: null, lte: cheapest, highest: highest(everything) });
    expect(cheap.availability?.reduce((sum, value) => sum + value.count, 0)).toBe(cheap.total);
  });
});

describe("the rendered form for price and stock", () => {
  let shop: LiveShop;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ shop, close } = await openThemeShop());
  });
  afterAll(async () => {
    await close?.();
  });
  const get = (path: string) => shop.fetch(new Request(new URL(path, "https://shop.test"), { headers: { accept: "text/html" } }));

  it("draws 'From' and 'To' as Shopify's parameters with the highest price, and stock boxes with counts", async () => {
    const html = await (await get("/collections/face?view=ajax&filter.v.price.gte=10&filter.v.availability=1")).text();
    expect(html).toMatch(/<input id="price-gte-sidebar" type="number"[^>]* name="filter.v.price.gte" value="10"\/>/);
    expect(html).toMatch(/name="filter.v.price.lte"/);
    expect(html).toMatch(/The highest price is £\d+\.\d\d/);
    expect(html).toMatch(/<input type="checkbox" name="filter.v.availability" checked="" value="1"\/>/);
    expect(html).toMatch(/In stock<\/span> <span class="collection-filters__count">\((?:<!-- -->)?\d+(?:<!-- -->)?\)/);
    expect(html).toMatch(/Out of stock<\/span>/);
  });

  it("shows a chip per choice whose link keeps the others", async () => {
    const html = await (await get("/collections/face?view=ajax&filter.p.m.custom.skin_type=dry&filter.v.availability=1&filter.v.price.gte=10&filter.v.price.lte=40.5")).text();
    expect(html).toContain('href="/collections/face?filter.p.m.custom.skin_type=dry&amp;filter.v.price.gte=10&amp;filter.v.price.lte=40.50" data-remove-filter="availability:1"');
    expect(html).toContain('href="/collections/face?filter.p.m.custom.skin_type=dry&amp;filter.v.availability=1" data-remove-filter="price"');
    expect(html).toContain('href="/collections/face?filter.v.availability=1&amp;filter.v.price.gte=10&amp;filter.v.price.lte=40.50" data-remove-filter="skin-type-dry"');
    expect(html).toMatch(/Price £10\.00 to £40\.50/);
  });

  it("draws the same form on the search page, carrying the search's words, with chips that keep them", async () => {
    const html = await (await get("/search?view=ajax&q=serum&filter.v.availability=1&filter.v.price.gte=10")).text();
    expect(html).toContain('action="/search" method="get"><input type="hidden" name="q" value="serum"/><h2 class="visually-hidden">Filters</h2>');
    expect(html).toMatch(/<input id="price-gte-sidebar" type="number"[^>]* name="filter.v.price.gte" value="10"\/>/);
    expect(html).toMatch(/<input type="checkbox" name="filter.v.availability" checked="" value="1"\/>/);
    expect(html).toMatch(/The highest price is £\d+\.\d\d/);
    expect(html).toContain('href="/search?q=serum&amp;filter.v.price.gte=10" data-remove-filter="availability:1"');
    expect(html).toContain('href="/search?q=serum&amp;filter.v.availability=1" data-remove-filter="price"');
    expect(html).toContain('href="/search?q=serum" data-clear-filters="true"');
    // No sort on search: the form has no order field.
    expect(html).not.toContain('name="sort_by"');
    // The drawer's copy for narrow screens, and the button that opens it.
    expect(html).toContain('id="price-gte-drawer"');
    expect(html).toMatch(/aria-label="Filter, 2 active" data-open-filter-drawer="true">.*Filter<span class="filter-toggle__count">2<\/span>/s);
  });

  it("sends the search without scripts to the address the script shows, and offers no form for pages alone", async () => {
    const submitted = await get("/search?q=serum&filter.v.availability=1&filter.v.price.gte=&filter.v.price.lte=+");
    expect(submitted.status).toBe(302);
    expect(submitted.headers.get("location")).toBe("/search?q=serum&filter.v.availability=1");
    const pagesOnly = await (await get("/search?q=serum&type=page")).text();
    expect(pagesOnly).not.toContain("data-collection-filters");
  });

  it("speaks French on the French site", async () => {
    const html = await (await get("/fr-fr/collections/face?view=ajax&filter.v.price.lte=30")).text();
    expect(html).toContain("Disponibilité");
    expect(html).toContain("En stock");
    expect(html).toMatch(/Le prix le plus élevé est de \d/);
    expect(html).toMatch(/Prix jusqu’à 30,00/);
    const search = await (await get("/fr-fr/search?view=ajax&q=serum&filter.v.availability=0")).text();
    expect(search).toContain("Disponibilité");
    expect(search).toContain('aria-label="Filtrer, 1 filtre actif"');
    expect(search).toContain('href="/fr-fr/search?q=serum" data-remove-filter="availability:0"');
  });
});
