/**
 * The back office's menus (owner only, with the catalog): each menu the
 * storefront draws (SHOP_MENUS, chosen by handle), read with its version,
 * and saved whole after every link is checked against the shop as the
 * database holds it. A save locks the menu's row, so of two editors the
 * second is refused rather than overwriting the first; it is audited and
 * moves the catalog revision, so every server shows the new menu.
 */
import type { AdminAnswer, StaffJson } from "../../core/admin/admin.ts";
import {
  type AdminMenu,
  type AdminMenuClient,
  FIXED_MENU_PAGES,
  type MenuDestination,
  type MenuLinkFacts,
  SHOP_MENUS,
  builderPageHandles,
  checkMenu,
  readMenuForm,
  shopMenu,
  tagHandlesOf,
} from "../../core/admin/admin-menu.ts";
import type { BuilderSettings } from "../../core/builders/builder-settings.ts";
import type { MenuItem } from "../../core/contract/shopify-types.ts";
import { bumpCatalogRevision } from "../catalog/catalog.ts";
import type { Database, Queryable } from "../db/database.ts";
import { accessTo, readerOf } from "./access.ts";
import { recordAudit } from "./audit.ts";
import { AdminRefused, refusal } from "./refusal.ts";

/** The products offered as link suggestions, in title order. */
const SUGGESTED_PRODUCTS_MAX = 500;
/** A menu's version: when it was last saved, to the microsecond, as text both databases write alike. */
const MENU_VERSION_SQL = "to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US')";

interface MenuSql {
  items: MenuItem[];
  version: string;
}

/** What the shop holds right now, read in `q` (the save's transaction). */
async function linkFacts(q: Queryable, builders: BuilderSettings): Promise<MenuLinkFacts> {
  // One query after another: a transaction's connection runs one at a time.
  const collections = await q.query<{ handle: string; tags: string[] | null }>(
    `select c.handle,
            (select array_agg(distinct t.tag) from collection_products m join products p on p.id = m.product_id cross join unnest(p.tags) as t(tag)
             where m.collection_id = c.id and p.published) as tags
     from collections c where not c.hidden`,
  );
  const products = await q.query<{ handle: string }>("select handle from products where published");
  const pages = await q.query<{ handle: string }>("select handle from pages where published");
  const blogs = await q.query<{ handle: string }>("select handle from blogs");
  // An article shows once its publishing time has come, as the journal lists it.
  const articles = await q.query<{ path: string }>("select b.handle || '/' || a.handle as path from articles a join blogs b on b.id = a.blog_id where a.published_at <= now()");
  const policies = await q.query<{ handle: string }>("select handle from policies");
  const collectionTags = new Map(collections.map((row) => [row.handle, tagHandlesOf(row.tags ?? [])]));
  const productHandles = new Set(products.map((row) => row.handle));
  const pageHandles = new Set([...pages.map((row) => row.handle), ...builderPageHandles(builders)]);
  const blogHandles = new Set(blogs.map((row) => row.handle));
  const articlePaths = new Set(articles.map((row) => row.path));
  const policyHandles = new Set(policies.map((row) => row.handle));
  return {
    collection: (handle) => {
      const tagHandles = collectionTags.get(handle);
      return tagHandles ? { tagHandles } : null;
    },
    product: (handle) => productHandles.has(handle),
    page: (handle) => pageHandles.has(handle),
    blog: (handle) => blogHandles.has(handle),
    article: (blog, handle) => articlePaths.has(`${blog}/${handle}`),
    policy: (handle) => policyHandles.has(handle),
  };
}

