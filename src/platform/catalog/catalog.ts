import type { AdjustmentType, PlanInterval, SellingPlanGroup } from "../../core/subscriptions/selling-plans.ts";
import { pictureSrc } from "../../core/catalog/product-pictures.ts";
import { summaryOfCounts } from "../../core/catalog/reviews.ts";
import type { BundleMetafields, FfcAppMetafields, MenuItem, ProductMetafields, ProductVitals } from "../../core/contract/shopify-types.ts";
import { isDatabaseUnavailable } from "../db/database.ts";
import { collectGarbage } from "./garbage.ts";
import type { Database, Queryable } from "../db/database.ts";
import { type CatalogTranslations, loadTranslations } from "./translation-store.ts";

export interface CatalogImage {
  id: number;
  productId: number;
  position: number;
  alt: string;
  width: number;
  height: number;
  src: string;
  variantIds: number[];
  art: Record<string, unknown>;
}

export interface CatalogVariant {
  id: number;
  productId: number;
  position: number;
  title: string;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  sku: string;
  barcode: string;
  price: number;
  compareAtPrice: number | null;
  grams: number;
  taxable: boolean;
  requiresShipping: boolean;
  inventoryManagement: "shopify" | null;
  inventoryPolicy: "deny" | "continue";
  inventoryQuantity: number;
  imageId: number | null;
}

export interface ProductMetafieldGroups {
  custom: ProductMetafields;
  ffc_app: FfcAppMetafields;
  bundle: BundleMetafields;
  vitals: ProductVitals;
}

export interface CatalogProduct {
  id: number;
  handle: string;
  title: string;
  bodyHtml: string;
  vendor: string;
  productType: string;
  tags: string[];
  options: { name: string; values: string[] }[];
  metafields: ProductMetafieldGroups;
  published: boolean;
  createdAt: string;
  updatedAt: string;
  images: CatalogImage[];
  variants: CatalogVariant[];
  collectionIds: number[];
  /** Subscribe and save: the product's selling plan groups (none for most products). */
  sellingPlanGroups: SellingPlanGroup[];
}

export interface CatalogCollection {
  id: number;
  handle: string;
  title: string;
  bodyHtml: string;
  sortOrder: string;
  hidden: boolean;
  publishedAt: string;
  updatedAt: string;
  /** Product ids in the collection's own order. */
  productIds: number[];
}

export interface Catalog {
  revision: number;
  inventoryRevision: number;
  products: Map<number, CatalogProduct>;
  productsByHandle: Map<string, CatalogProduct>;
  variants: Map<number, CatalogVariant>;
  collections: Map<string, CatalogCollection>;
  collectionsById: Map<number, CatalogCollection>;
  menus: Map<string, MenuItem[]>;
  /** The catalogue's words in other locales; a site's catalogue takes its language's. */
  translations: CatalogTranslations;
  /** On a site's catalogue: how it reads from the base catalogue (site-catalog.ts); absent on the base. */
  site?: SiteView;
}

/**
 * What a site's catalogue is made from: the base catalogue, and the site's
 * product of a base product, derived when asked for.
 */
export interface SiteView {
  base: Catalog;
  /** The site's product of a base product; `keep` holds it among the site's recent products (a page's), else it is derived for the moment (a walk through all). */
  product(base: CatalogProduct, keep: boolean): CatalogProduct;
  /** The site's price of a base variant, minor units. */
  price(variant: CatalogVariant): number;
  /** The site's title of a base product. */
  title(product: CatalogProduct): string;
  /** Whether the site's products have words of their own (its language's): titles and search words then differ from the base's. */
  translated: boolean;
}

/**
 * The catalogue behind `catalog` (itself, or a site's base), for what reads
 * only what is the same on every site (publishing, tags, type, vendor,
 * collections, plans' frequencies, stock); what it picks is then read from
 * `catalog`.
 */
export function everySiteCatalog(catalog: Catalog): Catalog {
  return catalog.site?.base ?? catalog;
}

/** The products of `everySiteCatalog(catalog)`, for walks through every product. */
export function productsOnEverySite(catalog: Catalog): MapIterator<CatalogProduct> {
  return everySiteCatalog(catalog).products.values();
}

