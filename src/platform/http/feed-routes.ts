/**
 * Atom feeds as Shopify serves them: `/collections/{handle}.atom` (the
 * collection's products, newest first, with their prices) and
 * `/blogs/{handle}.atom` (the blog's articles, newest first). Every address
 * is absolute and under the site asked for, and its words are that site's
 * (the French site's feeds link French pages and carry French texts where
 * the merchant translated them).
 */
import type { Context } from "hono";
import { Hono } from "hono";
import { decimalAmount, formatMoney } from "../../core/money/money.ts";
import { sitePath } from "../../core/sites/sites.ts";
import type { CatalogProduct } from "../catalog/catalog.ts";
import { isBrowsable } from "../catalog/recommendations.ts";
import { translateArticle, translateBlog } from "../content/content-translations.ts";
import type { Platform } from "../services.ts";
import { notFound } from "./errors.ts";
import { shopUrlOf } from "./origin.ts";

/** Entries in one feed: the newest, as a feed reader asks again for what is new. */
export const FEED_ENTRIES = 50;

/** Shopify's namespace for a product's type, vendor, tags and variants in a feed. */
const SHOPIFY_NAMESPACE = "http://jadedpixel.com/-/spec/shopify";

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (character) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[character] ?? character);

const latest = (dates: readonly string[]) => dates.reduce((newest, date) => (date > newest ? date : newest), "1970-01-01T00:00:00.000Z");

interface FeedHead {
  /** The feed's own address and the page it follows, both absolute. */
  self: string;
  page: string;
  title: string;
  updated: string;
  author: string;
  language: string;
}

