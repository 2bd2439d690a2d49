import { pictureSrc } from "../../core/product-pictures.ts";
import type { BundleMetafields, FfcAppMetafields, MenuItem, ProductMetafields, ProductVitals } from "../../core/shopify-types.ts";
import { isDatabaseUnavailable } from "../db/database.ts";
import type { Database, Queryable } from "../db/database.ts";

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

export function variantName(product: CatalogProduct, variant: CatalogVariant): string {
  return hasOnlyDefaultVariant(product) ? product.title : `${product.title} - ${variant.title}`;
}

export function hasOnlyDefaultVariant(product: CatalogProduct): boolean {
  return product.options.length === 0 || (product.variants.length === 1 && product.variants[0]?.title === "Default Title");
}

interface ProductRow {
  id: number;
  handle: string;
  title: string;
  body_html: string;
  vendor: string;
  product_type: string;
  tags: string[];
  options: { name: string; values: string[] }[];
  metafields: Partial<ProductMetafieldGroups>;
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

export async function loadCatalog(db: Queryable): Promise<Catalog> {
  const [meta] = await db.query<{ revision: number; inventory_revision: number }>("select revision, inventory_revision from catalog_meta where id = 1");
  const productRows = await db.query<ProductRow>("select * from products order by id");
  const variantRows = await db.query<VariantRow>("select * from variants order by product_id, position");
  const imageRows = await db.query<{
    id: number;
    product_id: number;
    position: number;
    alt: string;
    width: number;
    height: number;
    src: string;
    variant_ids: number[];
    art: Record<string, unknown>;
  }>("select * from product_images order by product_id, position");
  // The uploaded pictures' details, not their bytes.
  const pictureRows = await db.query<{ id: number; product_id: number; position: number; alt: string; width: number; height: number; content_hash: string; variant_id: number | null }>(
    "select id, product_id, position, alt, width, height, content_hash, variant_id from product_pictures order by product_id, position, id",
  );
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

  const products = new Map<number, CatalogProduct>();
  const productsByHandle = new Map<string, CatalogProduct>();
  for (const row of productRows) {
    const product: CatalogProduct = {
      id: row.id,
      handle: row.handle,
      title: row.title,
      bodyHtml: row.body_html,
      vendor: row.vendor,
      productType: row.product_type,
      tags: row.tags,
      options: row.options,
      metafields: { custom: row.metafields.custom ?? {}, ffc_app: row.metafields.ffc_app ?? {}, bundle: row.metafields.bundle ?? {}, vitals: row.metafields.vitals ?? {} },
      published: row.published,
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
      images: [],
      variants: [],
      collectionIds: [],
    };
    products.set(product.id, product);
    productsByHandle.set(product.handle, product);
  }
  const variants = new Map<number, CatalogVariant>();
  for (const row of variantRows) {
    const variant = variantFromRow(row);
    variants.set(variant.id, variant);
    products.get(variant.productId)?.variants.push(variant);
  }
  for (const row of imageRows) {
    products.get(row.product_id)?.images.push({
      id: row.id,
      productId: row.product_id,
      position: row.position,
      alt: row.alt,
      width: row.width,
      height: row.height,
      src: row.src,
      variantIds: row.variant_ids,
      art: row.art,
    });
  }
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
      publishedAt: iso(row.published_at),
      updatedAt: iso(row.updated_at),
      productIds: [],
    };
    collections.set(collection.handle, collection);
    collectionsById.set(collection.id, collection);
  }
  for (const row of membershipRows) {
    collectionsById.get(row.collection_id)?.productIds.push(row.product_id);
    products.get(row.product_id)?.collectionIds.push(row.collection_id);
  }
  return {
    revision: meta?.revision ?? 0,
    inventoryRevision: meta?.inventory_revision ?? 0,
    products,
    productsByHandle,
    variants,
    collections,
    collectionsById,
    menus: new Map(menuRows.map((row) => [row.handle, row.items])),
  };
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

  /** Forgets the cached catalog so the next read loads it again. */
  invalidate(): void {
    this.checkedAt = 0;
    this.current = null;
  }

  private async refresh(now: number): Promise<Catalog> {
    if (this.current) {
      const [meta] = await this.db.query<{ revision: number; inventory_revision: number }>(
        "select revision, inventory_revision from catalog_meta where id = 1",
      );
      if (meta && meta.revision === this.current.revision) {
        if (meta.inventory_revision !== this.current.inventoryRevision) await this.refreshStock(this.current, meta.inventory_revision);
        this.checkedAt = now;
        return this.current;
      }
    }
    const loaded = await loadCatalog(this.db);
    this.current = loaded;
    this.checkedAt = now;
    if (this.onLoad) setImmediate(() => this.onLoad?.(loaded));
    return loaded;
  }

  /** Stock-only refresh: the cached variants take the database's current quantities. */
  private async refreshStock(catalog: Catalog, inventoryRevision: number): Promise<void> {
    const rows = await this.db.query<{ id: number; inventory_quantity: number }>("select id, inventory_quantity from variants");
    for (const row of rows) {
      const variant = catalog.variants.get(row.id);
      if (variant) variant.inventoryQuantity = row.inventory_quantity;
    }
    catalog.inventoryRevision = inventoryRevision;
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
