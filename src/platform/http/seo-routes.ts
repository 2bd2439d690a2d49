/**
 * What search engines read: `/robots.txt`, and `/sitemap.xml`, an index of
 * per-type sitemaps (products with their pictures, collections, pages and
 * policies, the journal) with each address's last change. Every address is
 * absolute, on the shop's own address.
 */
import type { Context } from "hono";
import { Hono } from "hono";
import { POLICY_HANDLES } from "../../core/content/content.ts";
import { isBrowsable } from "../catalog/recommendations.ts";
import { productsOnEverySite, titleOn } from "../catalog/catalog.ts";
import type { Platform } from "../services.ts";
import { notFound } from "./errors.ts";
import { shopUrlOf } from "./origin.ts";
import { sitePath } from "../../core/sites/sites.ts";

/** Addresses in one sitemap file; search engines take up to 50,000, and smaller files answer faster. */
export const SITEMAP_PAGE_SIZE = 5000;

const SITEMAP_KINDS = ["products", "collections", "pages", "blogs"] as const;
type SitemapKind = (typeof SITEMAP_KINDS)[number];

interface SitemapEntry {
  path: string;
  lastmod: string;
  image?: { src: string; title: string };
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (character) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[character] ?? character);

const base = (c: Context) => shopUrlOf(c).replace(/\/+$/, "");

/** What search engines are asked to leave alone: the shopper's own pages, searches, filtered and sorted lists, and page fragments. */
export function robotsTxt(shopUrl: string, sitePaths: readonly string[] = [""]): string {
  const own = ["/cart", "/checkout", "/orders/", "/account", "/challenge", "/contact", "/search", "/recommendations/", "/discount/"];
  return [
    "User-agent: *",
    // The same pages on every site the host serves (its prefixes).
    ...sitePaths.flatMap((prefix) => own.map((path) => `Disallow: ${prefix}${path}`)),
    "Disallow: /dev/",
    // A second segment after a collection is a filter (or the comparison table); a product within a collection is the
    // product's page (its canonical the product's own address), which crawlers may read as on Shopify: the longer rule wins.
    ...sitePaths.map((prefix) => `Disallow: ${prefix}/collections/*/*`),
    ...sitePaths.map((prefix) => `Allow: ${prefix}/collections/*/products/`),
    "Disallow: /*?*sort_by=",
    "Disallow: /*?*filter",
    "Disallow: /*?*view=",
    "Disallow: /*?*section",
    "",
    ...sitePaths.map((prefix) => `Sitemap: ${shopUrl}${prefix}/sitemap.xml`),
    "",
  ].join("\n");
}

async function sitemapEntries(platform: Platform, kind: SitemapKind): Promise<SitemapEntry[]> {
  switch (kind) {
    case "products": {
      const catalog = await platform.catalog.get();
      return [...productsOnEverySite(catalog)]
        .filter(isBrowsable)
        .sort((a, b) => a.id - b.id)
        .map((product) => ({
          path: `/products/${product.handle}`,
          lastmod: product.updatedAt,
          ...(product.images[0] ? { image: { src: product.images[0].src, title: titleOn(catalog, product) } } : {}),
        }));
    }
    case "collections": {
      const catalog = await platform.catalog.get();
      const listed = [...catalog.collections.values()].filter((collection) => !collection.hidden && collection.productIds.length > 0);
      const latest = listed.reduce((newest, collection) => (collection.updatedAt > newest ? collection.updatedAt : newest), "1970-01-01T00:00:00.000Z");
      return [{ path: "/collections", lastmod: latest }, ...listed.map((collection) => ({ path: `/collections/${collection.handle}`, lastmod: collection.updatedAt }))];
    }
    case "pages": {
      const [pages, policies] = await Promise.all([platform.content.pages(), platform.content.policies()]);
      return [
        ...pages.map((page) => ({ path: `/pages/${page.handle}`, lastmod: page.updatedAt })),
        ...policies.filter((policy) => (POLICY_HANDLES as readonly string[]).includes(policy.handle)).map((policy) => ({ path: `/policies/${policy.handle}`, lastmod: policy.updatedAt })),
      ];
    }
    case "blogs": {
      const articles = await platform.content.articles();
      const blogs = new Map<string, string>();
      for (const article of articles) if ((blogs.get(article.blog) ?? "") < article.updatedAt) blogs.set(article.blog, article.updatedAt);
      return [
        ...[...blogs].map(([blog, lastmod]) => ({ path: `/blogs/${blog}`, lastmod })),
        ...articles.map((article) => ({ path: `/blogs/${article.blog}/${article.handle}`, lastmod: article.updatedAt })),
      ];
    }
  }
}

function xml(c: Context, body: string): Response {
  c.header("content-type", "application/xml; charset=utf-8");
  c.header("cache-control", "public, max-age=3600");
  return c.body(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
}

export function seoRoutes(platform: Platform): Hono {
  const app = new Hono();

  app.get("/robots.txt", (c) => {
    c.header("cache-control", "public, max-age=86400");
    // Each site served on this host has its own sitemap; a site with a host of its own answers its own robots.txt.
    const here = platform.site.host;
    return c.text(robotsTxt(base(c), platform.sites.filter((site) => site.host === here).map((site) => site.path)));
  });

  app.get("/sitemap.xml", async (c) => {
    const shop = base(c);
    const files: { loc: string; lastmod: string }[] = [];
    for (const kind of SITEMAP_KINDS) {
      const entries = await sitemapEntries(platform, kind);
      for (let page = 1; (page - 1) * SITEMAP_PAGE_SIZE < entries.length; page += 1) {
        const slice = entries.slice((page - 1) * SITEMAP_PAGE_SIZE, page * SITEMAP_PAGE_SIZE);
        const lastmod = slice.reduce((newest, entry) => (entry.lastmod > newest ? entry.lastmod : newest), "");
        files.push({ loc: `${shop}${platform.site.path}/sitemap_${kind}_${page}.xml`, lastmod });
      }
    }
    const items = files.map((file) => `  <sitemap>\n    <loc>${escapeXml(file.loc)}</loc>\n    <lastmod>${file.lastmod}</lastmod>\n  </sitemap>`).join("\n");
    return xml(c, `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</sitemapindex>\n`);
  });

  app.get("/:file{sitemap_[a-z]+_[0-9]{1,6}\\.xml}", async (c) => {
    const [, kind, number] = /^sitemap_([a-z]+)_([0-9]+)\.xml$/.exec(c.req.param("file")) ?? [];
    if (!(SITEMAP_KINDS as readonly string[]).includes(kind ?? "")) throw notFound("Sitemap not found");
    const page = Number(number);
    const entries = (await sitemapEntries(platform, kind as SitemapKind)).slice((page - 1) * SITEMAP_PAGE_SIZE, page * SITEMAP_PAGE_SIZE);
    if (page < 1 || !entries.length) throw notFound("Sitemap not found");
    const shop = base(c);
    const urls = entries
      .map((entry) => {
        const image = entry.image
          ? `\n    <image:image>\n      <image:loc>${escapeXml(shop + entry.image.src)}</image:loc>\n      <image:title>${escapeXml(entry.image.title)}</image:title>\n    </image:image>`
          : "";
        return `  <url>\n    <loc>${escapeXml(shop + sitePath(platform.site, entry.path))}</loc>\n    <lastmod>${entry.lastmod}</lastmod>${image}\n  </url>`;
      })
      .join("\n");
    return xml(c, `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n${urls}\n</urlset>\n`);
  });

  return app;
}
