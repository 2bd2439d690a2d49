/**
 * Atom feeds as Shopify serves them: a collection's products and a blog's
 * articles, newest first, every address absolute under the site asked for,
 * the French site's feeds in French. Runs on PGlite, and on PostgreSQL when
 * DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentClient } from "../../src/platform/content/content-client.ts";
import type { LiveShop } from "../../src/server/live-shop.ts";
import { demoCatalog } from "../../src/platform/seed/demo-catalog.ts";
import { demoContent } from "../../src/platform/seed/demo-content.ts";
import { seedContent } from "../../src/platform/seed/seed-content.ts";
import { type TestShop, openTestShop, openThemeShop } from "./harness.ts";

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop({ catalog: demoCatalog });
  await seedContent(shop.db, demoContent);
});
afterAll(async () => {
  await shop?.close();
});

const get = (path: string) => shop.app.request(`http://shop.test${path}`);

/** The text of each `<tag>` in `xml`, in order. */
const all = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, "g"))].map((match) => match[1] ?? "");
const entriesOf = (xml: string) => [...xml.matchAll(/<entry>([\s\S]*?)<\/entry>/g)].map((match) => match[1] ?? "");
const feedHead = (xml: string) => xml.replace(/<entry>[\s\S]*<\/entry>/, "");
const unescape = (text: string) => text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&");

