/**
 * The catalog as Shopify's product CSV: the whole catalog exported, and a
 * file imported in one transaction, creating products by new handles and
 * updating those the shop has (variants matched by their option values),
 * or changing nothing and naming every wrong field by line and column.
 */
import { type AdminAnswer, type StaffJson } from "../../core/admin/admin.ts";
import { type CsvProblem, CSV_MAX_BYTES, type CsvProduct, type ImportedProduct, THEME_METAFIELD_COLUMNS, productsToCsv, readProductCsv } from "../../core/catalog/product-csv.ts";
import { type ThemedMetafieldGroups, themeMetafieldsOf, unknownHandlesMessage, withThemeMetafields } from "../../core/catalog/product-metafields.ts";
import { pictureSrc } from "../../core/catalog/product-pictures.ts";
import { type ProductRow, type VariantRow, bumpCatalogRevision, bumpInventoryRevision } from "../catalog/catalog.ts";
import { isBrowsable } from "../catalog/recommendations.ts";
import { sanitizeRichText } from "../content/sanitize.ts";
import type { Database, Queryable } from "../db/database.ts";
import { recordAudit } from "./audit.ts";
import { missingProductHandles } from "./product-handles.ts";
import { AdminRefused, refusal } from "./refusal.ts";

/** Metafields as the back office edits them: the theme's groups it knows, every other group kept as it is. */
export type EditedMetafields = ThemedMetafieldGroups & Record<string, unknown>;

/** A product as the back office reads it. */
type ProductSql = Omit<ProductRow<EditedMetafields>, "created_at" | "updated_at">;

/** A product's ingredients list, as the product form and the CSV's column carry it; empty when it has none. */
export const ingredientsOf = (metafields: EditedMetafields): string => (typeof metafields.custom?.ingredients === "string" ? metafields.custom.ingredients : "");
const optionValuesOf = (variant: VariantRow) => [variant.option1, variant.option2, variant.option3].filter((value): value is string => value !== null && value !== "");