/** The catalogue whose words a search of `catalog` reads: a site's own when translated, else the base's (the same ordinals). */
export function wordsCatalog(catalog: Catalog): Catalog {
  return catalog.site && !catalog.site.translated ? catalog.site.base : catalog;
}

/** A product's title as `catalog`'s site words it. */
export function titleOn(catalog: Catalog, product: CatalogProduct): string {
  return catalog.site ? catalog.site.title(product) : product.title;
}

/** A variant can be bought when its stock is not tracked, may oversell, or is above zero. */
export function isVariantAvailable(variant: Pick<CatalogVariant, "inventoryManagement" | "inventoryPolicy" | "inventoryQuantity">): boolean {
  return variant.inventoryManagement === null || variant.inventoryPolicy === "continue" || variant.inventoryQuantity > 0;
}

/** The most of a variant one cart may hold, or null when stock does not limit it. */
export function stockLimit(variant: Pick<CatalogVariant, "inventoryManagement" | "inventoryPolicy" | "inventoryQuantity">): number | null {
  if (variant.inventoryManagement === null || variant.inventoryPolicy === "continue") return null;
  return Math.max(0, variant.inventoryQuantity);
}

/** Where a variant copy reads its stock: the variant it was copied from. */
const STOCK_OF = Symbol("stock of");

/** A copy's stock, read through; one function for every copy lets V8 keep the copies' shape shared and small. */
function stockOfOriginal(this: { [STOCK_OF]: CatalogVariant }): number {
  return this[STOCK_OF].inventoryQuantity;
}

/**
 * A copy of a variant (a site's price, a locale's option words) with the
 * fields in the original's order, `changes` taking the place of theirs; its
 * stock reads through to the original, so a stock refresh reaches every copy.
 */
export function variantCopy(original: CatalogVariant, changes: Partial<Omit<CatalogVariant, "inventoryQuantity">>): CatalogVariant {
  const copy: Record<string | symbol, unknown> = {};
  Object.defineProperty(copy, STOCK_OF, { value: original });
  const from = original as unknown as Record<string, unknown>;
  const changed = changes as Record<string, unknown>;
  for (const key of Object.keys(original)) {
    if (key === "inventoryQuantity") Object.defineProperty(copy, key, { get: stockOfOriginal, enumerable: true, configurable: true });
    else copy[key] = Object.hasOwn(changed, key) ? changed[key] : from[key];
  }
  return copy as unknown as CatalogVariant;
}

export function variantName(product: CatalogProduct, variant: CatalogVariant): string {
  return hasOnlyDefaultVariant(product) ? product.title : `${product.title} - ${variant.title}`;
}

export function hasOnlyDefaultVariant(product: CatalogProduct): boolean {
  return product.options.length === 0 || (product.variants.length === 1 && product.variants[0]?.title === "Default Title");
}

/** A row of the `products` table; `Metafields` is how the reader types its metafields. */
export interface ProductRow<Metafields = Partial<ProductMetafieldGroups>> {
  id: number;
  handle: string;
  title: string;
  body_html: string;
  vendor: string;
  product_type: string;
  tags: string[];
  options: { name: string; values: string[] }[];
  metafields: Metafields;
  published: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

/** A row of the `variants` table. */
export interface VariantRow {
  id: number;
  product_id: number;
  position: number;
  title: string;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  sku: string;
  barcode: string;
  price: number;
  compare_at_price: number | null;
  grams: number;
  taxable: boolean;
  requires_shipping: boolean;
  inventory_management: "shopify" | null;
  inventory_policy: "deny" | "continue";
  inventory_quantity: number;
  image_id: number | null;
}

export function variantFromRow(row: VariantRow): CatalogVariant {
  return {
    id: row.id,
    productId: row.product_id,
    position: row.position,
    title: row.title,
    option1: row.option1,
    option2: row.option2,
    option3: row.option3,
    sku: row.sku,
    barcode: row.barcode,
    price: row.price,
    compareAtPrice: row.compare_at_price,
    grams: row.grams,
    taxable: row.taxable,
    requiresShipping: row.requires_shipping,
    inventoryManagement: row.inventory_management,
    inventoryPolicy: row.inventory_policy,
    inventoryQuantity: row.inventory_quantity,
    imageId: row.image_id,
  };
}

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

interface ImageRow {
  id: number;
  product_id: number;
  position: number;
  alt: string;
  width: number;
  height: number;
  src: string;
  variant_ids: number[];
  art: Record<string, unknown>;
}

/**
 * Products are read this many at a time (with their variants and images): a
 * large catalog never sits in memory twice, as rows and as objects, and no
 * single statement runs long enough to meet the statement timeout.
 */
const LOAD_BATCH = 2000;

/** Batches loaded between two collections asked of V8 (see `loadCatalog`). */
const COLLECT_EVERY = 2;

/** Texts longer than this are taken as they come: descriptions and the like are seldom repeated. */
const SHARED_TEXT_MAX = 200;

/**
 * One string per distinct short text of the catalog. The database hands each
 * row its own copies, and a large catalog repeats the same vendors, tags,
 * option values, stock policies and dates tens of thousands of times.
 */
class SharedTexts {
  private readonly texts = new Map<string, string>();