function feedXml(head: FeedHead, entries: readonly string[], namespaces = ""): string {
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<feed xmlns="http://www.w3.org/2005/Atom"${namespaces} xml:lang="${escapeXml(head.language)}">`,
    `  <id>${escapeXml(head.self)}</id>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(head.page)}"/>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(head.self)}"/>`,
    `  <title>${escapeXml(head.title)}</title>`,
    `  <updated>${head.updated}</updated>`,
    `  <author>\n    <name>${escapeXml(head.author)}</name>\n  </author>`,
    ...entries,
    `</feed>`,
    "",
  ].join("\n");
}

function atom(c: Context, body: string): Response {
  c.header("content-type", "application/atom+xml; charset=utf-8");
  c.header("cache-control", "public, max-age=3600");
  return c.body(body);
}

/** The handle of `{handle}.atom`; anything else is not a feed. */
const feedHandle = (file: string) => /^([a-z0-9][a-z0-9-]*)\.atom$/.exec(file)?.[1] ?? null;

export function feedRoutes(platform: Platform): Hono {
  const app = new Hono();
  const { site, settings } = platform;
  /** An absolute address on the site asked for. */
  const addressOf = (c: Context, path: string) => shopUrlOf(c).replace(/\/+$/, "") + sitePath(site, path);

  /** A product as Shopify's feed lists it: its picture, description and price as escaped HTML, and its variants' prices. */
  const productEntry = (c: Context, product: CatalogProduct) => {
    const url = addressOf(c, `/products/${product.handle}`);
    const prices = product.variants.map((variant) => variant.price);
    const low = Math.min(...prices);
    const high = Math.max(...prices);
    const price = low === high ? formatMoney(low, settings.moneyFormat) : `${formatMoney(low, settings.moneyFormat)} – ${formatMoney(high, settings.moneyFormat)}`;
    const image = product.images[0];
    const summary = [
      image ? `<p><img src="${escapeXml(shopUrlOf(c).replace(/\/+$/, "") + image.src)}" alt="${escapeXml(image.alt || product.title)}"></p>` : "",
      product.bodyHtml,
      `<p>${escapeXml(price)}</p>`,
    ].join("");
    const variants = product.variants.map(
      (variant) =>
        `    <s:variant>\n      <id>${escapeXml(`${url}?variant=${variant.id}`)}</id>\n      <title>${escapeXml(variant.title)}</title>\n      <s:price currency="${settings.currency}">${decimalAmount(variant.price)}</s:price>\n      <s:sku>${escapeXml(variant.sku)}</s:sku>\n    </s:variant>`,
    );
    return [
      `  <entry>`,
      `    <id>${escapeXml(url)}</id>`,
      `    <published>${product.createdAt}</published>`,
      `    <updated>${product.updatedAt}</updated>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `    <title>${escapeXml(product.title)}</title>`,
      `    <summary type="html">${escapeXml(summary)}</summary>`,
      `    <s:type>${escapeXml(product.productType)}</s:type>`,
      `    <s:vendor>${escapeXml(product.vendor)}</s:vendor>`,
      ...product.tags.map((tag) => `    <s:tag>${escapeXml(tag)}</s:tag>`),
      ...variants,
      `  </entry>`,
    ].join("\n");
  };

  app.get("/collections/:file{[^/]+\\.atom}", async (c) => {
    const handle = feedHandle(c.req.param("file"));
    const catalog = await platform.catalog.get();
    const collection = handle ? catalog.collections.get(handle) : undefined;
    if (!collection || collection.hidden) throw notFound("Collection not found");
    const products = collection.productIds
      .map((id) => catalog.products.get(id))
      .filter((product): product is CatalogProduct => product !== undefined && isBrowsable(product))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)
      .slice(0, FEED_ENTRIES);
    const head = {
      self: addressOf(c, `/collections/${collection.handle}.atom`),
      page: addressOf(c, `/collections/${collection.handle}`),
      title: `${settings.shop.name} - ${collection.title}`,
      updated: latest([collection.updatedAt, ...products.map((product) => product.updatedAt)]),
      author: settings.shop.name,
      language: site.language,
    };
    return atom(c, feedXml(head, products.map((product) => productEntry(c, product)), ` xmlns:s="${SHOPIFY_NAMESPACE}"`));
  });

  app.get("/blogs/:file{[^/]+\\.atom}", async (c) => {
    const handle = feedHandle(c.req.param("file"));
    const found = handle ? await platform.content.blog(handle, 1, FEED_ENTRIES) : null;
    if (!found) throw notFound("Blog not found");
    // The site's language's words where the merchant translated them; none on the source's sites.
    const texts = (await platform.catalog.get()).translations.get(site.language) ?? new Map();
    const blog = translateBlog({ handle: found.handle, title: found.title, description: found.description }, texts);
    const articles = found.articles.map((article) => translateArticle(article, texts));
    const entries = articles.map((article) => {
      const url = addressOf(c, `/blogs/${blog.handle}/${article.handle}`);
      return [
        `  <entry>`,
        `    <id>${escapeXml(url)}</id>`,
        `    <published>${article.publishedAt}</published>`,
        `    <updated>${article.updatedAt}</updated>`,
        `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
        `    <title>${escapeXml(article.title)}</title>`,
        `    <author>\n      <name>${escapeXml(article.author || settings.shop.name)}</name>\n    </author>`,
        ...article.tags.map((tag) => `    <category term="${escapeXml(tag)}"/>`),
        `    <summary type="html">${escapeXml(`<p>${escapeXml(article.excerpt)}</p>`)}</summary>`,
        `    <content type="html">${escapeXml(article.bodyHtml)}</content>`,
        `  </entry>`,
      ].join("\n");
    });
    const head = {
      self: addressOf(c, `/blogs/${blog.handle}.atom`),
      page: addressOf(c, `/blogs/${blog.handle}`),
      title: `${settings.shop.name} - ${blog.title}`,
      updated: latest(articles.map((article) => article.updatedAt)),
      author: settings.shop.name,
      language: site.language,
    };
    return atom(c, feedXml(head, entries));
  });

  return app;
}
