import { type AdminAnswer, type StaffJson } from "../../core/admin/admin.ts";
import {
  type AdminCatalogClient,
  type AdminCollectionDetail,
  type AdminCollectionRef,
  type AdminCollectionRow,
  type AdminProductDetail,
  type AdminProductList,
  type AdminProductRow,
  PRODUCTS_PAGE_SIZE,
  readCollectionForm,
  readProductForm,
} from "../../core/admin/admin-catalog.ts";
import { THEME_METAFIELD_FIELDS, themeMetafieldsOf, unknownHandlesMessage, withThemeMetafields } from "../../core/catalog/product-metafields.ts";
import { type ProductRow, type VariantRow, bumpCatalogRevision } from "../catalog/catalog.ts";
import { sanitizeRichText } from "../content/sanitize.ts";
import type { Database, Queryable } from "../db/database.ts";
import { accessTo, readerOf } from "./access.ts";
import { recordAudit } from "./audit.ts";
import { containing } from "./list-query.ts";
import { type EditedMetafields, exportCatalogCsv, importCatalogCsv, ingredientsOf } from "./catalog-csv.ts";
import { picturesAdmin } from "./pictures-admin.ts";
import { missingProductHandles } from "./product-handles.ts";
import { PRODUCT_VERSION_SQL } from "./product-version.ts";
import { AdminRefused, refusal } from "./refusal.ts";
import { readPlanForm } from "../../core/subscriptions/plan-form.ts";
import { productPlanGroup, saveProductPlans } from "../subscriptions/selling-plan-store.ts";

/** The longest search the list takes; the rest is ignored. */
const QUERY_MAX_LENGTH = 100;
/** Titles sort by their letters without accents, byte by byte, as the stock list does. */
const TITLE_ORDER_SQL = "translate(lower(p.title), 'àáâäãåæçèéêëìíîïñòóôöõøœùúûüýÿ', 'aaaaaaaceeeeiiiinooooooouuuuyy') collate \"C\"";

/** A collection's version, as a product's. */
const COLLECTION_VERSION_SQL = "to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US')";

/** A product as the edit form reads it, with the version its save must match. */
type ProductSql = Omit<ProductRow<EditedMetafields>, "options" | "created_at" | "updated_at"> & { version: string };

type VariantSql = Pick<VariantRow, "id" | "title" | "sku" | "price" | "compare_at_price" | "grams">;

async function collectionsOf(q: Queryable): Promise<AdminCollectionRef[]> {
  return q.query<AdminCollectionRef>("select id, handle, title from collections order by lower(title) collate \"C\", id");
}

/**
 * The back office's catalog area, the owner's alone: every read and change
 * asks `accessTo` first, whatever page or call reached it. `shopUrl` is the
 * shop's address, for the export's picture addresses.
 */
