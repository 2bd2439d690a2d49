/** What the catalog admin's parts share: who asks, and the rows and orders they read. */
import type { StaffJson } from "../../../core/admin/admin.ts";
import type { AdminCollectionRef } from "../../../core/admin/admin-catalog.ts";
import type { ProductRow, VariantRow } from "../../catalog/catalog.ts";
import type { Queryable } from "../../db/database.ts";
import type { EditedMetafields } from "../catalog-csv.ts";

/** The staff member asking, or null when nobody is signed in. */
export type Actor = () => Promise<StaffJson | null>;

/** Titles sort by their letters without accents, byte by byte, as the stock list does. */
export const TITLE_ORDER_SQL = "translate(lower(p.title), 'àáâäãåæçèéêëìíîïñòóôöõøœùúûüýÿ', 'aaaaaaaceeeeiiiinooooooouuuuyy') collate \"C\"";

/** A product as the edit form reads it, with the version its save must match. */
export type ProductSql = Omit<ProductRow<EditedMetafields>, "options" | "created_at" | "updated_at"> & { version: string };

export type VariantSql = Pick<VariantRow, "id" | "title" | "sku" | "price" | "compare_at_price" | "grams">;

/** Every collection, by title, for the product form's list. */
export async function collectionsOf(q: Queryable): Promise<AdminCollectionRef[]> {
  return q.query<AdminCollectionRef>("select id, handle, title from collections order by lower(title) collate \"C\", id");
}

/** A product id as a route gives it: a positive whole number, or nothing to look up. */
export const isRecordId = (id: number) => Number.isSafeInteger(id) && id > 0;
