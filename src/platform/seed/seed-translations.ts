/**
 * The demo's translations added to a shop that was seeded before them: each
 * field of the demo catalogue, content and settings texts that has no
 * translation in that language gets the demo's, and none the merchant wrote
 * is replaced. Only what the shop still holds is translated (a product or
 * page it has deleted gets no rows).
 */
import type { Database, Queryable } from "../db/database.ts";
import { bumpCatalogRevision } from "../catalog/catalog.ts";
import { sellingPlanGroupField } from "../catalog/translations.ts";
import { isRichField } from "../../core/admin/admin-translations.ts";
import { sanitizeRichText } from "../content/sanitize.ts";
import { articleKey } from "../content/content-translations.ts";
import { type TranslationRow, translationRows } from "./seed.ts";
import { contentTranslationRows } from "./seed-content.ts";
import type { SeedCatalog, SeedContent } from "./types.ts";

/** Resources the shop holds, by translation type and key; settings texts and menus are always there to translate. */
async function heldResources(q: Queryable): Promise<(type: string, key: string) => boolean> {
  const keys = async (sql: string) => new Set((await q.query<{ key: string }>(sql)).map((row) => row.key));
  const held: Record<string, Set<string>> = {
    product: await keys("select handle as key from products"),
    collection: await keys("select handle as key from collections"),
    page: await keys("select handle as key from pages"),
    policy: await keys("select handle as key from policies"),
    blog: await keys("select handle as key from blogs"),
    article: new Set((await q.query<{ blog: string; handle: string }>("select b.handle as blog, a.handle from articles a join blogs b on b.id = a.blog_id")).map((row) => articleKey(row.blog, row.handle))),
  };
  return (type, key) => held[type]?.has(key) ?? true;
}

/** Adds the demo's missing translations; answers how many fields it translated. */
export async function addDemoTranslations(db: Database, catalog: SeedCatalog, content: SeedContent): Promise<number> {
  return db.transaction(async (tx) => {
    const held = await heldResources(tx);
    const rows: TranslationRow[] = translationRows(catalog.translations ?? {}, catalog.products);
    for (const [locale, words] of Object.entries(content.translations ?? {})) {
      for (const [type, key, field, value] of contentTranslationRows(content.blog.handle, words)) rows.push([locale, type, key, field, value]);
    }
    // A selling plan group's name is a field named by the key the shop gave the group.
    const groups = await tx.query<{ handle: string; name: string; key: string }>("select p.handle, g.name, g.key from selling_plan_groups g join products p on p.id = g.product_id");
    for (const [locale, words] of Object.entries(catalog.translations ?? {})) {
      for (const group of groups) {
        const name = words.sellingPlanGroups?.[group.name];
        if (name) rows.push([locale, "product", group.handle, sellingPlanGroupField(group.key), name]);
      }
    }
    let added = 0;
    for (const [locale, type, key, field, value] of rows) {
      if (!held(type, key)) continue;
      const inserted = await tx.query(
        `insert into translations (locale, resource_type, resource_key, field, value) values ($1, $2, $3, $4, $5)
         on conflict (locale, resource_type, resource_key, field) do nothing returning 1`,
        [locale, type, key, field, isRichField(field) ? sanitizeRichText(value) : value],
      );
      added += inserted.length;
    }
    // Running servers load translations with the catalogue: its revision tells them to.
    if (added > 0) await bumpCatalogRevision(tx);
    return added;
  });
}
