import type { Database, Queryable } from "../db/database.ts";
import { bumpCatalogRevision } from "../catalog/catalog.ts";
import { isBrowsable } from "../catalog/recommendations.ts";
import { badgeField, helpsWithField, menuItemField, optionNameField, optionValueField, pillField, sellingPlanGroupField } from "../catalog/translations.ts";
import type { SeedCatalog, SeedDiscount, SeedProduct, SeedTranslations } from "./types.ts";

/** Ids are derived from positions so a reseed gives every product and variant the same id again. */
export const productIdFor = (index: number) => 7_000_000_000_000 + index + 1;
export const variantIdFor = (productIndex: number, variantIndex: number) => 40_000_000_000_000 + (productIndex + 1) * 100 + variantIndex + 1;
const imageIdFor = (productIndex: number, imageIndex: number) => 30_000_000_000_000 + (productIndex + 1) * 100 + imageIndex + 1;
const collectionIdFor = (index: number) => 400_000_000_000 + index + 1;

/** The size every generated product picture is described with; smaller widths are served on request. */
export const IMAGE_SIZE = 1280;
const DAY_MS = 24 * 60 * 60 * 1000;
const INSERT_BATCH = 500;

export async function isCatalogEmpty(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ count: number }>("select count(*)::int as count from products");
  return (row?.count ?? 0) === 0;
}

/** The variant columns the seed writes, and their types, in the order of its rows. */
const VARIANT_COLUMNS = ["id", "product_id", "position", "title", "option1", "option2", "option3", "sku", "barcode", "price", "compare_at_price", "grams", "taxable", "requires_shipping", "inventory_management", "inventory_policy", "inventory_quantity", "image_id"];
const VARIANT_TYPES = ["bigint", "bigint", "int", "text", "text", "text", "text", "text", "text", "int", "int", "int", "boolean", "boolean", "text", "text", "int", "bigint"];

/** Replaces the whole catalog (products, collections, menus, and discount codes when given) with `catalog`, in one transaction. */
export async function seedCatalog(db: Database, catalog: SeedCatalog, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.exec("delete from translations where resource_type in ('product', 'collection', 'menu'); delete from collection_products; delete from collections; delete from menus; delete from product_images; delete from variants; delete from products;");

    const productRows: unknown[][] = [];
    const variantRows: unknown[][] = [];
    const sitePriceRows: unknown[][] = [];
    const imageRows: unknown[][] = [];
    catalog.products.forEach((product, index) => {
      const id = productIdFor(index);
      const created = new Date(now.getTime() - (product.createdDaysAgo ?? index) * DAY_MS).toISOString();
      const metafields = {
        custom: product.metafields?.custom ?? {},
        ffc_app: product.metafields?.ffc_app ?? {},
        bundle: product.metafields?.bundle ?? {},
        vitals: product.metafields?.vitals ?? {},
      };
      productRows.push([
        id,
        product.handle,
        product.title,
        product.description,
        product.vendor,
        product.productType,
        product.tags,
        JSON.stringify(product.options),
        JSON.stringify(metafields),
        product.published ?? true,
        created,
      ]);
      product.images.forEach((art, imageIndex) => {
        const variantIds = product.variants
          .map((variant, variantIndex) => ((variant.imageIndex ?? -1) === imageIndex ? variantIdFor(index, variantIndex) : null))
          .filter((value): value is number => value !== null);
        imageRows.push([
          imageIdFor(index, imageIndex),
          id,
          imageIndex + 1,
          `${product.title}${product.images.length > 1 ? ` (${imageIndex + 1})` : ""}`,
          IMAGE_SIZE,
          IMAGE_SIZE,
          `/images/products/${product.handle}-${imageIndex + 1}.png`,
          variantIds,
          JSON.stringify(art),
        ]);
      });
      product.variants.forEach((variant, variantIndex) => {
        variantRows.push([
          variantIdFor(index, variantIndex),
          id,
          variantIndex + 1,
          variantTitle(product, variant.options),
          variant.options[0] ?? (product.options.length === 0 ? "Default Title" : null),
          variant.options[1] ?? null,
          variant.options[2] ?? null,
          variant.sku,
          "",
          variant.price,
          variant.compareAtPrice ?? null,
          variant.grams,
          variant.taxable ?? true,
          variant.requiresShipping ?? true,
          variant.inventoryManagement,
          variant.inventoryPolicy,
          variant.inventoryQuantity,
          variant.imageIndex === undefined ? null : imageIdFor(index, variant.imageIndex),
        ]);
        for (const [site, fixed] of Object.entries(variant.sitePrices ?? {})) {
          sitePriceRows.push([variantIdFor(index, variantIndex), site, fixed.price, fixed.compareAtPrice ?? null]);
        }
      });
    });

    await insertRows(
      tx,
      "products",
      ["id", "handle", "title", "body_html", "vendor", "product_type", "tags", "options", "metafields", "published", "created_at"],
      ["bigint", "text", "text", "text", "text", "text", "text[]", "jsonb", "jsonb", "boolean", "timestamptz"],
      productRows,
    );
    await insertRows(
      tx,
      "product_images",
      ["id", "product_id", "position", "alt", "width", "height", "src", "variant_ids", "art"],
      ["bigint", "bigint", "int", "text", "int", "int", "text", "bigint[]", "jsonb"],
      imageRows,
    );
    await insertRows(tx, "variants", VARIANT_COLUMNS, VARIANT_TYPES, variantRows);
    await seedReviews(tx, catalog, now);
    await insertRows(tx, "variant_site_prices", ["variant_id", "site_code", "price", "compare_at_price"], ["bigint", "text", "bigint", "bigint"], sitePriceRows);

    const collectionIndex = new Map<string, number>();
    const collections = [
      { handle: "all", title: "All products", description: "Every product in the shop.", hidden: false, sortOrder: "manual" as const },
      ...catalog.collections.filter((collection) => collection.handle !== "all"),
    ];
    const collectionRows = collections.map((collection, index) => {
      collectionIndex.set(collection.handle, index);
      return [collectionIdFor(index), collection.handle, collection.title, collection.description, collection.sortOrder ?? "manual", collection.hidden ?? false];
    });
    await insertRows(
      tx,
      "collections",
      ["id", "handle", "title", "body_html", "sort_order", "hidden"],
      ["bigint", "text", "text", "text", "text", "boolean"],
      collectionRows,
    );

    const memberships: unknown[][] = [];
    const positions = new Map<number, number>();
    const join = (collectionHandle: string, productIndex: number) => {
      const index = collectionIndex.get(collectionHandle);
      if (index === undefined) throw new Error(`Product ${catalog.products[productIndex]?.handle} names unknown collection ${collectionHandle}`);
      const position = (positions.get(index) ?? 0) + 1;
      positions.set(index, position);
      memberships.push([collectionIdFor(index), productIdFor(productIndex), position]);
    };
    catalog.products.forEach((product, index) => {
      if (isListedInAll(product)) join("all", index);
      for (const handle of new Set(product.collections)) if (handle !== "all") join(handle, index);
    });
    await insertRows(tx, "collection_products", ["collection_id", "product_id", "position"], ["bigint", "bigint", "int"], memberships);

    for (const [handle, items] of Object.entries(catalog.menus)) {
      await tx.query("insert into menus (handle, items) values ($1, $2)", [handle, JSON.stringify(items)]);
    }
    if (catalog.discounts) await seedDiscounts(tx, catalog.discounts);
    await seedSellingPlans(tx, catalog);
    await insertRows(tx, "translations", ["locale", "resource_type", "resource_key", "field", "value"], ["text", "text", "text", "text", "text"], translationRows(catalog.translations ?? {}, catalog.products));
    await bumpCatalogRevision(tx);
  });
}