  text<T extends string | null>(value: T): T {
    if (value === null || value.length > SHARED_TEXT_MAX) return value;
    const known = this.texts.get(value);
    if (known !== undefined) return known as T;
    this.texts.set(value, value);
    return value;
  }

  /** Each shared value (object or text) by its number, which stands for it in its holders' keys. */
  private readonly numbers = new Map<unknown, number>();
  private readonly values = new Map<string, unknown>();

  /**
   * A JSON value (tags, options, metafields, a picture's art, collection
   * ids) with its texts shared and, where another product has an equal one,
   * that one instead: most products repeat another's. Parts are shared
   * first, so a value is named by its parts' numbers (a short key, not its
   * whole JSON). The catalog never changes a loaded product's values in
   * place, so products may share them.
   */
  value<T>(value: T): T {
    if (typeof value === "string") return this.text(value as string) as T;
    if (value === null || typeof value !== "object") return value;
    let key: string;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) value[i] = this.value(value[i]);
      key = `[${value.map((part) => this.name(part)).join(",")}]`;
    } else {
      const record = value as Record<string, unknown>;
      for (const field of Object.keys(record)) record[field] = this.value(record[field]);
      key = `{${Object.keys(record).map((field) => `${JSON.stringify(field)}:${this.name(record[field])}`).join(",")}}`;
    }
    const known = this.values.get(key);
    if (known !== undefined) return known as T;
    this.values.set(key, value);
    return value;
  }

  /**
   * A product's metafields with their groups shared, and the parts of its own
   * group (`custom` carries each product's rating, so it is seldom equal to
   * another's): a changed copy, not registered, so loading holds no key for it.
   */
  parts(metafields: ProductMetafieldGroups): ProductMetafieldGroups {
    const custom = Object.fromEntries(Object.entries(metafields.custom).map(([field, part]) => [field, this.value(part)])) as ProductMetafieldGroups["custom"];
    return { custom, ffc_app: this.value(metafields.ffc_app), bundle: this.value(metafields.bundle), vitals: this.value(metafields.vitals) };
  }

  /** A shared part as it appears in its holder's key: its number, or the JSON of a number, boolean or null. */
  private name(part: unknown): string {
    if (part === null || (typeof part !== "object" && typeof part !== "string")) return JSON.stringify(part) ?? "undefined";
    let number = this.numbers.get(part);
    if (number === undefined) this.numbers.set(part, (number = this.numbers.size));
    return `#${number}`;
  }
}

