/**
 * Collections in the back office: the list, one collection's form, and its
 * save (title, description and the products it holds, in their places),
 * checked against the version the form was opened at.
 */
import type { AdminAnswer } from "../../../core/admin/admin.ts";
import { type AdminCatalogClient, type AdminCollectionDetail, type AdminCollectionRow, readCollectionForm } from "../../../core/admin/admin-catalog.ts";
import { bumpCatalogRevision } from "../../catalog/catalog.ts";
import { sanitizeRichText } from "../../content/sanitize.ts";
import type { Database, Queryable } from "../../db/database.ts";
import { accessTo, readerOf } from "../access.ts";
import { recordAudit } from "../audit.ts";
import { AdminRefused, refusal } from "../refusal.ts";
import { type Actor, TITLE_ORDER_SQL, isRecordId } from "./catalog-queries.ts";

/** A collection's version, as a product's. */
const COLLECTION_VERSION_SQL = "to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US')";
const MEMBERS_SQL = "select product_id from collection_products where collection_id = $1 order by position, product_id";

export function collectionsAdmin(db: Database, actor: Actor): Pick<AdminCatalogClient, "collections" | "collection" | "updateCollection"> {
  return {
    async collections(): Promise<AdminCollectionRow[]> {
      if (!(await readerOf(actor, "catalog"))) return [];
      const rows = await db.query<{ id: number; handle: string; title: string; hidden: boolean; product_count: number }>(
        `select c.id, c.handle, c.title, c.hidden, (select count(*)::int from collection_products m where m.collection_id = c.id) as product_count
         from collections c order by lower(c.title) collate "C", c.id`,
      );
      return rows.map((row) => ({ id: Number(row.id), handle: row.handle, title: row.title, hidden: row.hidden, productCount: row.product_count }));
    },

    async collection(id): Promise<AdminCollectionDetail | null> {
      if (!isRecordId(id)) return null;
      if (!(await readerOf(actor, "catalog"))) return null;
      const [row] = await db.query<{ id: number; handle: string; title: string; body_html: string; hidden: boolean; version: string }>(
        `select c.id, c.handle, c.title, c.body_html, c.hidden, ${COLLECTION_VERSION_SQL} as version from collections c where c.id = $1`,
        [id],
      );
      if (!row) return null;
      const [members, products] = await Promise.all([
        db.query<{ product_id: number }>(MEMBERS_SQL, [id]),
        db.query<{ id: number; title: string; handle: string; published: boolean }>(`select p.id, p.title, p.handle, p.published from products p order by ${TITLE_ORDER_SQL}, p.id`),
      ]);
      return {
        id: Number(row.id),
        handle: row.handle,
        title: row.title,
        bodyHtml: row.body_html,
        hidden: row.hidden,
        productIds: members.map((m) => Number(m.product_id)),
        products: products.map((p) => ({ ...p, id: Number(p.id) })),
        version: row.version,
      };
    },

    async updateCollection(id, form): Promise<AdminAnswer> {
      const access = await accessTo(actor, "catalog");
      if (!access.ok) return access.answer;
      if (!isRecordId(id)) return refusal("not_found", "That collection is not in the catalog.");
      const read = readCollectionForm(form);
      if ("errors" in read) return refusal("invalid", "The collection was not saved. Please check the highlighted fields.", read.errors);
      const { edit } = read;
      try {
        return await db.transaction(async (tx) => {
          // The collection's row lock orders this edit with any other: the second one sees the first one's version and is refused.
          const [row] = await tx.query<{ id: number; handle: string; title: string; body_html: string; version: string }>(
            `select c.id, c.handle, c.title, c.body_html, ${COLLECTION_VERSION_SQL} as version from collections c where c.id = $1 for update`,
            [id],
          );
          if (!row) throw new AdminRefused(refusal("not_found", "That collection is not in the catalog."));
          if (edit.version !== row.version) {
            throw new AdminRefused(refusal("conflict", "Someone else saved this collection since you opened it, so your changes were not saved. The page now shows theirs: make your changes again."));
          }
          const wanted = [...new Set(edit.productIds)];
          const known = await tx.query<{ id: number }>("select id from products where id = any($1::bigint[])", [wanted]);
          if (known.length !== wanted.length) throw new AdminRefused(refusal("invalid", "The collection was not saved.", { products: "Choose products from the list." }));
          const members = (await tx.query<{ product_id: number }>(MEMBERS_SQL, [id])).map((m) => Number(m.product_id));
          const bodyHtml = sanitizeRichText(edit.bodyHtml);
          const { before, after, added } = collectionChanges(row, members, { title: edit.title, bodyHtml, wanted });
          if (Object.keys(before).length === 0 && Object.keys(after).length === 0) return { ok: true, next: `/collections/${id}?saved=1` } as const;
          await tx.query("update collections set title = $2, body_html = $3, updated_at = clock_timestamp() where id = $1", [id, edit.title, bodyHtml]);
          await setMembers(tx, id, wanted, added);
          await recordAudit(tx, { staffId: access.staff.id, action: "collection.update", subject: `collection ${row.handle}`, before, after });
          await bumpCatalogRevision(tx);
          return { ok: true, next: `/collections/${id}?saved=1` } as const;
        });
      } catch (error) {
        if (error instanceof AdminRefused) return error.answer;
        throw error;
      }
    },
  };
}

/** What a collection's save changes, for the audit log: its words, and the products that leave and join it. */
function collectionChanges(row: { title: string; body_html: string }, members: readonly number[], edit: { title: string; bodyHtml: string; wanted: readonly number[] }) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  if (row.title !== edit.title) [before.title, after.title] = [row.title, edit.title];
  if (row.body_html !== edit.bodyHtml) [before.description, after.description] = [row.body_html, edit.bodyHtml];
  const removed = members.filter((pid) => !edit.wanted.includes(pid));
  const added = edit.wanted.filter((pid) => !members.includes(pid));
  if (removed.length) before.products = removed;
  if (added.length) after.products = added;
  return { before, after, added };
}

/** The collection holds exactly `wanted`: products staying keep their places; new ones (`added`) join at the end. */
async function setMembers(tx: Queryable, id: number, wanted: readonly number[], added: readonly number[]): Promise<void> {
  await tx.query("delete from collection_products where collection_id = $1 and not (product_id = any($2::bigint[]))", [id, wanted]);
  let position = await tx
    .query<{ position: number | null }>("select max(position) as position from collection_products where collection_id = $1", [id])
    .then(([max]) => max?.position ?? 0);
  for (const productId of added) {
    position += 1;
    // A product edit saving the same membership at this moment has already put it in: nothing more to do.
    await tx.query("insert into collection_products (collection_id, product_id, position) values ($1, $2, $3) on conflict (collection_id, product_id) do nothing", [id, productId, position]);
  }
}

/** Puts the product in exactly these collections: it leaves the others, and joins new ones at their end. */
export async function setMemberships(tx: Queryable, productId: number, collectionIds: readonly number[]): Promise<void> {
  await tx.query("delete from collection_products where product_id = $1 and not (collection_id = any($2::bigint[]))", [productId, collectionIds]);
  for (const collectionId of collectionIds) {
    await tx.query(
      `insert into collection_products (collection_id, product_id, position)
       select $1, $2, coalesce(max(position), 0) + 1 from collection_products where collection_id = $1
       on conflict (collection_id, product_id) do nothing`,
      [collectionId, productId],
    );
  }
}