/** Each product's selling plan groups and plans, in the order given. */
async function seedSellingPlans(tx: Queryable, catalog: SeedCatalog): Promise<void> {
  for (const [handle, groups] of Object.entries(catalog.sellingPlanGroups ?? {})) {
    const index = catalog.products.findIndex((product) => product.handle === handle);
    if (index < 0) throw new Error(`Selling plans name unknown product ${handle}`);
    for (const [groupIndex, group] of groups.entries()) {
      const [row] = await tx.query<{ id: string; key: string }>("insert into selling_plan_groups (product_id, name, position) values ($1, $2, $3) returning id, key", [
        productIdFor(index),
        group.name,
        groupIndex + 1,
      ]);
      // The group's name in each language the catalogue is translated into, named by the key the group was just given.
      for (const [locale, words] of Object.entries(catalog.translations ?? {})) {
        const name = words.sellingPlanGroups?.[group.name];
        if (name && row) await tx.query("insert into translations (locale, resource_type, resource_key, field, value) values ($1, 'product', $2, $3, $4)", [locale, handle, sellingPlanGroupField(row.key), name]);
      }
      for (const [planIndex, plan] of group.plans.entries()) {
        await tx.query("insert into selling_plans (group_id, position, interval, interval_count, adjustment_type, adjustment_value) values ($1, $2, $3, $4, $5, $6)", [
          row?.id,
          planIndex + 1,
          plan.interval,
          plan.intervalCount,
          plan.adjustment?.type ?? null,
          plan.adjustment?.value ?? null,
        ]);
      }
    }
  }
}

/** The catalog's reviews, published as they are: nobody is emailed about them. */
async function seedReviews(tx: Queryable, catalog: SeedCatalog, now: Date): Promise<void> {
  const reviewRows: unknown[][] = [];
  catalog.products.forEach((product, index) => {
    (product.reviews ?? []).forEach((review, reviewIndex) => {
      const written = new Date(now.getTime() - review.daysAgo * DAY_MS).toISOString();
      // Seeded reviewers have no mailbox: an address of the reserved example domain, unique per product.
      const email = `reviewer-${reviewIndex + 1}@reviews.example`;
      const replied = review.reply ? written : null;
      reviewRows.push([productIdFor(index), email, review.author, review.rating, review.title, review.body, review.skinType ?? null, review.concern ?? null, review.verifiedBuyer ?? true, review.reply ?? null, replied, "approved", "", "", written, written, written, written]);
    });
  });
  await insertRows(
      tx,
      "product_reviews",
      [
        "product_id",
        "email",
        "author",
        "rating",
        "title",
        "body",
        "skin_type",
        "concern",
        "verified_buyer",
        "reply",
        "replied_at",
        "status",
        "site_code",
        "shop_url",
        "created_at",
        "updated_at",
        "moderated_at",
        "published_notice_at",
      ],
      ["bigint", "text", "text", "smallint", "text", "text", "text", "text", "boolean", "text", "timestamptz", "text", "text", "text", "timestamptz", "timestamptz", "timestamptz", "timestamptz"],
      reviewRows,
    );
}