/** Turns one batch of rows into catalog objects, added to the maps being filled. */
function addProducts(
  productRows: ProductRow[],
  variantRows: VariantRow[],
  imageRows: ImageRow[],
  { products, productsByHandle, variants }: Pick<Catalog, "products" | "productsByHandle" | "variants">,
  shared: SharedTexts,
): void {
  for (const row of productRows) {
    const metafields = row.metafields;
    const product: CatalogProduct = {
      id: row.id,
      handle: row.handle,
      title: shared.text(row.title),
      bodyHtml: row.body_html,
      vendor: shared.text(row.vendor),
      productType: shared.text(row.product_type),
      tags: shared.value(row.tags.slice()),
      options: shared.value(row.options),
      metafields: { custom: metafields.custom ?? {}, ffc_app: metafields.ffc_app ?? {}, bundle: metafields.bundle ?? {}, vitals: metafields.vitals ?? {} },
      published: row.published,
      createdAt: shared.text(iso(row.created_at)),
      updatedAt: shared.text(iso(row.updated_at)),
      images: [],
      variants: [],
      collectionIds: [],
      sellingPlanGroups: [],
    };
    products.set(product.id, product);
    productsByHandle.set(product.handle, product);
  }
  for (const row of variantRows) {
    const variant = variantFromRow(row);
    variant.title = shared.text(variant.title);
    variant.option1 = shared.text(variant.option1);
    variant.option2 = shared.text(variant.option2);
    variant.option3 = shared.text(variant.option3);
    variant.inventoryManagement = shared.text(variant.inventoryManagement);
    variant.inventoryPolicy = shared.text(variant.inventoryPolicy);
    variants.set(variant.id, variant);
    products.get(variant.productId)?.variants.push(variant);
  }
  for (const row of imageRows) {
    products.get(row.product_id)?.images.push({
      id: row.id,
      productId: row.product_id,
      position: row.position,
      alt: shared.text(row.alt),
      width: row.width,
      height: row.height,
      src: row.src,
      variantIds: shared.value(row.variant_ids),
      art: shared.value(row.art),
    });
  }
}

/** `opening`: the server is opening and serves no one yet, so the load may pause for collections that give memory back. */
export async function loadCatalog(db: Queryable, opening = false): Promise<Catalog> {
  const [meta] = await db.query<{ revision: number; inventory_revision: number }>("select revision, inventory_revision from catalog_meta where id = 1");
  const products = new Map<number, CatalogProduct>();
  const productsByHandle = new Map<string, CatalogProduct>();
  const variants = new Map<number, CatalogVariant>();
  const shared = new SharedTexts();
  let batches = 0;
  for (let after = 0; ; ) {
    const productRows = await db.query<ProductRow>("select * from products where id > $1 order by id limit $2", [after, LOAD_BATCH]);
    if (!productRows.length) break;
    const first = productRows[0]!.id;
    after = productRows[productRows.length - 1]!.id;
    const variantRows = await db.query<VariantRow>("select * from variants where product_id between $1 and $2 order by product_id, position", [first, after]);
    const imageRows = await db.query<ImageRow>("select * from product_images where product_id between $1 and $2 order by product_id, position", [first, after]);
    addProducts(productRows, variantRows, imageRows, { products, productsByHandle, variants }, shared);
    // The batch's rows are garbage now: V8 is asked to collect them alongside the next batches, so they do not pile up.
    if (++batches % COLLECT_EVERY === 0) collectGarbage("async");
    if (productRows.length < LOAD_BATCH) break;
  }
  // Opening a large catalogue: the batches' garbage is given back before the collections' and memberships' rows are read on top of it.
  if (opening && batches >= COLLECT_EVERY) collectGarbage("sync", "last-resort");
  // The uploaded pictures' details, not their bytes.
  const pictureRows = await db.query<{ id: number; product_id: number; position: number; alt: string; width: number; height: number; content_hash: string; variant_id: number | null }>(
    "select id, product_id, position, alt, width, height, content_hash, variant_id from product_pictures order by product_id, position, id",
  );
  // A product with uploaded pictures shows them instead of its generated art; a variant shows the first picture chosen for it.
  const uploaded = new Set<number>();
  for (const row of pictureRows) {
    const product = products.get(row.product_id);
    if (!product) continue;
    if (!uploaded.has(product.id)) {
      uploaded.add(product.id);
      product.images = [];
      for (const variant of product.variants) variant.imageId = null;
    }
    const variantIds = row.variant_id === null ? [] : [row.variant_id];
    product.images.push({ id: row.id, productId: row.product_id, position: product.images.length + 1, alt: row.alt, width: row.width, height: row.height, src: pictureSrc(row.content_hash), variantIds, art: {} });
    const variant = product.variants.find((candidate) => candidate.id === row.variant_id);
    if (variant && variant.imageId === null) variant.imageId = row.id;
  }
  await addReviewSummaries(db, products);
  await addSellingPlans(db, products);
  const collectionRows = await db.query<{
    id: number;
    handle: string;
    title: string;
    body_html: string;
    sort_order: string;
    hidden: boolean;
    published_at: Date | string;
    updated_at: Date | string;
  }>("select * from collections order by id");
  const membershipRows = await db.query<{ collection_id: number; product_id: number }>(
    "select collection_id, product_id from collection_products order by collection_id, position",
  );
  const menuRows = await db.query<{ handle: string; items: MenuItem[] }>("select handle, items from menus");
  const translations = await loadTranslations(db);

  const collections = new Map<string, CatalogCollection>();
  const collectionsById = new Map<number, CatalogCollection>();
  for (const row of collectionRows) {
    const collection: CatalogCollection = {
      id: row.id,
      handle: row.handle,
      title: row.title,
      bodyHtml: row.body_html,
      sortOrder: row.sort_order,
      hidden: row.hidden,
      publishedAt: shared.text(iso(row.published_at)),
      updatedAt: shared.text(iso(row.updated_at)),
      productIds: [],
    };
    collections.set(collection.handle, collection);
    collectionsById.set(collection.id, collection);
  }
  for (const row of membershipRows) {
    collectionsById.get(row.collection_id)?.productIds.push(row.product_id);
    products.get(row.product_id)?.collectionIds.push(row.collection_id);
  }
  // Filled in place above; from here on they are only read, so equal ones are held once.
  for (const product of products.values()) {
    // Lists grown one push at a time keep spare room; a copy is exactly their size.
    product.images = product.images.slice();
    product.variants = product.variants.slice();
    product.metafields = shared.parts(product.metafields);
    product.collectionIds = shared.value(product.collectionIds.slice());
    if (!product.sellingPlanGroups.length) product.sellingPlanGroups = shared.value(product.sellingPlanGroups);
  }
  for (const collection of collectionsById.values()) collection.productIds = collection.productIds.slice();
  return {
    revision: meta?.revision ?? 0,
    inventoryRevision: meta?.inventory_revision ?? 0,
    products,
    productsByHandle,
    variants,
    collections,
    collectionsById,
    menus: new Map(menuRows.map((row) => [row.handle, row.items])),
    translations,
  };
}

