/**
 * Pages and the journal's articles in predictive search, as Shopify answers
 * them: `resources[type]` (pages by default, articles when asked),
 * `resources[limit]`, `resources[options][fields]`, Shopify's fields for
 * each, French titles and `/fr-fr` links on the French site, and the
 * `predictive-search` section drawing them. Runs on PGlite, and on
 * PostgreSQL when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCatalog } from "../../src/platform/seed/demo-catalog.ts";
import { demoContent } from "../../src/platform/seed/demo-content.ts";
import { seedContent } from "../../src/platform/seed/seed-content.ts";
import type { LiveShop } from "../../src/server/live-shop.ts";
import { openThemeShop } from "./harness.ts";

let shop: LiveShop;
let close: () => Promise<void>;

beforeAll(async () => {
  const opened = await openThemeShop({ catalog: demoCatalog });
  ({ shop, close } = opened);
  await seedContent(opened.db, demoContent);
});
afterAll(async () => {
  await close?.();
});

type Json = Record<string, any>;

async function get(address: string, status = 200): Promise<Response> {
  const response = await shop.fetch(new Request(new URL(address, "http://shop.test")));
  expect(response.status, address).toBe(status);
  return response;
}
const suggest = async (query: string, prefix = ""): Promise<Json> => (await (await get(`${prefix}/search/suggest.json?${query}`)).json()) as Json;
const titles = (list: Json[] | undefined) => (list ?? []).map((item) => item.title as string);

describe("pages and articles in /search/suggest.json", () => {
  it("finds a page by a word of its title, with Shopify's fields and tracking link", async () => {
    const { resources } = await suggest("q=layering&resources[type]=page");
    expect(Object.keys(resources.results)).toEqual(["pages"]);
    const [page] = resources.results.pages as Json[];
    expect(page).toMatchObject({ handle: "layering-guide", title: "The layering guide", author: "Lumen & Leaf" });
    expect(Object.keys(page!).sort()).toEqual(["author", "body", "handle", "id", "published_at", "summary_html", "title", "updated_at", "url"]);
    expect(page!.body).toContain("<p>");
    expect(typeof page!.id).toBe("number");
    expect(page!.url).toBe("/pages/layering-guide?_pos=1&_psq=layering&_ss=e&_v=1.0");
  });

  it("finds articles by title, with their author, excerpt, tags and picture", async () => {
    const { resources } = await suggest("q=sensitive&resources[type]=article");
    const [article] = resources.results.articles as Json[];
    expect(article).toMatchObject({
      handle: "a-routine-for-sensitive-skin",
      title: "How to build a routine for sensitive skin",
      author: expect.any(String),
      tags: ["routines", "sensitive skin"],
      url: "/blogs/journal/a-routine-for-sensitive-skin?_pos=1&_psq=sensitive&_ss=e&_v=1.0",
    });
    expect(article!.summary_html).toMatch(/^<p>.+<\/p>$/);
    expect(article!.image).toMatch(/^\/.+\.(?:jpg|webp|png|svg)/);
    expect(article!.featured_image).toMatchObject({ url: article!.image, width: expect.any(Number), height: expect.any(Number) });
  });

  it("asks for pages by default and for articles only when named, as Shopify's default types", async () => {
    const byDefault = await suggest("q=layering");
    expect(Object.keys(byDefault.resources.results).sort()).toEqual(["collections", "pages", "products", "queries"]);
    expect(titles(byDefault.resources.results.pages)).toEqual(["The layering guide"]);
    const vitamin = await suggest("q=vitamin&resources[type]=product,article,page&resources[limit_scope]=each");
    expect(titles(vitamin.resources.results.articles)).toEqual(["A beginner's guide to vitamin C"]);
    expect(vitamin.resources.results.products.length).toBeGreaterThan(0);
    expect(vitamin.resources.results.pages).toEqual([]);
  });

  it("looks in the text, author and tags only when those fields are asked", async () => {
    // "Hyaluronic" is in an article's text, not in any title.
    expect(titles((await suggest("q=hyaluronic&resources[type]=article")).resources.results.articles)).toEqual([]);
    expect(titles((await suggest("q=hyaluronic&resources[type]=article&resources[options][fields]=title,body")).resources.results.articles)).toContain(
      "A beginner's guide to vitamin C",
    );
    expect(titles((await suggest("q=asha&resources[type]=article")).resources.results.articles)).toEqual([]);
    const byAuthor = titles((await suggest("q=asha&resources[type]=article&resources[options][fields]=author")).resources.results.articles);
    expect(byAuthor).toContain("A beginner's guide to vitamin C");
    expect(byAuthor).not.toContain("How to build a routine for sensitive skin");
    // Only the fields asked are looked in: a title word is not found in the text alone.
    expect(titles((await suggest("q=layering&resources[type]=page&resources[options][fields]=vendor")).resources.results.pages)).toEqual([]);
    expect(titles((await suggest("q=seasonal&resources[type]=article&resources[options][fields]=tag")).resources.results.articles)).toEqual([
      "Winter skin: keeping your barrier happy",
    ]);
  });

  it("keeps to resources[limit], for each type or shared between them", async () => {
    // Every article of the journal carries the tag "routines" but one.
    const each = await suggest("q=routines&resources[type]=article&resources[options][fields]=tag&resources[limit]=2");
    expect(each.resources.results.articles).toHaveLength(2);
    const shared = await suggest("q=guide&resources[type]=page,article&resources[limit]=2");
    expect(shared.resources.results.pages).toHaveLength(1);
    expect(shared.resources.results.articles).toHaveLength(1);
  });

  it("answers in French with /fr-fr links on the French site", async () => {
    const { resources } = await suggest("q=superpositions&resources[type]=page,article,product", "/fr-fr");
    expect(titles(resources.results.pages)).toEqual(["Le guide des superpositions"]);
    expect(resources.results.pages[0].url).toMatch(/^\/fr-fr\/pages\/layering-guide\?_pos=1&/);
    const articles = (await suggest("q=peau+sensible&resources[type]=article", "/fr-fr")).resources.results.articles as Json[];
    expect(titles(articles)).toEqual(["Composer une routine pour peau sensible"]);
    expect(articles[0]!.url).toMatch(/^\/fr-fr\/blogs\/journal\/a-routine-for-sensitive-skin\?/);
    // Products and query suggestions carry the prefix too; the English site's words are not the French site's.
    const products = (await suggest("q=nettoyant&resources[type]=product,query", "/fr-fr")).resources.results;
    expect(products.products[0].url).toMatch(/^\/fr-fr\/products\//);
    expect(products.queries[0].url).toMatch(/^\/fr-fr\/search\?/);
    expect((await suggest("q=superpositions&resources[type]=page")).resources.results.pages).toEqual([]);
  });
});

describe("the predictive-search section", () => {
  it("draws pages and articles under their headings", async () => {
    const html = await (await get("/search/suggest?q=guide&section_id=predictive-search")).text();
    expect(html).toMatch(/^<div id="shopify-section-predictive-search" class="shopify-section">/);
    expect(html).toContain(">Pages</h2>");
    expect(html).toContain(">Articles</h2>");
    expect(html).toMatch(/href="\/pages\/layering-guide\?_pos=1&amp;_psq=guide[^"]*"/);
    expect(html).toMatch(/href="\/blogs\/journal\/a-beginners-guide-to-vitamin-c\?[^"]*"/);
  });

  it("keeps to the kinds resources[type] names", async () => {
    const html = await (await get("/search/suggest?q=guide&resources[type]=article&section_id=predictive-search")).text();
    expect(html).toContain(">Articles</h2>");
    expect(html).not.toContain(">Pages</h2>");
  });

  it("is French on /fr-fr, its links on the French site", async () => {
    const html = await (await get("/fr-fr/search/suggest?q=superpositions&section_id=predictive-search")).text();
    expect(html).toContain("Le guide des superpositions");
    expect(html).toMatch(/href="\/fr-fr\/pages\/layering-guide\?[^"]*"/);
  });
});

describe("the search page", () => {
  const html = async (address: string) => (await get(address)).text();

  it("lists the pages and articles it finds above the products, and Shopify's type narrows the kinds", async () => {
    const everything = await html("/search?q=sensitive");
    expect(everything).toContain('id="search-articles"');
    expect(everything).toContain('href="/blogs/journal/a-routine-for-sensitive-skin"');
    expect(everything).toContain('class="product-grid');
    // The kinds the shopper can narrow to, the current one marked.
    expect(everything).toMatch(/<a[^>]*aria-current="page"[^>]*>Everything<\/a>/);
    expect(everything).toContain('href="/search?q=sensitive&amp;type=article"');

    const articlesOnly = await html("/search?q=sensitive&type=article");
    expect(articlesOnly).toContain('href="/blogs/journal/a-routine-for-sensitive-skin"');
    expect(articlesOnly).not.toContain('class="product-grid');
    expect(articlesOnly).toMatch(/<a[^>]*aria-current="page"[^>]*>Articles<\/a>/);

    const productsOnly = await html("/search?q=sensitive&type=product");
    expect(productsOnly).not.toContain('id="search-articles"');
    expect(productsOnly).toContain('class="product-grid');

    const pages = await html("/search?q=layering&type=page");
    expect(pages).toContain('href="/pages/layering-guide"');
    expect(pages).toContain("The layering guide");
  });

  it("says nothing was found only when no kind found anything", async () => {
    expect(await html("/search?q=layering&type=product")).toContain("No results for “layering”");
    expect(await html("/search?q=layering")).not.toContain("No results for “layering”");
  });

  it("is French on /fr-fr, its links on the French site", async () => {
    const french = await html("/fr-fr/search?q=superpositions");
    expect(french).toContain("Le guide des superpositions");
    expect(french).toContain('href="/fr-fr/pages/layering-guide"');
    expect(french).toMatch(/<a[^>]*aria-current="page"[^>]*>Tout<\/a>/);
  });

  it("answers the same kinds on ?view=json", async () => {
    const answer = (await (await get("/search?q=sensitive&view=json")).json()) as Json;
    expect(titles(answer.articles)).toContain("How to build a routine for sensitive skin");
    expect(answer.articles[0]).toEqual({ title: expect.any(String), url: expect.stringMatching(/^\/blogs\/journal\//), excerpt: expect.any(String) });
    const narrowed = (await (await get("/search?q=sensitive&type=product&view=json")).json()) as Json;
    expect(narrowed.articles).toEqual([]);
    expect(narrowed.products.length).toBeGreaterThan(0);
  });
});
