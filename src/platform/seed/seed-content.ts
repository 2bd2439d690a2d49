/** Seeds the shop's pages, journal and policies, and the translations of those and of the settings' texts, in one transaction; only into a shop that has none yet. */
import type { Database, Queryable } from "../db/database.ts";
import { saveBlog, savePage, savePolicy } from "../content/content-service.ts";
import { isRichField } from "../../core/admin/admin-translations.ts";
import { bumpCatalogRevision } from "../catalog/catalog.ts";
import { sanitizeRichText } from "../content/sanitize.ts";
import { articleKey } from "../content/content-translations.ts";
import type { SeedContent, SeedContentTranslations } from "./types.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export async function isContentEmpty(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ count: number }>("select (select count(*) from pages) + (select count(*) from policies) + (select count(*) from blogs) as count");
  return Number(row?.count ?? 0) === 0;
}

export async function seedContent(db: Database, content: SeedContent, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    for (const page of content.pages) await savePage(tx, page);
    for (const policy of content.policies) await savePolicy(tx, policy);
    const { articles, ...blog } = content.blog;
    await saveBlog(
      tx,
      blog,
      articles.map(({ publishedDaysAgo, ...article }) => ({ ...article, publishedAt: new Date(now.getTime() - publishedDaysAgo * DAY_MS) })),
    );
    for (const [locale, words] of Object.entries(content.translations ?? {})) {
      for (const [type, key, field, value] of contentTranslationRows(content.blog.handle, words)) {
        await tx.query(
          `insert into translations (locale, resource_type, resource_key, field, value) values ($1, $2, $3, $4, $5)
           on conflict (locale, resource_type, resource_key, field) do update set value = excluded.value`,
          [locale, type, key, field, isRichField(field) ? sanitizeRichText(value) : value],
        );
      }
    }
    // The translations are read with the catalogue: its revision tells every server to load them.
    await bumpCatalogRevision(tx);
  });
}

/** One language's content words as rows of `translations`: type, key, field, value. */
export function contentTranslationRows(blog: string, words: SeedContentTranslations): [string, string, string, string][] {
  const rows: [string, string, string, string][] = [];
  for (const [handle, fields] of Object.entries(words.pages)) for (const [field, value] of Object.entries(fields)) rows.push(["page", handle, field, value]);
  for (const [handle, fields] of Object.entries(words.policies)) for (const [field, value] of Object.entries(fields)) rows.push(["policy", handle, field, value]);
  for (const [field, value] of Object.entries(words.blog)) rows.push(["blog", blog, field, value]);
  for (const [handle, fields] of Object.entries(words.articles)) for (const [field, value] of Object.entries(fields)) rows.push(["article", articleKey(blog, handle), field, value]);
  // A settings text is keyed by its place and named by the original it translates.
  for (const [place, texts] of Object.entries(words.settings ?? {})) for (const [original, value] of Object.entries(texts)) rows.push(["setting", place, original, value]);
  return rows;
}