/**
 * Each product's rating (`metafields.custom.reviews`: average, count, count
 * per star) from its approved reviews only, so cards, sorting, JSON-LD and
 * the product page read one figure; a product without any has none, whatever
 * its stored metafields say.
 */
async function addReviewSummaries(db: Queryable, products: Map<number, CatalogProduct>): Promise<void> {
  const rows = await db.query<{ product_id: string | number; rating: number; count: number }>(
    "select product_id, rating, count(*)::int as count from product_reviews where status = 'approved' group by product_id, rating",
  );
  const counts = new Map<number, { rating: number; count: number }[]>();
  for (const row of rows) {
    const list = counts.get(Number(row.product_id)) ?? [];
    list.push({ rating: row.rating, count: row.count });
    counts.set(Number(row.product_id), list);
  }
  for (const product of products.values()) {
    const { reviews: stored, ...custom } = product.metafields.custom as Record<string, unknown>;
    const list = counts.get(product.id);
    if (!list && stored === undefined) continue;
    product.metafields.custom = (list ? { ...custom, reviews: summaryOfCounts(list) } : custom) as typeof product.metafields.custom;
  }
}

/** Each product's selling plan groups and their plans, in the merchant's order. */
async function addSellingPlans(db: Queryable, products: Map<number, CatalogProduct>): Promise<void> {
  const rows = await db.query<{
    group_id: string | number;
    product_id: string | number;
    key: string;
    name: string;
    option_name: string;
    plan_id: string | number | null;
    interval: PlanInterval | null;
    interval_count: number | null;
    adjustment_type: AdjustmentType | null;
    adjustment_value: number | null;
  }>(
    `select g.id as group_id, g.product_id, g.key, g.name, g.option_name, p.id as plan_id, p.interval, p.interval_count, p.adjustment_type, p.adjustment_value
       from selling_plan_groups g left join selling_plans p on p.group_id = g.id
      order by g.product_id, g.position, g.id, p.position, p.id`,
  );
  const groups = new Map<number, SellingPlanGroup>();
  for (const row of rows) {
    const product = products.get(Number(row.product_id));
    if (!product) continue;
    let group = groups.get(Number(row.group_id));
    if (!group) {
      group = { id: Number(row.group_id), key: row.key, name: row.name, optionName: row.option_name, plans: [] };
      groups.set(group.id, group);
      product.sellingPlanGroups.push(group);
    }
    if (row.plan_id === null || row.interval === null || row.interval_count === null) continue;
    group.plans.push({
      id: Number(row.plan_id),
      interval: row.interval,
      intervalCount: row.interval_count,
      adjustment: row.adjustment_type === null || row.adjustment_value === null ? null : { type: row.adjustment_type, value: row.adjustment_value },
    });
  }
}

