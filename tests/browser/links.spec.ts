/**
 * No dead links: every link on every kind of page (home, each collection, a
 * product, the cart, search, each content page, the policies, the journal)
 * and every address of the sitemap answers without a 404 or a server error.
 * Links are read from the server's HTML, so this is what a crawler and a
 * shopper without scripts find.
 */
import { type APIRequestContext, expect, test } from "@playwright/test";

const STARTS = [
  "/",
  "/collections",
  "/products/vitamin-c-brightening-serum",
  "/products/build-your-own-routine",
  "/cart",
  "/search?q=serum",
  "/pages/about",
  "/pages/contact",
  "/pages/faqs",
  "/pages/ingredients",
  "/pages/layering-guide",
  "/pages/sustainability",
  "/pages/delivery-and-returns",
  "/policies/privacy-policy",
  "/policies/shipping-policy",
  "/policies/refund-policy",
  "/policies/terms-of-service",
  "/blogs/journal",
];

/** Paths a crawler is not meant to follow: one shopper's own pages and actions. */
const SKIPPED = /^\/(account\/logout|cart\/(add|change|clear|update)|checkout|orders\/|discount\/|dev\/)/;

function linksOf(html: string): string[] {
  const hrefs = [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)].map((match) => (match[1] ?? "").replaceAll("&amp;", "&"));
  return hrefs.filter((href) => href.startsWith("/") && !href.startsWith("//")).map((href) => href.split("#")[0] ?? "").filter((href) => href && !SKIPPED.test(href));
}

async function statusOf(request: APIRequestContext, path: string): Promise<number> {
  const response = await request.get(path, { maxRedirects: 5 });
  return response.status();
}

test.describe("links", () => {
  // One crawl is enough: the server's HTML does not depend on the window's width.
  test.skip(({ isMobile }) => isMobile, "the crawl runs once");
  test.setTimeout(180_000);

  test("every link on every page type, each collection and each journal article answers", async ({ request }) => {
    const home = await (await request.get("/")).text();
    const collections = [...new Set(linksOf(home).filter((href) => /^\/collections\/[^/?]+$/.test(href)))];
    const journal = await (await request.get("/blogs/journal")).text();
    const articles = [...new Set(linksOf(journal).filter((href) => /^\/blogs\/journal\/[^/?]+$/.test(href)))];
    expect(articles.length).toBeGreaterThanOrEqual(4);

    const pages = [...new Set([...STARTS, ...collections, ...articles])];
    const checked = new Map<string, number>();
    const broken: string[] = [];
    for (const page of pages) {
      const response = await request.get(page);
      expect(response.status(), page).toBe(200);
      for (const link of linksOf(await response.text())) {
        if (checked.has(link)) continue;
        const status = await statusOf(request, link);
        checked.set(link, status);
        if (status >= 400) broken.push(`${link} (${status}) on ${page}`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked.size).toBeGreaterThan(100);
  });

  test("every address of the sitemap answers", async ({ request }) => {
    const index = await (await request.get("/sitemap.xml")).text();
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
    expect(files.length).toBe(4);
    const broken: string[] = [];
    let count = 0;
    for (const file of files) {
      const body = await (await request.get(file)).text();
      for (const [, loc] of body.matchAll(/<url>\s*<loc>([^<]+)<\/loc>/g)) {
        count += 1;
        const path = new URL(loc ?? "").pathname;
        const status = await statusOf(request, path);
        if (status !== 200) broken.push(`${path} (${status})`);
      }
    }
    expect(broken).toEqual([]);
    expect(count).toBeGreaterThan(50);
  });

  test("an unknown page, article or policy answers 404", async ({ request }) => {
    expect(await statusOf(request, "/pages/no-such-page")).toBe(404);
    expect(await statusOf(request, "/blogs/journal/no-such-article")).toBe(404);
    expect(await statusOf(request, "/policies/no-such-policy")).toBe(404);
  });
});
