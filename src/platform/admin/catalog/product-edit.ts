/**
 * One product in the back office: read for its edit form, and saved from it
 * (text, theme fields, variants' prices and SKUs, collections), each save
 * checked against the version the form was opened at and audited field by field.
 */
import type { AdminAnswer } from "../../../core/admin/admin.ts";
import { type AdminCatalogClient, type AdminProductDetail, type ProductEdit, readProductForm } from "../../../core/admin/admin-catalog.ts";
import { THEME_METAFIELD_FIELDS, themeMetafieldsOf, unknownHandlesMessage, withThemeMetafields } from "../../../core/catalog/product-metafields.ts";
import { bumpCatalogRevision } from "../../catalog/catalog.ts";
import { sanitizeRichText } from "../../content/sanitize.ts";
import type { Database, Queryable } from "../../db/database.ts";
import { productPlanGroup } from "../../subscriptions/selling-plan-store.ts";
import { accessTo, readerOf } from "../access.ts";
import { recordAudit } from "../audit.ts";
import { ingredientsOf } from "../catalog-csv.ts";
import { missingProductHandles } from "../product-handles.ts";
import { PRODUCT_VERSION_SQL } from "../product-version.ts";
import { AdminRefused, refusal } from "../refusal.ts";
import { type Actor, type ProductSql, type VariantSql, collectionsOf, isRecordId } from "./catalog-queries.ts";
import { setMemberships } from "./collections.ts";

const PRODUCT_SQL = `select p.id, p.handle, p.title, p.body_html, p.vendor, p.product_type, p.tags, p.published, p.metafields, ${PRODUCT_VERSION_SQL} as version
         from products p where p.id = $1`;
const VARIANTS_SQL = "select id, title, sku, price, compare_at_price, grams from variants where product_id = $1 order by position, id";
const MEMBERSHIPS_SQL = "select collection_id from collection_products where product_id = $1";

export function productEditor(db: Database, actor: Actor): Pick<AdminCatalogClient, "product" | "update"> {
  return {
    async product(id): Promise<AdminProductDetail | null> {
      if (!isRecordId(id)) return null;
      if (!(await readerOf(actor, "catalog"))) return null;
      const [row] = await db.query<ProductSql>(PRODUCT_SQL, [id]);
      if (!row) return null;
      const [variants, memberships, collections, sellingPlanGroup] = await Promise.all([
        db.query<VariantSql>(VARIANTS_SQL, [id]),
        db.query<{ collection_id: number }>(MEMBERSHIPS_SQL, [id]),
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

    async update(id, form): Promise<AdminAnswer> {
      const access = await accessTo(actor, "catalog");
      if (!access.ok) return access.answer;
      if (!isRecordId(id)) return refusal("not_found", "That product is not in the catalog.");
      try {
        return await db.transaction(async (tx) => {
          // The product's row lock orders this edit with any other: the second one sees the first one's version and is refused.
          const [row] = await tx.query<ProductSql>(`${PRODUCT_SQL} for update`, [id]);
          if (!row) throw new AdminRefused(refusal("not_found", "That product is not in the catalog."));
          const variants = await tx.query<VariantSql>(`${VARIANTS_SQL} for update`, [id]);
          const edit = await checkedEdit(tx, row, variants, form);
          const saved = productSaved(row, edit);
          const memberships = (await tx.query<{ collection_id: number }>(MEMBERSHIPS_SQL, [id])).map((m) => Number(m.collection_id));
          const { before, after } = productChanges(row, variants, memberships, edit, saved.bodyHtml);
          // Saved unchanged: nothing to write, audit or tell the other servers.
          if (Object.keys(after).length === 0) return { ok: true, next: `/products/${id}?saved=1` } as const;
          await writeProduct(tx, id, edit, saved);
          await recordAudit(tx, { staffId: access.staff.id, action: "product.update", subject: `product ${row.handle}`, before, after });
          await bumpCatalogRevision(tx);
          return { ok: true, next: `/products/${id}?saved=1` } as const;
        });
      } catch (error) {
        if (error instanceof AdminRefused) return error.answer;
        throw error;
      }
    },
  };
}

/** The form read against the product as locked: every field's problem at once, then the version, then the collections; a refusal is thrown. */
async function checkedEdit(tx: Queryable, row: ProductSql, variants: readonly VariantSql[], form: Record<string, unknown>): Promise<ProductEdit> {
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
  return edit;
}

/** What the product's row holds once saved: the description made safe, and the theme's fields and ingredients in its metafields. */
function productSaved(row: ProductSql, edit: ProductEdit) {
  const bodyHtml = sanitizeRichText(edit.product.bodyHtml);
  const themed = withThemeMetafields(row.metafields, row.handle, edit.themeMetafields);
  const custom = { ...themed.custom };
  if (edit.product.ingredients) custom.ingredients = edit.product.ingredients;
  else delete custom.ingredients;
  return { bodyHtml, metafields: { ...themed, custom } };
}

/** What changed, field by field, for the audit log. */
function productChanges(row: ProductSql, variants: readonly VariantSql[], memberships: readonly number[], edit: ProductEdit, bodyHtml: string) {
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
  return { before, after };
}

/** Writes the product's row, each variant and its collections. */
async function writeProduct(tx: Queryable, id: number, edit: ProductEdit, saved: ReturnType<typeof productSaved>): Promise<void> {
  await tx.query(
    `update products set title = $2, body_html = $3, vendor = $4, product_type = $5, tags = $6, published = $7, metafields = $8, updated_at = clock_timestamp()
     where id = $1`,
    [id, edit.product.title, saved.bodyHtml, edit.product.vendor, edit.product.productType, edit.product.tags, edit.product.published, JSON.stringify(saved.metafields)],
  );
  for (const [variantId, fields] of edit.variants) {
    await tx.query("update variants set price = $2, compare_at_price = $3, sku = $4, grams = $5 where id = $1", [variantId, fields.price, fields.compareAtPrice, fields.sku, fields.grams]);
  }
  await setMemberships(tx, id, edit.collectionIds);
}