export function catalogAdmin(db: Database, actor: () => Promise<StaffJson | null>, shopUrl = ""): AdminCatalogClient {
  return {
    async list({ query = "", page = 1 }): Promise<AdminProductList> {
      const search = query.trim().slice(0, QUERY_MAX_LENGTH);
      if (!(await readerOf(actor, "catalog"))) return { rows: [], total: 0, page: 1, pageCount: 1, query: search };
      const params: unknown[] = [];
      let where = "";
      if (search !== "") {
        // The search is a literal: its % and _ match only themselves.
        params.push(containing(search));
        where = "where p.title ilike $1 or p.handle ilike $1 or exists (select 1 from variants s where s.product_id = p.id and s.sku ilike $1)";
      }
      const [counted] = await db.query<{ count: number }>(`select count(*)::int as count from products p ${where}`, params);
      const total = counted?.count ?? 0;
      const pageCount = Math.max(1, Math.ceil(total / PRODUCTS_PAGE_SIZE));
      const current = Math.min(Math.max(1, Number.isSafeInteger(page) ? page : 1), pageCount);
      const rows = await db.query<{ id: number; handle: string; title: string; vendor: string; product_type: string; published: boolean; variant_count: number; price_min: number | null; price_max: number | null }>(
        `select p.id, p.handle, p.title, p.vendor, p.product_type, p.published,
                (select count(*)::int from variants v where v.product_id = p.id) as variant_count,
                (select min(v.price)::int from variants v where v.product_id = p.id) as price_min,
                (select max(v.price)::int from variants v where v.product_id = p.id) as price_max
         from products p ${where}
         order by ${TITLE_ORDER_SQL}, p.id
         limit ${PRODUCTS_PAGE_SIZE} offset ${(current - 1) * PRODUCTS_PAGE_SIZE}`,
        params,
      );
      return {
        rows: rows.map(
          (row): AdminProductRow => ({
            id: Number(row.id),
            handle: row.handle,
            title: row.title,
            vendor: row.vendor,
            productType: row.product_type,
            published: row.published,
            variantCount: row.variant_count,
            priceMin: row.price_min ?? 0,
            priceMax: row.price_max ?? 0,
          }),
        ),
        total,
        page: current,
        pageCount,
        query: search,
      };
    },

    async product(id): Promise<AdminProductDetail | null> {
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      if (!(await readerOf(actor, "catalog"))) return null;
      const [row] = await db.query<ProductSql>(
        `select p.id, p.handle, p.title, p.body_html, p.vendor, p.product_type, p.tags, p.published, p.metafields, ${PRODUCT_VERSION_SQL} as version
         from products p where p.id = $1`,
        [id],
      );
      if (!row) return null;
      const [variants, memberships, collections, sellingPlanGroup] = await Promise.all([
        db.query<VariantSql>("select id, title, sku, price, compare_at_price, grams from variants where product_id = $1 order by position, id", [id]),
        db.query<{ collection_id: number }>("select collection_id from collection_products where product_id = $1", [id]),
        collectionsOf(db),
        productPlanGroup(db, id),
      ]);
      return {
        id: Number(row.id),
        handle: row.handle,
        title: row.title,
        bodyHtml: row.body_html,
        ingredients: ingredientsOf(row.metafields),
        themeMetafields: themeMetafieldsOf(row.metafields.custom ?? {}, row.handle),
        vendor: row.vendor,
        productType: row.product_type,
        tags: row.tags,
        published: row.published,
        collectionIds: memberships.map((m) => Number(m.collection_id)),
        variants: variants.map((v) => ({ id: Number(v.id), title: v.title, sku: v.sku, price: v.price, compareAtPrice: v.compare_at_price, grams: v.grams })),
        version: row.version,
        collections: collections.map((c) => ({ ...c, id: Number(c.id) })),
        sellingPlanGroup,
      };
    },

    async updateSellingPlans(id, form): Promise<AdminAnswer> {
      const access = await accessTo(actor, "catalog");
      if (!access.ok) return access.answer;
      if (!Number.isSafeInteger(id) || id <= 0) return refusal("not_found", "That product is not in the catalog.");
      const read = readPlanForm(form);
      if ("errors" in read) return refusal("invalid", "The plans were not saved. Please check the highlighted fields.", read.errors);
      return db.transaction(async (tx) => {
        const [row] = await tx.query<{ handle: string }>("select handle from products where id = $1 for update", [id]);
        if (!row) return refusal("not_found", "That product is not in the catalog.");
        const before = await productPlanGroup(tx, id);
        await saveProductPlans(tx, id, read.edit);
        const plans = (group: { plans: { interval: string; intervalCount: number; adjustment: unknown }[] } | null) => group?.plans.map(({ interval, intervalCount, adjustment }) => ({ interval, intervalCount, adjustment })) ?? [];
        await recordAudit(tx, { staffId: access.staff.id, action: "product.selling_plans", subject: `product ${row.handle}`, before: { name: before?.name ?? null, plans: plans(before) }, after: { name: read.edit.name, plans: plans(read.edit) } });
        await bumpCatalogRevision(tx);
        return { ok: true, next: `/products/${id}?saved=1` } as const;
      });
    },

    async update(id, form): Promise<AdminAnswer> {
      const access = await accessTo(actor, "catalog");
      if (!access.ok) return access.answer;
      const staff = access.staff;
      if (!Number.isSafeInteger(id) || id <= 0) return refusal("not_found", "That product is not in the catalog.");
      try {
        return await db.transaction(async (tx) => {
          // The product's row lock orders this edit with any other: the second one sees the first one's version and is refused.
          const [row] = await tx.query<ProductSql>(
            `select p.id, p.handle, p.title, p.body_html, p.vendor, p.product_type, p.tags, p.published, p.metafields, ${PRODUCT_VERSION_SQL} as version
             from products p where p.id = $1 for update`,
            [id],
          );
          if (!row) throw new AdminRefused(refusal("not_found", "That product is not in the catalog."));
          const variants = await tx.query<VariantSql>("select id, title, sku, price, compare_at_price, grams from variants where product_id = $1 order by position, id for update", [id]);
          const read = readProductForm(form, row.handle, variants.map((v) => Number(v.id)));
          // Add-ons the catalog does not have are named with the form's other errors, all at once.
          const errors = "errors" in read ? { ...read.errors } : {};
          const unknown = await missingProductHandles(tx, "errors" in read ? read.upsellHandles : read.edit.themeMetafields.upsellHandles);
          if (unknown.length) errors[THEME_METAFIELD_FIELDS.upsellHandles] = unknownHandlesMessage(unknown);
          if ("errors" in read || Object.keys(errors).length) throw new AdminRefused(refusal("invalid", "The product was not saved. Please check the highlighted fields.", errors));
          const { edit } = read;
          if (edit.version !== row.version) {
            throw new AdminRefused(refusal("conflict", "Someone else saved this product since you opened it, so your changes were not saved. The page now shows theirs: make your changes again."));
          }
          const known = new Set((await collectionsOf(tx)).map((c) => Number(c.id)));
          if (edit.collectionIds.some((cid) => !known.has(cid))) throw new AdminRefused(refusal("invalid", "The product was not saved.", { collections: "Choose collections from the list." }));

          const bodyHtml = sanitizeRichText(edit.product.bodyHtml);
          const themed = withThemeMetafields(row.metafields, row.handle, edit.themeMetafields);
          const custom = { ...themed.custom };
          if (edit.product.ingredients) custom.ingredients = edit.product.ingredients;
          else delete custom.ingredients;
          const memberships = (await tx.query<{ collection_id: number }>("select collection_id from collection_products where product_id = $1", [id])).map((m) => Number(m.collection_id));

          // What changed, field by field, for the audit log.
          const before: Record<string, unknown> = {};
          const after: Record<string, unknown> = {};
          const note = (key: string, was: unknown, now: unknown) => {
            if (JSON.stringify(was) === JSON.stringify(now)) return;
            before[key] = was;
            after[key] = now;
          };
          note("title", row.title, edit.product.title);
          note("description", row.body_html, bodyHtml);
          note("ingredients", ingredientsOf(row.metafields), edit.product.ingredients);
          const themedBefore = themeMetafieldsOf(row.metafields.custom ?? {}, row.handle);
          note("cartBadges", themedBefore.badges, edit.themeMetafields.badges);
          note("amountMl", themedBefore.amountMl, edit.themeMetafields.amountMl);
          note("helpsWith", themedBefore.helpsWith, edit.themeMetafields.helpsWith);
          note("addOns", themedBefore.upsellHandles, edit.themeMetafields.upsellHandles);
          note("vendor", row.vendor, edit.product.vendor);
          note("productType", row.product_type, edit.product.productType);
          note("tags", row.tags, edit.product.tags);
          note("published", row.published, edit.product.published);
          note("collections", [...memberships].sort(), [...edit.collectionIds].sort());
          for (const variant of variants) {
            const next = edit.variants.get(Number(variant.id))!;
            note(
              `variant ${variant.id}`,
              { price: variant.price, compareAtPrice: variant.compare_at_price, sku: variant.sku, grams: variant.grams },
              { price: next.price, compareAtPrice: next.compareAtPrice, sku: next.sku, grams: next.grams },
            );
          }

          // Saved unchanged: nothing to write, audit or tell the other servers.
          if (Object.keys(after).length === 0) return { ok: true, next: `/products/${id}?saved=1` } as const;
          await tx.query(
            `update products set title = $2, body_html = $3, vendor = $4, product_type = $5, tags = $6, published = $7, metafields = $8, updated_at = clock_timestamp()
             where id = $1`,
            [id, edit.product.title, bodyHtml, edit.product.vendor, edit.product.productType, edit.product.tags, edit.product.published, JSON.stringify({ ...themed, custom })],
          );
          for (const [variantId, fields] of edit.variants) {
            await tx.query("update variants set price = $2, compare_at_price = $3, sku = $4, grams = $5 where id = $1", [variantId, fields.price, fields.compareAtPrice, fields.sku, fields.grams]);
          }
          await setMemberships(tx, id, edit.collectionIds);
          await recordAudit(tx, { staffId: staff.id, action: "product.update", subject: `product ${row.handle}`, before, after });
          await bumpCatalogRevision(tx);
          return { ok: true, next: `/products/${id}?saved=1` } as const;
        });
      } catch (error) {
        if (error instanceof AdminRefused) return error.answer;
        throw error;
      }
    },

    async collections(): Promise<AdminCollectionRow[]> {
      if (!(await readerOf(actor, "catalog"))) return [];
      const rows = await db.query<{ id: number; handle: string; title: string; hidden: boolean; product_count: number }>(
        `select c.id, c.handle, c.title, c.hidden, (select count(*)::int from collection_products m where m.collection_id = c.id) as product_count
         from collections c order by lower(c.title) collate "C", c.id`,
      );
      return rows.map((row) => ({ id: Number(row.id), handle: row.handle, title: row.title, hidden: row.hidden, productCount: row.product_count }));
    },

    async collection(id): Promise<AdminCollectionDetail | null> {
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      if (!(await readerOf(actor, "catalog"))) return null;
      const [row] = await db.query<{ id: number; handle: string; title: string; body_html: string; hidden: boolean; version: string }>(
        `select c.id, c.handle, c.title, c.body_html, c.hidden, ${COLLECTION_VERSION_SQL} as version from collections c where c.id = $1`,
        [id],
      );
      if (!row) return null;
      const [members, products] = await Promise.all([
        db.query<{ product_id: number }>("select product_id from collection_products where collection_id = $1 order by position, product_id", [id]),
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
      if (!Number.isSafeInteger(id) || id <= 0) return refusal("not_found", "That collection is not in the catalog.");
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
          const members = (await tx.query<{ product_id: number }>("select product_id from collection_products where collection_id = $1 order by position, product_id", [id])).map((m) => Number(m.product_id));
          const bodyHtml = sanitizeRichText(edit.bodyHtml);
          const before: Record<string, unknown> = {};
          const after: Record<string, unknown> = {};
          if (row.title !== edit.title) [before.title, after.title] = [row.title, edit.title];
          if (row.body_html !== bodyHtml) [before.description, after.description] = [row.body_html, bodyHtml];
          const removed = members.filter((pid) => !wanted.includes(pid));
          const added = wanted.filter((pid) => !members.includes(pid));
          if (removed.length) before.products = removed;
          if (added.length) after.products = added;
          if (Object.keys(before).length === 0 && Object.keys(after).length === 0) return { ok: true, next: `/collections/${id}?saved=1` } as const;
          await tx.query("update collections set title = $2, body_html = $3, updated_at = clock_timestamp() where id = $1", [id, edit.title, bodyHtml]);
          // Products staying keep their places; new ones join at the end.
          await tx.query("delete from collection_products where collection_id = $1 and not (product_id = any($2::bigint[]))", [id, wanted]);
          let position = await tx
            .query<{ position: number | null }>("select max(position) as position from collection_products where collection_id = $1", [id])
            .then(([max]) => max?.position ?? 0);
          for (const productId of added) {
            position += 1;
            // A product edit saving the same membership at this moment has already put it in: nothing more to do.
            await tx.query("insert into collection_products (collection_id, product_id, position) values ($1, $2, $3) on conflict (collection_id, product_id) do nothing", [id, productId, position]);
          }
          await recordAudit(tx, { staffId: access.staff.id, action: "collection.update", subject: `collection ${row.handle}`, before, after });
          await bumpCatalogRevision(tx);
          return { ok: true, next: `/collections/${id}?saved=1` } as const;
        });
      } catch (error) {
        if (error instanceof AdminRefused) return error.answer;
        throw error;
      }
    },

    async exportCsv() {
      if (!(await readerOf(actor, "catalog"))) return null;
      return exportCatalogCsv(db, shopUrl);
    },

    pictures: picturesAdmin(db, actor),

    async importCsv(csv) {
      const access = await accessTo(actor, "catalog");
      if (!access.ok) return access.answer;
      try {
        return await importCatalogCsv(db, access.staff, csv);
      } catch (error) {
        if (error instanceof AdminRefused) return error.answer;
        throw error;
      }
    },
  };
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
