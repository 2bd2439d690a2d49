/**
 * The content pages' side of the storefront client: pages, the journal and
 * the policies with what they name from the catalog (the glossary's products
 * by ingredient, an article's picture and the products it links to).
 */
import { type ArticleCard, type ArticleJson, type ContentImage, type ProductLink, linkedProductHandles } from "../../core/content/content.ts";
import { GLOSSARY_PAGE, inGlossaryOrder } from "../../core/content/glossary-links.ts";
import { toGridProduct } from "../../core/catalog/product-card.ts";
import type { ContentClient } from "../../core/contract/storefront.ts";
import type { Catalog } from "../catalog/catalog.ts";
import { productViewJson } from "../catalog/product-json.ts";
import { isBrowsable } from "../catalog/recommendations.ts";
import type { Platform } from "../services.ts";
import type { LocaleTranslations } from "../catalog/translations.ts";
import { tagLabels, translateArticle, translateBlog, translatePage, translatePolicy } from "./content-translations.ts";

/** Products an article lists after its text. */
const ARTICLE_PRODUCTS = 4;

function imageOf(catalog: Catalog, handle: string | null): ContentImage | null {
  const product = handle ? catalog.productsByHandle.get(handle) : undefined;
  const image = product && isBrowsable(product) ? product.images[0] : undefined;
  return image ? { src: image.src, alt: image.alt, width: image.width, height: image.height } : null;
}

const withImage = (catalog: Catalog, article: ArticleJson): ArticleCard => ({ ...article, image: imageOf(catalog, article.imageProduct) });

/** The most products a glossary entry lists by name; its "shop everything with" link leads to the rest. */
export const GLOSSARY_PRODUCTS = 12;

/** Each catalogue's answer per set of tags: one pass over the products per catalogue revision, not per page view. */
const productsByTagOf = new WeakMap<Catalog, Map<string, Record<string, ProductLink[]>>>();

/** The first `GLOSSARY_PRODUCTS` browsable products carrying each of `tags`, by title. */
function productsByTag(catalog: Catalog, tags: readonly string[]): Record<string, ProductLink[]> {
  const key = [...new Set(tags)].sort().join("\n");
  let answers = productsByTagOf.get(catalog);
  const known = answers?.get(key);
  if (known) return known;
  const wanted = new Set(tags);
  const carrying = new Map<string, { title: string; handle: string }[]>(tags.map((tag) => [tag, []]));
  for (const product of catalog.productsByHandle.values()) {
    if (!isBrowsable(product)) continue;
    for (const tag of product.tags) if (wanted.has(tag)) carrying.get(tag)?.push(product);
  }
  const found: Record<string, ProductLink[]> = {};
  for (const [tag, products] of carrying) {
    found[tag] = products
      .sort((a, b) => a.title.localeCompare(b.title))
      .slice(0, GLOSSARY_PRODUCTS)
      .map((product) => ({ handle: product.handle, title: product.title, url: `/products/${product.handle}` }));
  }
  if (!answers) productsByTagOf.set(catalog, (answers = new Map()));
  answers.set(key, found);
  return found;
}

export function contentClient(platform: Platform, requestContext: () => Promise<{ ip: string; customerId: number | null; shopUrl: string }>): ContentClient {
  const { content } = platform;
  /** The site's language's translations (loaded with the catalogue); none on the source's sites, whose pages show the originals untouched. */
  const textsOf = (catalog: Catalog): LocaleTranslations | undefined => catalog.translations.get(platform.site.language);
  const none: LocaleTranslations = new Map();
  return {
    async page(handle) {
      const found = await content.page(handle);
      if (!found) return null;
      const catalog = await platform.catalog.get();
      const translated = translatePage(found, textsOf(catalog) ?? none);
      const { glossary } = translated.data;
      const page = glossary ? { ...translated, data: { ...translated.data, glossary: inGlossaryOrder(glossary, platform.site.language) } } : translated;
      const tags = glossary?.map((entry) => entry.tag) ?? [];
      return { page, productsByTag: tags.length ? productsByTag(catalog, tags) : {} };
    },
    async glossary() {
      const found = await content.page(GLOSSARY_PAGE);
      if (!found) return [];
      const catalog = await platform.catalog.get();
      return translatePage(found, textsOf(catalog) ?? none).data.glossary ?? [];
    },
    async blog(handle, page, tagged = null) {
      const blog = await content.blog(handle, page, undefined, tagged);
      if (!blog) return null;
      const catalog = await platform.catalog.get();
      const texts = textsOf(catalog) ?? none;
      const { articles, pages, tags, tag, ...rest } = blog;
      return {
        blog: translateBlog(rest, texts),
        articles: articles.map((article) => withImage(catalog, translateArticle(article, texts))),
        page,
        pageCount: pages,
        tags,
        tag,
        tagLabels: tagLabels(handle, tag === null ? tags : [...tags, tag], texts),
      };
    },
    async article(blog, handle) {
      const found = await content.article(blog, handle);
      if (!found) return null;
      const catalog = await platform.catalog.get();
      const texts = textsOf(catalog) ?? none;
      const article = translateArticle(found, texts);
      const blogTitle = translateBlog({ handle: blog, title: (await content.blogTitle(blog)) ?? blog, description: "" }, texts).title;
      const products = linkedProductHandles(article.bodyHtml)
        .map((linked) => catalog.productsByHandle.get(linked))
        .filter((product): product is NonNullable<typeof product> => product !== undefined && isBrowsable(product))
        .slice(0, ARTICLE_PRODUCTS)
        .map((product) => toGridProduct(productViewJson(product, catalog)));
      return { article: withImage(catalog, article), blogTitle, products, tagLabels: tagLabels(blog, article.tags, texts) };
    },
    async policy(handle) {
      const policy = await content.policy(handle);
      return policy && translatePolicy(policy, textsOf(await platform.catalog.get()) ?? none);
    },
    async contact(form) {
      return content.contact(form, await requestContext());
    },
  };
}