async function seedDiscounts(tx: Queryable, discounts: SeedDiscount[]): Promise<void> {
  await tx.exec("delete from discounts;");
  for (const discount of discounts) {
    await tx.query(
      `insert into discounts (code, title, value_type, value, minimum_subtotal, starts_at, ends_at, enabled, currency_values)
       values ($1, $2, $3, $4, $5, $6::timestamptz, $7::timestamptz, $8, $9)`,
      [
        discount.code,
        discount.title,
        discount.valueType,
        discount.value,
        discount.minimumSubtotal ?? 0,
        discount.startsAt ?? null,
        discount.endsAt ?? null,
        discount.enabled ?? true,
        JSON.stringify(discount.currencyValues ?? {}),
      ],
    );
  }
}

/** One row of `translations`: locale, type, key, field, value. */
export type TranslationRow = [locale: string, type: string, key: string, field: string, value: string];

/** The catalogue's translations as rows of `translations`. */
export function translationRows(translations: Record<string, SeedTranslations>, products: readonly SeedProduct[]): TranslationRow[] {
  const rows: TranslationRow[] = [];
  for (const [locale, words] of Object.entries(translations)) {
    // The shop-wide words for badges, 'helps with' points and builder pills, on every product that shows each.
    for (const product of products) {
      const texts = (values: string[] | undefined, dictionary: Record<string, string> | undefined, field: (text: string) => string) => {
        for (const value of new Set(values ?? [])) if (dictionary?.[value]) rows.push([locale, "product", product.handle, field(value), dictionary[value]]);
      };
      texts(product.metafields?.custom?.product_cart_badges, words.badges, badgeField);
      texts(product.metafields?.custom?.helps_with, words.helpsWith, helpsWithField);
      texts(product.metafields?.vitals?.builder_pills, words.pills, pillField);
    }
    for (const [handle, product] of Object.entries(words.products)) {
      if (product.title) rows.push([locale, "product", handle, "title", product.title]);
      if (product.body_html) rows.push([locale, "product", handle, "body_html", product.body_html]);
      for (const [name, option] of Object.entries(product.options ?? {})) {
        if (option.name) rows.push([locale, "product", handle, optionNameField(name), option.name]);
        for (const [value, translated] of Object.entries(option.values ?? {})) rows.push([locale, "product", handle, optionValueField(name, value), translated]);
      }
    }
    for (const [handle, collection] of Object.entries(words.collections)) {
      if (collection.title) rows.push([locale, "collection", handle, "title", collection.title]);
      if (collection.body_html) rows.push([locale, "collection", handle, "body_html", collection.body_html]);
    }
    for (const [handle, labels] of Object.entries(words.menus)) {
      for (const [label, translated] of Object.entries(labels)) rows.push([locale, "menu", handle, menuItemField(label), translated]);
    }
  }
  return rows;
}

function isListedInAll(product: SeedProduct): boolean {
  return isBrowsable({ published: product.published ?? true, tags: product.tags, productType: product.productType });
}

function variantTitle(product: SeedProduct, options: string[]): string {
  return product.options.length === 0 || options.length === 0 ? "Default Title" : options.join(" / ");
}

/** Inserts rows in batches through `unnest`, one statement per batch whatever the row count. */
async function insertRows(tx: Queryable, table: string, columns: string[], types: string[], rows: unknown[][]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = rows.slice(start, start + INSERT_BATCH);
    const arrays = columns.map((_, column) => batch.map((row) => row[column]));
    if (types.some((type) => type.endsWith("[]"))) {
      // Array-typed columns cannot be unnested as arrays of arrays; pass them as JSON and rebuild per row.
      const params = arrays.map((values, index) => (types[index]?.endsWith("[]") ? JSON.stringify(values) : values));
      const projections = types.map((type, index) =>
        type.endsWith("[]")
          ? `(select coalesce(array_agg(e::${type.slice(0, -2)}), '{}') from jsonb_array_elements_text($${index + 1}::jsonb -> (n::int - 1)) e)`
          : `($${index + 1}::${type}[])[n]`,
      );
      await tx.query(
        `insert into ${table} (${columns.join(", ")}) select ${projections.join(", ")} from generate_series(1, ${batch.length}) as n`,
        params,
      );
      continue;
    }
    const unnest = types.map((type, index) => `$${index + 1}::${type}[]`).join(", ");
    await tx.query(`insert into ${table} (${columns.join(", ")}) select * from unnest(${unnest})`, arrays);
  }
}