async function destinations(q: Queryable, builders: BuilderSettings): Promise<MenuDestination[]> {
  const [collections, products, pages, policies, blogs] = await Promise.all([
    q.query<{ handle: string; title: string }>("select handle, title from collections where not hidden order by lower(title) collate \"C\", id"),
    q.query<{ handle: string; title: string }>(`select handle, title from products where published order by lower(title) collate "C", id limit ${SUGGESTED_PRODUCTS_MAX}`),
    q.query<{ handle: string; title: string }>("select handle, title from pages where published order by lower(title) collate \"C\", id"),
    q.query<{ handle: string; title: string }>("select handle, title from policies order by lower(title) collate \"C\""),
    q.query<{ handle: string; title: string }>("select handle, title from blogs order by lower(title) collate \"C\", id"),
  ]);
  const builderTitles: Record<string, string> = { "build-your-bundle": "Skin quiz bundle builder", "build-your-kit": "Kit builder", "routine-builder": "Routine builder" };
  return [
    ...collections.map((row) => ({ url: `/collections/${row.handle}`, label: `Collection: ${row.title}` })),
    ...products.map((row) => ({ url: `/products/${row.handle}`, label: `Product: ${row.title}` })),
    ...pages.map((row) => ({ url: `/pages/${row.handle}`, label: `Page: ${row.title}` })),
    ...builderPageHandles(builders).map((handle) => ({ url: `/pages/${handle}`, label: `Page: ${builderTitles[handle] ?? handle}` })),
    ...policies.map((row) => ({ url: `/policies/${row.handle}`, label: `Policy: ${row.title}` })),
    ...blogs.map((row) => ({ url: `/blogs/${row.handle}`, label: `Blog: ${row.title}` })),
    ...FIXED_MENU_PAGES,
    { url: "/search", label: "Search" },
  ];
}

/** A menu's row, made first if the shop has none yet (an empty menu, never saved). */
async function menuRow(q: Queryable, handle: string, lock: boolean): Promise<MenuSql> {
  // A menu made here has never been saved: its version is the empty one the editor was shown.
  const made = lock ? await q.query("insert into menus (handle, items) values ($1, '[]') on conflict (handle) do nothing returning handle", [handle]) : [];
  const [row] = await q.query<MenuSql>(`select items, ${MENU_VERSION_SQL} as version from menus where handle = $1${lock ? " for update" : ""}`, [handle]);
  return row && made.length === 0 ? row : { items: [], version: "" };
}

export function menuAdmin(db: Database, builders: () => BuilderSettings, actor: () => Promise<StaffJson | null>): AdminMenuClient {
  return {
    async menus() {
      if (!(await readerOf(actor, "catalog"))) return null;
      const rows = await db.query<{ handle: string; count: number }>("select handle, jsonb_array_length(items)::int as count from menus where handle = any($1::text[])", [SHOP_MENUS.map((menu) => menu.handle)]);
      const counts = new Map(rows.map((row) => [row.handle, Number(row.count)]));
      return SHOP_MENUS.map((menu) => ({ menu, count: counts.get(menu.handle) ?? 0 }));
    },

    async menu(handle): Promise<AdminMenu | null> {
      if (!shopMenu(handle) || !(await readerOf(actor, "catalog"))) return null;
      const [row, offered] = await Promise.all([menuRow(db, handle, false), destinations(db, builders())]);
      return { items: row.items, version: row.version, destinations: offered };
    },

    async save(handle, form): Promise<AdminAnswer> {
      const access = await accessTo(actor, "catalog");
      if (!access.ok) return access.answer;
      const menu = shopMenu(handle);
      if (!menu) return refusal("not_found", "The shop has no such menu.");
      const items = readMenuForm(form, menu.levels.length);
      const saved = { ok: true, next: `/menu/${encodeURIComponent(handle)}?saved=1` } as const;
      const version = typeof form.version === "string" ? form.version : "";
      try {
        return await db.transaction(async (tx) => {
          // The menu's row lock orders this save with any other: the second one sees the first one's version and is refused.
          const current = await menuRow(tx, handle, true);
          if (version !== current.version) {
            throw new AdminRefused(
              refusal("conflict", "Someone else saved the menu since you opened it, so your changes were not saved. They are still below; the shop shows the other version until you save again."),
            );
          }
          const errors = checkMenu(items, await linkFacts(tx, builders()), menu);
          if (Object.keys(errors).length > 0) throw new AdminRefused(refusal("invalid", "The menu was not saved. Please check the highlighted fields.", errors));
          if (JSON.stringify(items) === JSON.stringify(current.items)) return saved;
          await tx.query("update menus set items = $2, updated_at = clock_timestamp() where handle = $1", [handle, JSON.stringify(items)]);
          await recordAudit(tx, { staffId: access.staff.id, action: "menu.update", subject: `menu ${handle}`, before: current.items, after: items });
          await bumpCatalogRevision(tx);
          return saved;
        });
      } catch (error) {
        if (error instanceof AdminRefused) return error.answer;
        throw error;
      }
    },
  };
}
