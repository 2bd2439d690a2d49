/** In-memory catalogs for the unit tests of the browse indexes (no database). */
import type { Catalog, CatalogCollection, CatalogProduct, CatalogVariant } from "./catalog.ts";

export interface FixtureProduct {
  id: number;
  title: string;
  tags?: string[];
  productType?: string;
  vendor?: string;
  /** Lowest first; one variant each. */
  prices?: number[];
  /** Stock of every variant; 0 sells it out. */
  stock?: number;
  reviews?: number;
  createdAt?: string;
  published?: boolean;
  variantTitles?: string[];
}

export function fixtureProduct(input: FixtureProduct): CatalogProduct {
  const prices = input.prices ?? [1000];
  const variants: CatalogVariant[] = prices.map((price, position) => ({
    id: input.id * 100 + position + 1,
    productId: input.id,
    position: position + 1,
    title: input.variantTitles?.[position] ?? "Default Title",
    option1: input.variantTitles?.[position] ?? "Default Title",
    option2: null,
    option3: null,
    sku: `SKU-${input.id}-${position + 1}`,
    barcode: "",
    price,
    compareAtPrice: null,
    grams: 100,
    taxable: true,
    requiresShipping: true,
    inventoryManagement: "shopify",
    inventoryPolicy: "deny",
    inventoryQuantity: input.stock ?? 10,
    imageId: null,
  }));
  return {
    id: input.id,
    handle: `product-${input.id}`,
    title: input.title,
    bodyHtml: `<p>${input.title}</p>`,
    vendor: input.vendor ?? "Fixture Botanics",
    productType: input.productType ?? "Serum",
    tags: input.tags ?? [],
    options: input.variantTitles ? [{ name: "Size", values: input.variantTitles }] : [],
    metafields: { custom: input.reviews === undefined ? {} : { reviews: { rating: 4.5, count: input.reviews } }, ffc_app: {}, bundle: {}, vitals: {} },
    published: input.published ?? true,
    createdAt: input.createdAt ?? "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    images: [],
    variants,
    collectionIds: [],
    sellingPlanGroups: [],
  };
}

/** A catalog of `products`; each collection lists product ids in its own order. */
export function fixtureCatalog(products: CatalogProduct[], collections: { handle: string; productIds: number[]; hidden?: boolean }[]): Catalog {
  const catalog: Catalog = {
    revision: 1,
    inventoryRevision: 1,
    products: new Map(products.map((product) => [product.id, product])),
    productsByHandle: new Map(products.map((product) => [product.handle, product])),
    variants: new Map(products.flatMap((product) => product.variants.map((variant) => [variant.id, variant] as const))),
    collections: new Map(),
    collectionsById: new Map(),
    menus: new Map(),
    translations: new Map(),
  };
  collections.forEach((input, index) => {
    const collection: CatalogCollection = {
      id: 1000 + index,
      handle: input.handle,
      title: input.handle,
      bodyHtml: "",
      sortOrder: "manual",
      hidden: input.hidden ?? false,
      publishedAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
      productIds: input.productIds,
    };
    catalog.collections.set(collection.handle, collection);
    catalog.collectionsById.set(collection.id, collection);
    for (const id of input.productIds) catalog.products.get(id)?.collectionIds.push(collection.id);
  });
  return catalog;
}
