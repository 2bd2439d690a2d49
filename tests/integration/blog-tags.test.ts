/**
 * A blog's articles by tag, as Shopify lists them at
 * `/blogs/{blog}/tagged/{tag}`: only the articles with that tag, titled by
 * it and canonical to itself; a tag no article has is an empty list (200);
 * the blog's page links each tag's list. Runs on PGlite, and on PostgreSQL
 * when DATABASE_URL is set.
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

async function page(address: string, status = 200): Promise<string> {
  const response = await shop.fetch(new Request(new URL(address, "http://shop.test")));
  expect(response.status, address).toBe(status);
  return response.text();
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" };
const decode = (text: string) => text.replace(/&(#?\w+);/g, (entity, name: string) => ENTITIES[name] ?? entity);
/** The articles a journal page lists, by their links. */
const articleLinks = (html: string) => [...html.matchAll(/<h2 class="article-card__title"><a href="([^"]+)"/g)].map((match) => match[1]);
const titleOf = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
/** The blog's tag links: each name, where it leads and whether it is the page shown. */
const tagLinks = (html: string) => {
  const nav = /<nav class="blog-tags"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
  return [...nav.matchAll(/<a([^>]*)>([^<]*)<\/a>/g)].map((match) => ({
    name: decode(match[2] ?? ""),
    href: /href="([^"]+)"/.exec(match[1] ?? "")?.[1],
    current: /aria-current="page"/.test(match[1] ?? ""),
  }));
};

describe("a blog's articles by tag", () => {
  it("lists only the articles with the tag, titled by it and canonical to itself", async () => {
    const all = await page("/blogs/journal");
    const html = await page("/blogs/journal/tagged/routines");
    const tagged = articleLinks(html);
    expect(tagged.length).toBeGreaterThan(0);
    expect(tagged.length).toBeLessThan(articleLinks(all).length);
    expect(articleLinks(all)).toEqual(expect.arrayContaining(tagged));
    expect(titleOf(html)).toMatch(/^The Journal – tagged “routines” – Lumen & Leaf$/);
    expect(html).toMatch(/<h1 class="content__title">[^<]*tagged “routines”<\/h1>/);
    expect(canonicalOf(html)).toBe("http://shop.test/blogs/journal/tagged/routines");
    // A tag of several words is asked for by its handle and named as the articles name it.
    const vitamin = await page("/blogs/journal/tagged/vitamin-c");
    expect(articleLinks(vitamin)).toHaveLength(1);
    expect(tagLinks(vitamin).find((link) => link.current)).toEqual({ name: "vitamin c", href: "/blogs/journal/tagged/vitamin-c", current: true });
  });

  it("answers a tag no article has with an empty list, as Shopify does", async () => {
    const html = await page("/blogs/journal/tagged/no-such-topic");
    expect(articleLinks(html)).toEqual([]);
    expect(html).toContain("No articles are tagged “no-such-topic” yet.");
    await page("/blogs/no-such-blog/tagged/routines", 404);
  });

  it("shows the blog's tags as links to each tag's list, the whole blog marked as the page shown", async () => {
    const links = tagLinks(await page("/blogs/journal"));
    expect(links[0]).toEqual({ name: "All articles", href: "/blogs/journal", current: true });
    expect(links.map((link) => link.name)).toEqual(expect.arrayContaining(["routines", "vitamin c", "sensitive skin"]));
    for (const link of links.slice(1)) expect(link).toMatchObject({ href: `/blogs/journal/tagged/${link.name.replace(/ /g, "-")}`, current: false });
  });

  it("speaks French on the French site, its links under /fr-fr", async () => {
    const html = await page("/fr-fr/blogs/journal/tagged/routines");
    expect(html).toMatch(/<h1 class="content__title">[^<]*articles classés «\u00a0routines\u00a0»<\/h1>/);
    expect(canonicalOf(html)).toBe("http://shop.test/fr-fr/blogs/journal/tagged/routines");
    const links = tagLinks(html);
    expect(links[0]).toEqual({ name: "Tous les articles", href: "/fr-fr/blogs/journal", current: false });
    expect(html).toContain('aria-label="Sujets"');
    for (const link of articleLinks(html)) expect(link).toMatch(/^\/fr-fr\/blogs\/journal\//);
  });
});
