/**
 * Pages and the journal's articles as predictive search finds them, in the
 * site's language, in the fields asked for (`resources[options][fields]`):
 * a page by its title and text (`title`, `body`), an article also by its
 * author and tags (`author`, `tag`); the default fields look at titles. Every word of the query must start a word of one
 * of the fields, as for products; a title match ranks before a match in the
 * other fields.
 */
import type { SearchHit, SearchType } from "../../core/contract/storefront.ts";
import type { ArticleJson, PageJson } from "../../core/content/content.ts";
import type { Catalog } from "../catalog/catalog.ts";
import { isBrowsable } from "../catalog/recommendations.ts";
import type { SearchField } from "../catalog/search.ts";
import { searchWords } from "../catalog/search.ts";
import type { LocaleTranslations } from "../catalog/translations.ts";
import type { Platform } from "../services.ts";
import { translateArticle, translatePage } from "./content-translations.ts";
import { describe } from "./content-service.ts";
import { plainText } from "./sanitize.ts";

/** The pages and articles a search looks through, each with its text as plain words once. */
export interface SearchableContent {
  pages: { page: PageJson; text: string }[];
  articles: { article: ArticleJson; text: string; image: { src: string; alt: string; width: number; height: number } | null }[];
}

const none: LocaleTranslations = new Map();

/** Every published page and article in the site's language (the originals where a field has no translation). */
export async function searchableContent(platform: Platform, catalog: Catalog): Promise<SearchableContent> {
  const texts = catalog.translations.get(platform.site.language) ?? none;
  const [pages, articles] = await Promise.all([platform.content.pages(), platform.content.articles()]);
  return {
    pages: pages.map((found) => {
      const page = translatePage(found, texts);
      return { page, text: plainText(page.bodyHtml) };
    }),
    articles: articles.map((found) => {
      const article = translateArticle(found, texts);
      const product = article.imageProduct ? catalog.productsByHandle.get(article.imageProduct) : undefined;
      const picture = product && isBrowsable(product) ? product.images[0] : undefined;
      return { article, text: plainText(article.bodyHtml), image: picture ? { src: picture.src, alt: picture.alt, width: picture.width, height: picture.height } : null };
    }),
  };
}

/** 2: every word in the title; 1: every word somewhere in the fields looked at; 0: no match. `title` is null when the title is not looked at. */
function strength(words: readonly string[], title: string | null, others: readonly string[]): number {
  if (!words.length) return 0;
  const starts = (own: readonly string[]) => (word: string) => own.some((candidate) => candidate.startsWith(word));
  const titleWords = title === null ? [] : searchWords(title);
  if (titleWords.length && words.every(starts(titleWords))) return 2;
  const all = [...titleWords, ...others.flatMap(searchWords)];
  return words.every(starts(all)) ? 1 : 0;
}

/** The best `limit` of `items` for `words`, title matches first, then in their own order. */
function best<T>(items: readonly T[], limit: number, score: (item: T) => number): T[] {
  return items
    .map((item, index) => ({ item, index, score: score(item) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((entry) => entry.item);
}

export function matchingPages(content: SearchableContent, words: readonly string[], fields: readonly SearchField[], limit: number) {
  const body = fields.includes("body");
  const title = fields.includes("title");
  return best(content.pages, limit, ({ page, text }) => strength(words, title ? page.title : null, body ? [text] : []));
}

export function matchingArticles(content: SearchableContent, words: readonly string[], fields: readonly SearchField[], author: boolean, limit: number) {
  const body = fields.includes("body");
  const tags = fields.includes("tag");
  const title = fields.includes("title");
  return best(content.articles, limit, ({ article, text }) =>
    strength(words, title ? article.title : null, [...(body ? [text] : []), ...(author ? [article.author] : []), ...(tags ? article.tags : [])]),
  );
}

/** Pages and articles the search page lists above the products, of each kind. */
export const SEARCH_PAGE_CONTENT_HITS = 6;
/** The search page looks through titles and text, and an article's author and tags too. */
const SEARCH_PAGE_FIELDS: readonly SearchField[] = ["title", "body", "tag"];

/** The pages and articles of the kinds asked for that `query` finds, the best first, as the search page lists them. */
export async function contentHits(platform: Platform, catalog: Catalog, query: string, types: readonly SearchType[]): Promise<{ pages: SearchHit[]; articles: SearchHit[] }> {
  const words = searchWords(query.slice(0, 500));
  if (!words.length || !(types.includes("page") || types.includes("article"))) return { pages: [], articles: [] };
  const content = await searchableContent(platform, catalog);
  return {
    pages: types.includes("page")
      ? matchingPages(content, words, SEARCH_PAGE_FIELDS, SEARCH_PAGE_CONTENT_HITS).map(({ page }) => ({ title: page.title, url: `/pages/${page.handle}`, excerpt: describe(page.seoDescription, page.bodyHtml) }))
      : [],
    articles: types.includes("article")
      ? matchingArticles(content, words, SEARCH_PAGE_FIELDS, true, SEARCH_PAGE_CONTENT_HITS).map(({ article }) => ({
          title: article.title,
          url: `/blogs/${article.blog}/${article.handle}`,
          excerpt: describe(article.excerpt, article.bodyHtml),
        }))
      : [],
  };
}
