/**
 * The shop's written content in a site's language: content pages,
 * policies, blogs and their articles take the translations of the site's
 * locale field by field, the original showing where one is missing. The
 * translations are the catalogue's (loaded with it, one table), so a
 * translation saved on one server reaches every server with the catalogue
 * revision it bumps. Handles stay the original's. Search engines' title and
 * description are fields of their own where the merchant wrote them.
 */
import type { ArticleJson, BlogJson, PageJson, PolicyJson } from "../../core/content/content.ts";
import type { LocaleTranslations, TranslatableResource, TranslatableText } from "../catalog/translations.ts";
import { translationKey } from "../catalog/translations.ts";
import type { Queryable } from "../db/database.ts";
import { describe, json } from "./content-service.ts";
import { pageEntryTexts, translatePageData } from "../../core/content/page-entries.ts";
import type { PageData } from "../../core/content/content.ts";

/** An article is named by its blog's handle and its own: two blogs may hold articles of one handle. */
export const articleKey = (blog: string, handle: string) => `${blog}/${handle}`;

const wordOf = (texts: LocaleTranslations, type: TranslatableResource, key: string) => (field: string) => texts.get(translationKey(type, key, field));

/** A journal tag's name in a language, a field of its blog named by the tag itself: the tag's address stays the original's. */
export const tagField = (tag: string) => `tag.${tag}`;

/** Each of `tags` as the site names it: its translation, else the tag itself. */
export function tagLabels(blog: string, tags: readonly string[], texts: LocaleTranslations): Record<string, string> {
  const word = wordOf(texts, "blog", blog);
  return Object.fromEntries(tags.map((tag) => [tag, word(tagField(tag)) ?? tag]));
}

/**
 * A page's title, body and FAQ or glossary entries in the locale's words,
 * and search engines' title and description: their own translation, else
 * following the title and body where the merchant wrote none.
 */
export function translatePage(page: PageJson, texts: LocaleTranslations): PageJson {
  const word = wordOf(texts, "page", page.handle);
  const title = word("title");
  const bodyHtml = word("body_html");
  const seoTitle = word("seo_title") ?? (title !== undefined && page.seoTitle === page.title ? title : undefined);
  const seoDescription = word("seo_description") ?? (bodyHtml !== undefined && page.seoDescription === describe("", page.bodyHtml) ? describe("", bodyHtml) : undefined);
  const data = translatePageData(page.data, word);
  if (title === undefined && bodyHtml === undefined && seoTitle === undefined && seoDescription === undefined && data === page.data) return page;
  return { ...page, title: title ?? page.title, bodyHtml: bodyHtml ?? page.bodyHtml, data, seoTitle: seoTitle ?? page.seoTitle, seoDescription: seoDescription ?? page.seoDescription };
}

export function translatePolicy(policy: PolicyJson, texts: LocaleTranslations): PolicyJson {
  const word = wordOf(texts, "policy", policy.handle);
  const title = word("title");
  const bodyHtml = word("body_html");
  if (title === undefined && bodyHtml === undefined) return policy;
  return { ...policy, title: title ?? policy.title, bodyHtml: bodyHtml ?? policy.bodyHtml };
}

export function translateBlog<T extends Omit<BlogJson, "articles">>(blog: T, texts: LocaleTranslations): T {
  const word = wordOf(texts, "blog", blog.handle);
  const title = word("title");
  const description = word("description");
  if (title === undefined && description === undefined) return blog;
  return { ...blog, title: title ?? blog.title, description: description ?? blog.description };
}

/** An article's title, excerpt and body; search engines' title and description follow them where the merchant wrote none. */
export function translateArticle<T extends ArticleJson>(article: T, texts: LocaleTranslations): T {
  const word = wordOf(texts, "article", articleKey(article.blog, article.handle));
  const title = word("title");
  const excerpt = word("excerpt");
  const bodyHtml = word("body_html");
  const seoTitle = word("seo_title") ?? (title !== undefined && article.seoTitle === article.title ? title : undefined);
  const seoDescription = word("seo_description") ?? (excerpt !== undefined && article.seoDescription === article.excerpt ? excerpt : undefined);
  if (title === undefined && excerpt === undefined && bodyHtml === undefined && seoTitle === undefined && seoDescription === undefined) return article;
  return {
    ...article,
    title: title ?? article.title,
    excerpt: excerpt ?? article.excerpt,
    bodyHtml: bodyHtml ?? article.bodyHtml,
    seoTitle: seoTitle ?? article.seoTitle,
    seoDescription: seoDescription ?? article.seoDescription,
  };
}

/** Every translatable field of the content with its original, read from its tables: pages, policies, then each blog and its articles. */
export async function contentFields(q: Queryable): Promise<TranslatableText[]> {
  // One query after another: a transaction's connection runs one at a time.
  const pages = await q.query<{ handle: string; title: string; body_html: string; seo_title: string; seo_description: string; data: PageData | string | null }>(
    "select handle, title, body_html, seo_title, seo_description, data from pages order by handle",
  );
  const policies = await q.query<{ handle: string; title: string; body_html: string }>("select handle, title, body_html from policies order by handle");
  const blogs = await q.query<{ handle: string; title: string; description: string }>("select handle, title, description from blogs order by handle");
  const articles = await q.query<{ blog: string; handle: string; title: string; excerpt: string; body_html: string; seo_title: string; seo_description: string; tags: string[] | null }>(
    "select b.handle as blog, a.handle, a.title, a.excerpt, a.body_html, a.seo_title, a.seo_description, a.tags from articles a join blogs b on b.id = a.blog_id order by b.handle, a.published_at desc, a.id desc",
  );
  const fields: TranslatableText[] = [];
  /** A field with text to translate; an empty original has none. */
  const add = (resourceType: TranslatableResource, resourceKey: string, field: string, original: string) => {
    if (original.trim()) fields.push({ resourceType, resourceKey, field, original });
  };
  for (const page of pages) {
    add("page", page.handle, "title", page.title);
    add("page", page.handle, "body_html", page.body_html);
    add("page", page.handle, "seo_title", page.seo_title);
    add("page", page.handle, "seo_description", page.seo_description);
    for (const entry of pageEntryTexts(json(page.data ?? {}))) add("page", page.handle, entry.field, entry.original);
  }
  for (const policy of policies) {
    add("policy", policy.handle, "title", policy.title);
    add("policy", policy.handle, "body_html", policy.body_html);
  }
  for (const blog of blogs) {
    add("blog", blog.handle, "title", blog.title);
    add("blog", blog.handle, "description", blog.description);
    const tags = new Set(articles.filter((article) => article.blog === blog.handle).flatMap((article) => article.tags ?? []));
    for (const tag of [...tags].sort()) add("blog", blog.handle, tagField(tag), tag);
    for (const article of articles.filter((candidate) => candidate.blog === blog.handle)) {
      const key = articleKey(article.blog, article.handle);
      add("article", key, "title", article.title);
      add("article", key, "excerpt", article.excerpt);
      add("article", key, "body_html", article.body_html);
      add("article", key, "seo_title", article.seo_title);
      add("article", key, "seo_description", article.seo_description);
    }
  }
  return fields;
}