/**
 * Keeps the catalog in memory and reloads it when the database's catalog
 * revision moves, checking at most once per `checkEveryMs`. Stock shown on
 * pages may lag by that interval; cart and order decisions read stock from
 * the database inside their own transaction.
 */
export class CatalogStore {
  private readonly db: Database;
  private readonly checkEveryMs: number;
  private readonly onLoad: ((catalog: Catalog) => void) | undefined;
  private current: Catalog | null = null;
  private loading: Promise<Catalog> | null = null;
  private checkedAt = 0;
  /** Whether a catalog was ever loaded: only the first load is the opening. */
  private opened = false;

  /** `onLoad` runs after each full load, off the request that caused it (index warm-up). */
  constructor(db: Database, checkEveryMs = 1000, onLoad?: (catalog: Catalog) => void) {
    this.db = db;
    this.checkEveryMs = checkEveryMs;
    this.onLoad = onLoad;
  }

  async get(): Promise<Catalog> {
    const now = Date.now();
    if (this.current && now - this.checkedAt < this.checkEveryMs) return this.current;
    if (this.loading) return this.loading;
    this.loading = this.refresh(now)
      .catch((error: unknown) => {
        // While the database is out of reach, the catalog last read keeps the shop browsable; the next check tries again.
        if (!this.current || !isDatabaseUnavailable(error)) throw error;
        this.checkedAt = now;
        return this.current;
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }

  /** The catalog as last loaded, without checking for a newer one; null before the first load. */
  get latest(): Catalog | null {
    return this.current;
  }

  /** Forgets the cached catalog so the next read loads it again. */
  invalidate(): void {
    this.checkedAt = 0;
    this.current = null;
  }

  /** The revision, and the rows it labels, are read in one snapshot (of the read replica when there is one). */
  private async refresh(now: number): Promise<Catalog> {
    const current = this.current;
    const loaded = await this.db.snapshot(async (q) => {
      if (current) {
        const [meta] = await q.query<{ revision: number; inventory_revision: number }>("select revision, inventory_revision from catalog_meta where id = 1");
        if (meta && meta.revision === current.revision) {
          if (meta.inventory_revision !== current.inventoryRevision) await refreshStock(q, current, meta.inventory_revision);
          return null;
        }
      }
      return loadCatalog(q, !this.opened);
    });
    if (!loaded) {
      this.checkedAt = now;
      return current!;
    }
    // The first load is the server opening, before any shopper waits on it: what the load left is collected
    // at once, and the memory it took given back, before the indexes are built on top of it (a reload while
    // serving leaves that to V8). A plain full collection frees the garbage but keeps its pages.
    if (!this.opened) collectGarbage("sync", "last-resort");
    this.opened = true;
    this.current = loaded;
    this.checkedAt = now;
    if (this.onLoad) setImmediate(() => this.onLoad?.(loaded));
    return loaded;
  }
}

/** Marks stock changed so every server refreshes its quantities. Call inside the transaction that changed it. */
export async function bumpInventoryRevision(tx: Queryable): Promise<void> {
  await tx.query("update catalog_meta set inventory_revision = inventory_revision + 1 where id = 1");
}

/** Marks the catalog changed so every server reloads it. Call inside the transaction that changed it. */
export async function bumpCatalogRevision(tx: Queryable): Promise<void> {
  await tx.query("update catalog_meta set revision = revision + 1 where id = 1");
}

/** Stock-only refresh: the cached variants take the database's current quantities. */
async function refreshStock(q: Queryable, catalog: Catalog, inventoryRevision: number): Promise<void> {
  const rows = await q.query<{ id: number; inventory_quantity: number }>("select id, inventory_quantity from variants");
  for (const row of rows) {
    const variant = catalog.variants.get(row.id);
    if (variant) variant.inventoryQuantity = row.inventory_quantity;
  }
  catalog.inventoryRevision = inventoryRevision;
}
