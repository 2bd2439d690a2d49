/**
 * The back office's main menu (owner only, with the catalog): read with its
 * version, and saved whole after every link is checked against the shop as
 * the database holds it. A save locks the menu's row, so of two editors the
 * second is refused rather than overwriting the first; it is audited and
 * moves the catalog revision, so every server shows the new menu.
 */
import { ADMIN_PATH, type AdminAnswer, type StaffJson } from "../../core/admin.ts";
import {
  type AdminMenu,
  type AdminMenuClient,
  MAIN_MENU_HANDLE,
  type MenuDestination,
  type MenuLinkFacts,
  builderPageHandles,
  checkMenu,
  readMenuForm,
  tagHandlesOf,
} from "../../core/admin-menu.ts";
import type { BuilderSettings } from "../../core/builder-settings.ts";
import type { MenuItem } from "../../core/shopify-types.ts";
import { bumpCatalogRevision } from "../catalog/catalog.ts";
import type { Database, Queryable } from "../db/database.ts";
import { accessTo, readerOf } from "./access.ts";
import { recordAudit } from "./audit.ts";
import { AdminRefused, refusal } from "./refusal.ts";

export const MENU_PATH = `${ADMIN_PATH}/menu`;
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
  const collectionTags = new Map(collections.map((row) => [row.handle, tagHandlesOf(row.tags ?? [])]));
  const productHandles = new Set(products.map((row) => row.handle));
  const pageHandles = new Set([...pages.map((row) => row.handle), ...builderPageHandles(builders)]);
  return {
    collection: (handle) => {
      const tagHandles = collectionTags.get(handle);
      return tagHandles ? { tagHandles } : null;
    },
    product: (handle) => productHandles.has(handle),
    page: (handle) => pageHandles.has(handle),
  };
}

async function destinations(q: Queryable, builders: BuilderSettings): Promise<MenuDestination[]> {
  const [collections, products, pages] = await Promise.all([
    q.query<{ handle: string; title: string }>("select handle, title from collections where not hidden order by lower(title) collate \"C\", id"),
    q.query<{ handle: string; title: string }>(`select handle, title from products where published order by lower(title) collate "C", id limit ${SUGGESTED_PRODUCTS_MAX}`),
    q.query<{ handle: string; title: string }>("select handle, title from pages where published order by lower(title) collate \"C\", id"),
  ]);
  const builderTitles: Record<string, string> = { "build-your-bundle": "Skin quiz bundle builder", "build-your-kit": "Kit builder", "routine-builder": "Routine builder" };
  return [
    ...collections.map((row) => ({ url: `/collections/${row.handle}`, label: `Collection: ${row.title}` })),
    ...products.map((row) => ({ url: `/products/${row.handle}`, label: `Product: ${row.title}` })),
    ...pages.map((row) => ({ url: `/pages/${row.handle}`, label: `Page: ${row.title}` })),
    ...builderPageHandles(builders).map((handle) => ({ url: `/pages/${handle}`, label: `Page: ${builderTitles[handle] ?? handle}` })),
    { url: "/search", label: "Search" },
  ];
}

/** The main menu's row, made first if the shop has none yet (an empty menu, never saved). */
async function menuRow(q: Queryable, lock: boolean): Promise<MenuSql> {
  // A menu made here has never been saved: its version is the empty one the editor was shown.
  const made = lock ? await q.query("insert into menus (handle, items) values ($1, '[]') on conflict (handle) do nothing returning handle", [MAIN_MENU_HANDLE]) : [];
  const [row] = await q.query<MenuSql>(`select items, ${MENU_VERSION_SQL} as version from menus where handle = $1${lock ? " for update" : ""}`, [MAIN_MENU_HANDLE]);
  return row && made.length === 0 ? row : { items: [], version: "" };
}

export function menuAdmin(db: Database, builders: () => BuilderSettings, actor: () => Promise<StaffJson | null>): AdminMenuClient {
  return {
    async menu(): Promise<AdminMenu | null> {
      if (!(await readerOf(actor, "catalog"))) return null;
      const [row, offered] = await Promise.all([menuRow(db, false), destinations(db, builders())]);
      return { items: row.items, version: row.version, destinations: offered };
    },

    async save(form): Promise<AdminAnswer> {
      const access = await accessTo(actor, "catalog");
      if (!access.ok) return access.answer;
      const items = readMenuForm(form);
      const version = typeof form.version === "string" ? form.version : "";
      try {
        return await db.transaction(async (tx) => {
          // The menu's row lock orders this save with any other: the second one sees the first one's version and is refused.
          const current = await menuRow(tx, true);
          if (version !== current.version) {
            throw new AdminRefused(
              refusal(409, "Someone else saved the menu since you opened it, so your changes were not saved. They are still below; the shop shows the other version until you save again."),
            );
          }
          const errors = checkMenu(items, await linkFacts(tx, builders()));
          if (Object.keys(errors).length > 0) throw new AdminRefused(refusal(422, "The menu was not saved. Please check the highlighted fields.", errors));
          if (JSON.stringify(items) === JSON.stringify(current.items)) return { ok: true, redirect: `${MENU_PATH}?saved=1` } as const;
          await tx.query("update menus set items = $2, updated_at = clock_timestamp() where handle = $1", [MAIN_MENU_HANDLE, JSON.stringify(items)]);
          await recordAudit(tx, { staffId: access.staff.id, action: "menu.update", subject: `menu ${MAIN_MENU_HANDLE}`, before: current.items, after: items });
          await bumpCatalogRevision(tx);
          return { ok: true, redirect: `${MENU_PATH}?saved=1` } as const;
        });
      } catch (error) {
        if (error instanceof AdminRefused) return error.answer;
        throw error;
      }
    },
  };
}