async function feed(path: string): Promise<string> {
  const response = await get(path);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
  const xml = await response.text();
  expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom"/);
  // Atom 1.0 asks of a feed an id, a title, its last change and an author (here the shop, for entries naming none).
  const head = feedHead(xml);
  expect(all(head, "id")).toEqual([`http://shop.test${path}`]);
  expect(head).toContain(`<link rel="self" type="application/atom+xml" href="http://shop.test${path}"/>`);
  expect(head).toContain(`<link rel="alternate" type="text/html" href="http://shop.test${path.replace(/\.atom$/, "")}"/>`);
  expect(all(head, "title")).toHaveLength(1);
  expect(all(head, "updated")[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  expect(all(head, "name")).toEqual(["Lumen &amp; Leaf"]);
  return xml;
}

describe("a collection's feed", () => {
  it("lists the collection's products newest first, each with its page, description and prices", async () => {
    const xml = await feed("/collections/serums.atom");
    expect(all(feedHead(xml), "title")).toEqual(["Lumen &amp; Leaf - Serums"]);
    const entries = entriesOf(xml);
    expect(entries.length).toBeGreaterThan(1);
    const published = entries.map((entry) => all(entry, "published")[0] ?? "");
    expect(published).toEqual([...published].sort().reverse());

    const serum = entries.find((entry) => entry.includes("/products/vitamin-c-brightening-serum\""));
    expect(serum).toBeDefined();
    expect(all(serum!, "id")[0]).toBe("http://shop.test/products/vitamin-c-brightening-serum");
    expect(serum).toContain('<link rel="alternate" type="text/html" href="http://shop.test/products/vitamin-c-brightening-serum"/>');
    expect(all(serum!, "title")[0]).toBe("Vitamin C 15% Brightening Serum");
    expect(all(serum!, "updated")[0]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // The summary is HTML written as text: its picture, description and price range read as markup once unescaped.
    const summary = unescape(all(serum!, "summary")[0] ?? "");
    expect(summary).toMatch(/^<p><img src="http:\/\/shop\.test\/images\/products\//);
    expect(summary).toContain("<p>£24.00 – £54.00</p>");
    expect([...serum!.matchAll(/<s:price currency="GBP">([\d.]+)<\/s:price>/g)].map((match) => match[1])).toEqual(["24.00", "38.00", "54.00"]);
  });

  it("follows the site asked for: French pages, words and euros", async () => {
    const xml = await feed("/fr-fr/collections/serums.atom");
    expect(xml).toContain('xml:lang="fr-FR"');
    const serum = entriesOf(xml).find((entry) => entry.includes("/fr-fr/products/vitamin-c-brightening-serum\""));
    expect(serum).toBeDefined();
    const french = (await (await get("/fr-fr/products/vitamin-c-brightening-serum.js")).json()) as { title: string };
    expect(unescape(all(serum!, "title")[0] ?? "")).toBe(french.title);
    expect(french.title).not.toBe("Vitamin C 15% Brightening Serum");
    expect([...serum!.matchAll(/<s:price currency="EUR">([\d.]+)<\/s:price>/g)].map((match) => match[1])).toEqual(["28.95", "44.00", "62.00"]);
    expect(xml).not.toMatch(/href="http:\/\/shop\.test\/(?!fr-fr\/)/);
  });

  it("answers 404 for a collection the shop does not have or hides", async () => {
    expect((await get("/collections/no-such-thing.atom")).status).toBe(404);
    expect((await get("/collections/gifts.atom")).status).toBe(404);
  });
});

describe("a blog's feed", () => {
  it("lists the blog's articles newest first, each with its page, author, dates, summary and content as HTML written as text", async () => {
    const xml = await feed("/blogs/journal.atom");
    const journal = await shop.platform.content.blog("journal", 1, 50);
    expect(all(feedHead(xml), "title")).toEqual([`Lumen &amp; Leaf - ${journal!.title}`]);
    const entries = entriesOf(xml);
    expect(entries.map((entry) => all(entry, "id")[0])).toEqual(journal!.articles.map((article) => `http://shop.test/blogs/journal/${article.handle}`));
    const published = entries.map((entry) => all(entry, "published")[0] ?? "");
    expect(published).toEqual([...published].sort().reverse());
    const [first] = journal!.articles;
    const entry = entries[0]!;
    expect(entry).toContain(`<link rel="alternate" type="text/html" href="http://shop.test/blogs/journal/${first!.handle}"/>`);
    expect(all(entry, "name")).toEqual([first!.author]);
    expect(all(entry, "updated")).toEqual([first!.updatedAt]);
    expect(unescape(all(entry, "content")[0] ?? "")).toBe(first!.bodyHtml);
    expect(unescape(all(entry, "summary")[0] ?? "")).toMatch(/^<p>.+<\/p>$/);
    for (const tag of first!.tags) expect(entry).toContain(`<category term="${tag}"/>`);
  });

  it("follows the site asked for: French pages and the articles' French texts", async () => {
    const xml = await feed("/fr-fr/blogs/journal.atom");
    const french = await contentClient(shop.platform.forSite("FR"), async () => ({ ip: "203.0.113.91", customerId: null, shopUrl: "http://shop.test" })).blog("journal", 1);
    const english = await shop.platform.content.blog("journal", 1);
    const [first] = french!.articles;
    expect(first!.title).not.toBe(english!.articles[0]!.title);
    const entry = entriesOf(xml)[0]!;
    expect(unescape(all(entry, "title")[0] ?? "")).toBe(first!.title);
    expect(unescape(all(entry, "content")[0] ?? "")).toBe(first!.bodyHtml);
    expect(all(entry, "id")[0]).toBe(`http://shop.test/fr-fr/blogs/journal/${first!.handle}`);
    expect(xml).not.toMatch(/href="http:\/\/shop\.test\/(?!fr-fr\/)/);
  });

  it("answers 404 for a blog the shop does not have", async () => {
    expect((await get("/blogs/no-such-blog.atom")).status).toBe(404);
  });
});

describe("the pages a feed follows", () => {
  let theme: LiveShop;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const opened = await openThemeShop({ catalog: demoCatalog });
    ({ shop: theme, close } = opened);
    await seedContent(opened.db, demoContent);
  });
  afterAll(async () => {
    await close?.();
  });

  const headOf = async (address: string) => {
    const response = await theme.fetch(new Request(new URL(address, "http://shop.test")));
    expect(response.status, address).toBe(200);
    return /<head>([\s\S]*?)<\/head>/.exec(await response.text())?.[1] ?? "";
  };
  const feedLinks = (head: string) => [...head.matchAll(/<link[^>]*type="application\/atom\+xml"[^>]*>/g)].map((match) => match[0]);

  it("name their feed in the head for feed readers, on the site asked for", async () => {
    const [collection] = feedLinks(await headOf("/collections/serums"));
    expect(collection).toMatch(/rel="alternate"/);
    expect(collection).toContain('href="http://shop.test/collections/serums.atom"');
    expect(collection).toContain('title="Lumen &amp; Leaf - Serums"');
    const [blog] = feedLinks(await headOf("/fr-fr/blogs/journal"));
    expect(blog).toMatch(/rel="alternate"/);
    expect(blog).toContain('href="http://shop.test/fr-fr/blogs/journal.atom"');
    expect(feedLinks(await headOf("/pages/about"))).toEqual([]);
  });
});
