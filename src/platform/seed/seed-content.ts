/** Seeds the shop's pages, journal and policies, in one transaction; only into a shop that has none yet. */
import type { Database, Queryable } from "../db/database.ts";
import { saveBlog, savePage, savePolicy } from "../content/content-service.ts";
import type { SeedContent } from "./types.ts";

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
  });
}