function csvProductOf(product: ProductSql, variants: VariantRow[], images: { src: string; alt: string }[]): CsvProduct {
  return {
    handle: product.handle,
    title: product.title,
    bodyHtml: product.body_html,
    vendor: product.vendor,
    productType: product.product_type,
    tags: product.tags,
    published: product.published,
    ingredients: ingredientsOf(product.metafields),
    themeMetafields: themeMetafieldsOf(product.metafields.custom ?? {}, product.handle),
    options: product.options,
    images,
    variants: variants.map((variant) => ({
      optionValues: product.options.length ? optionValuesOf(variant) : [],
      sku: variant.sku,
      price: variant.price,
      compareAtPrice: variant.compare_at_price,
      grams: variant.grams,
      inventoryManagement: variant.inventory_management,
      inventoryPolicy: variant.inventory_policy,
      inventoryQuantity: variant.inventory_quantity,
      requiresShipping: variant.requires_shipping,
      taxable: variant.taxable,
      barcode: variant.barcode,
    })),
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/**
 * The whole catalog as CSV, products in the order they were added. Image Src
 * is an absolute address on `shopUrl` (the shop's own, as the request reached
 * it), as another shop importing the file must fetch it: a product's uploaded
 * pictures when it has any, as the shop shows them, otherwise its drawn art.
 */
export async function exportCatalogCsv(db: Queryable, shopUrl: string): Promise<string> {
  const [products, variants, images, pictures] = await Promise.all([
    db.query<ProductSql>("select id, handle, title, body_html, vendor, product_type, tags, options, metafields, published from products order by id"),
    db.query<VariantRow>("select * from variants order by product_id, position, id"),
    db.query<{ product_id: number; src: string; alt: string }>("select product_id, src, alt from product_images order by product_id, position, id"),
    db.query<{ product_id: number; content_hash: string; alt: string }>("select product_id, content_hash, alt from product_pictures order by product_id, position, id"),
  ]);
  const origin = shopUrl.replace(/\/+$/, "");
  const absolute = (src: string) => (src.startsWith("/") && !src.startsWith("//") ? `${origin}${src}` : src);
  const variantsOf = groupBy(variants, (variant) => Number(variant.product_id));
  const imagesOf = groupBy(images, (image) => Number(image.product_id));
  const picturesOf = groupBy(pictures, (picture) => Number(picture.product_id));
  const imageRows = (productId: number) => {
    const uploaded = picturesOf.get(productId);
    if (uploaded) return uploaded.map((picture) => ({ src: absolute(pictureSrc(picture.content_hash)), alt: picture.alt }));
    return (imagesOf.get(productId) ?? []).map((image) => ({ src: absolute(image.src), alt: image.alt }));
  };
  return productsToCsv(products.map((product) => csvProductOf(product, variantsOf.get(Number(product.id)) ?? [], imageRows(Number(product.id)))));
}

/** How the audit log shows a product before and after an import. */
const snapshot = (product: CsvProduct) => ({ ...product, images: undefined });

/** The most problems one answer lists; a file wrong throughout is usually wrong in one way. */
const PROBLEMS_SHOWN = 100;

const problemKey = (problem: CsvProblem) => `line-${problem.line}${problem.column ? `-${problem.column.toLowerCase().replace(/[^a-z0-9]+/g, "-")}` : ""}`;
const problemText = (problem: CsvProblem) => `Line ${problem.line}${problem.column ? `, ${problem.column}` : ""}: ${problem.message}`;

function refuseProblems(problems: CsvProblem[]): Extract<AdminAnswer, { ok: false }> {
  const errors: Record<string, string> = {};
  for (const problem of problems.slice(0, PROBLEMS_SHOWN)) {
    const key = problemKey(problem);
    errors[key] = errors[key] ? `${errors[key]} ${problem.message}` : problemText(problem);
  }
  if (problems.length > PROBLEMS_SHOWN) errors.more = `And ${problems.length - PROBLEMS_SHOWN} more: correct these first, then import again to see the rest.`;
  const count = problems.length;
  return refusal("invalid", `Nothing was imported: ${count === 1 ? "one field needs" : `${count} fields need`} correcting in the file.`, errors);
}

/** Imports a product CSV as `staff`, all or nothing; the answer names the products created and updated. */
export async function importCatalogCsv(db: Database, staff: StaffJson, csv: string): Promise<AdminAnswer> {
  if (Buffer.byteLength(csv, "utf8") > CSV_MAX_BYTES) {
    return refusal("invalid", "Nothing was imported: the file is too large.", { file: `Choose a file of at most ${CSV_MAX_BYTES / 1024} KB: split the catalog into several files by product and import each.` });
  }
  if (csv.trim() === "") return refusal("invalid", "Choose a CSV file to import.", { file: "Choose a CSV file of products, as Shopify exports them." });
  const read = readProductCsv(csv);
  if ("problems" in read) return refuseProblems(read.problems);
  return db.transaction(async (tx) => {
    // Taking the catalog's revision row first puts imports one after another, so two never pick the same new ids.
    await bumpCatalogRevision(tx);
    const problems: CsvProblem[] = [];
    let created = 0;
    let updated = 0;
    let stockChanged = false;
    const [all] = await tx.query<{ id: number }>("select id from collections where handle = 'all'");
    // An add-on names a product the shop has, or one this file brings.
    const inFile = new Set(read.products.map((entry) => entry.handle));
    const namedOf = (entry: ImportedProduct) => (entry.product?.themeMetafields.upsellHandles ?? []).filter((handle) => !inFile.has(handle));
    // One query for every handle the file names, whichever row names it.
    const missingInShop = new Set(await missingProductHandles(tx, [...new Set(read.products.flatMap(namedOf))]));
    for (const entry of read.products) {
      const missing = namedOf(entry).filter((handle) => missingInShop.has(handle));
      if (missing.length) problems.push({ line: entry.line, column: THEME_METAFIELD_COLUMNS.upsellHandles, message: unknownHandlesMessage(missing) });
    }
    for (const entry of read.products) {
      const [existing] = await tx.query<ProductSql>(
        "select id, handle, title, body_html, vendor, product_type, tags, options, metafields, published from products where handle = $1 for update",
        [entry.handle],
      );
      if (!existing) {
        if (!entry.product) {
          problems.push({ line: entry.line, column: "Title", message: `The shop has no product ${entry.handle}: give its first row a Title to create it.` });
          continue;
        }
        await createProduct(tx, entry, all ? Number(all.id) : null);
        await recordAudit(tx, { staffId: staff.id, action: "product.import", subject: `product ${entry.handle}`, after: { created: true } });
        created += 1;
        continue;
      }
      const result = await updateProduct(tx, existing, entry, problems, staff);
      if (result.changed) {
        updated += 1;
        await recordAudit(tx, { staffId: staff.id, action: "product.import", subject: `product ${entry.handle}`, before: result.before, after: result.after });
      }
      stockChanged ||= result.stockChanged;
    }
    if (problems.length) throw new AdminRefused(refuseProblems(problems.sort((a, b) => a.line - b.line)));
    if (stockChanged) await bumpInventoryRevision(tx);
    return { ok: true, next: `/products/import?created=${created}&updated=${updated}` } as const;
  });
}

async function createProduct(tx: Queryable, entry: ImportedProduct, allCollection: number | null): Promise<void> {
  const product = entry.product!;
  const [next] = await tx.query<{ id: number }>("select coalesce(max(id), 0) + 1 as id from products");
  const id = Number(next!.id);
  const options = product.options.map((name, index) => ({ name, values: [...new Set(entry.variants.map((variant) => variant.optionValues[index]!))] }));
  const themed = withThemeMetafields<ThemedMetafieldGroups>({}, entry.handle, product.themeMetafields);
  const metafields = product.ingredients ? { ...themed, custom: { ...themed.custom, ingredients: product.ingredients } } : themed;
  await tx.query(
    `insert into products (id, handle, title, body_html, vendor, product_type, tags, options, metafields, published)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [id, entry.handle, product.title, sanitizeRichText(product.bodyHtml), product.vendor, product.productType, product.tags, JSON.stringify(options), JSON.stringify(metafields), product.published],
  );
  let position = 0;
  for (const variant of entry.variants) {
    position += 1;
    await insertVariant(tx, id, position, variant);
  }
  // Every product the storefront lists is in the catch-all collection, as the seeded ones are.
  if (allCollection !== null && isBrowsable(product)) {
    await tx.query(
      "insert into collection_products (collection_id, product_id, position) select $1, $2, coalesce(max(position), 0) + 1 from collection_products where collection_id = $1",
      [allCollection, id],
    );
  }
}

async function insertVariant(tx: Queryable, productId: number, position: number, variant: ImportedProduct["variants"][number]): Promise<void> {
  const [next] = await tx.query<{ id: number }>("select coalesce(max(id), 0) + 1 as id from variants");
  const [option1 = null, option2 = null, option3 = null] = variant.optionValues;
  await tx.query(
    `insert into variants (id, product_id, position, title, option1, option2, option3, sku, barcode, price, compare_at_price, grams, taxable, requires_shipping,
                           inventory_management, inventory_policy, inventory_quantity)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
    [
      Number(next!.id),
      productId,
      position,
      variant.optionValues.length ? variant.optionValues.join(" / ") : "Default Title",
      option1,
      option2,
      option3,
      variant.sku,
      variant.barcode,
      variant.price,
      variant.compareAtPrice,
      variant.grams,
      variant.taxable,
      variant.requiresShipping,
      variant.inventoryManagement,
      variant.inventoryPolicy,
      variant.inventoryQuantity,
    ],
  );
}

/** Updates a product the shop has from its rows: its fields when the file gives them, the variants it names, new ones added at the end. */
async function updateProduct(
  tx: Queryable,
  existing: ProductSql,
  entry: ImportedProduct,
  problems: CsvProblem[],
  staff: StaffJson,
): Promise<{ changed: boolean; stockChanged: boolean; before: unknown; after: unknown }> {
  const id = Number(existing.id);
  const variants = await tx.query<VariantRow>("select * from variants where product_id = $1 order by position, id for update", [id]);
  const before = csvProductOf(existing, variants, []);
  const optionNames = entry.product ? entry.product.options : existing.options.map((option) => option.name);
  if (entry.product && optionNames.join("\u0000") !== existing.options.map((option) => option.name).join("\u0000")) {
    problems.push({
      line: entry.line,
      column: "Option1 Name",
      message: `The shop's ${entry.handle} has the options ${existing.options.map((o) => o.name).join(", ") || "none (Title: Default Title)"}; an import cannot change which options a product has.`,
    });
    return { changed: false, stockChanged: false, before, after: before };
  }
  let stockChanged = false;
  const options = existing.options.map((option) => ({ name: option.name, values: [...option.values] }));
  let position = Math.max(0, ...variants.map((variant) => variant.position));
  for (const variant of entry.variants) {
    if (variant.optionValues.length !== optionNames.length) {
      problems.push({ line: variant.line, column: "Option1 Value", message: `Give a value for each of ${entry.handle}'s options (${optionNames.join(", ") || "none: Default Title"}).` });
      continue;
    }
    const match = variants.find((candidate) => (existing.options.length ? optionValuesOf(candidate) : []).join("\u0000") === variant.optionValues.join("\u0000"));
    if (!match) {
      position += 1;
      await insertVariant(tx, id, position, variant);
      variant.optionValues.forEach((value, index) => {
        if (options[index] && !options[index].values.includes(value)) options[index].values.push(value);
      });
      continue;
    }
    const quantity = variant.inventoryGiven ? variant.inventoryQuantity : match.inventory_quantity;
    await tx.query(
      `update variants set sku = $2, barcode = $3, price = $4, compare_at_price = $5, grams = $6, taxable = $7, requires_shipping = $8,
                           inventory_management = $9, inventory_policy = $10, inventory_quantity = $11
       where id = $1`,
      [match.id, variant.sku, variant.barcode, variant.price, variant.compareAtPrice, variant.grams, variant.taxable, variant.requiresShipping, variant.inventoryManagement, variant.inventoryPolicy, quantity],
    );
    // A count the file changes is recorded as a stock correction, as one made on the stock page is.
    if (quantity !== match.inventory_quantity && variant.inventoryManagement === "shopify") {
      stockChanged = true;
      await tx.query("insert into stock_adjustments (variant_id, staff_id, delta, quantity_after, reason, note) values ($1, $2, $3, $4, 'correction', 'Product CSV import')", [
        match.id,
        staff.id,
        quantity - match.inventory_quantity,
        quantity,
      ]);
    }
  }
  if (entry.product) {
    const themed = withThemeMetafields(existing.metafields, existing.handle, entry.product.themeMetafields);
    const custom = { ...themed.custom };
    if (entry.product.ingredients) custom.ingredients = entry.product.ingredients;
    else delete custom.ingredients;
    await tx.query(
      `update products set title = $2, body_html = $3, vendor = $4, product_type = $5, tags = $6, published = $7, metafields = $8, options = $9 where id = $1`,
      [
        id,
        entry.product.title,
        sanitizeRichText(entry.product.bodyHtml),
        entry.product.vendor,
        entry.product.productType,
        entry.product.tags,
        entry.product.published,
        JSON.stringify({ ...themed, custom }),
        JSON.stringify(options),
      ],
    );
  } else if (JSON.stringify(options) !== JSON.stringify(existing.options)) {
    await tx.query("update products set options = $2 where id = $1", [id, JSON.stringify(options)]);
  }
  const [reread] = await tx.query<ProductSql>("select id, handle, title, body_html, vendor, product_type, tags, options, metafields, published from products where id = $1", [id]);
  const after = csvProductOf(reread!, await tx.query<VariantRow>("select * from variants where product_id = $1 order by position, id", [id]), []);
  const changed = JSON.stringify(after) !== JSON.stringify(before);
  if (changed) await tx.query("update products set updated_at = clock_timestamp() where id = $1", [id]);
  return { changed, stockChanged, before: snapshot(before), after: snapshot(after) };
}
