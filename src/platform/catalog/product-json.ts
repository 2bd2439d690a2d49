import { sellingPlanGroupJson, variantAllocationsJson } from "../../core/subscriptions/selling-plan-json.ts";
import { plainText } from "../content/sanitize.ts";
import { decimalAmount } from "../../core/money/money.ts";
import type {
  CollectionJson,
  CollectionRef,
  FeaturedImageJson,
  ImageJson,
  MediaJson,
  VariantMediaJson,
  ProductJson,
  ProductViewJson,
  VariantJson,
} from "../../core/contract/shopify-types.ts";
import {
  type Catalog,
  type CatalogCollection,
  type CatalogImage,
  type CatalogProduct,
  type CatalogVariant,
  everySiteCatalog,
  hasOnlyDefaultVariant,
  isVariantAvailable,
  variantName,
} from "./catalog.ts";

export function imageJson(image: CatalogImage): ImageJson {
  return {
    id: image.id,
    product_id: image.productId,
    position: image.position,
    alt: image.alt || null,
    width: image.width,
    height: image.height,
    src: image.src,
    variant_ids: image.variantIds,
  };
}

export function featuredImageJson(image: CatalogImage | undefined): FeaturedImageJson {
  if (!image) return { aspect_ratio: 1, alt: null, height: 0, url: "", width: 0 };
  return {
    aspect_ratio: round3(image.width / image.height),
    alt: image.alt || null,
    height: image.height,
    url: image.src,
    width: image.width,
  };
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

export function variantImage(product: CatalogProduct, variant: CatalogVariant): CatalogImage | undefined {
  return product.images.find((image) => image.id === variant.imageId) ?? product.images[0];
}

function variantOptions(variant: CatalogVariant): string[] {
  return [variant.option1, variant.option2, variant.option3].filter((value): value is string => value !== null);
}

export function variantJson(product: CatalogProduct, variant: CatalogVariant): VariantJson {
  const image = variant.imageId === null ? undefined : product.images.find((candidate) => candidate.id === variant.imageId);
  const defaultOnly = hasOnlyDefaultVariant(product);
  return {
    id: variant.id,
    title: variant.title,
    option1: variant.option1,
    option2: variant.option2,
    option3: variant.option3,
    sku: variant.sku,
    requires_shipping: variant.requiresShipping,
    taxable: variant.taxable,
    featured_image: image ? imageJson(image) : null,
    available: isVariantAvailable(variant),
    name: variantName(product, variant),
    public_title: defaultOnly ? null : variant.title,
    options: variantOptions(variant),
    price: variant.price,
    weight: variant.grams,
    compare_at_price: variant.compareAtPrice,
    inventory_management: variant.inventoryManagement,
    inventory_policy: variant.inventoryPolicy,
    inventory_quantity: variant.inventoryQuantity,
    barcode: variant.barcode,
    requires_selling_plan: false,
    selling_plan_allocations: variantAllocationsJson(product.sellingPlanGroups, variant.price),
    quantity_rule: { min: 1, max: null, increment: 1 },
    // The variant's own picture as the product's media list names it; none without one, as Shopify's `.js` does.
    featured_media: image ? variantMediaJson(image) : null,
  };
}

function variantMediaJson(image: CatalogImage): VariantMediaJson {
  const { alt, id, position, preview_image } = mediaJson(image);
  return { alt, id, position, preview_image };
}

function mediaJson(image: CatalogImage): MediaJson {
  const aspect = round3(image.width / image.height);
  return {
    alt: image.alt || null,
    id: image.id,
    position: image.position,
    preview_image: { aspect_ratio: aspect, height: image.height, width: image.width, src: image.src },
    aspect_ratio: aspect,
    height: image.height,
    media_type: "image",
    src: image.src,
    width: image.width,
  };
}

/** The `/products/{handle}.js` shape. */
export function productJs(product: CatalogProduct): ProductJson {
  const prices = product.variants.map((variant) => variant.price);
  const compareAts = product.variants.map((variant) => variant.compareAtPrice ?? 0);
  const first = product.variants.find(isVariantAvailable) ?? product.variants[0];
  const priceMin = prices.length ? Math.min(...prices) : 0;
  const priceMax = prices.length ? Math.max(...prices) : 0;
  const compareMin = compareAts.length ? Math.min(...compareAts) : 0;
  const compareMax = compareAts.length ? Math.max(...compareAts) : 0;
  const options = hasOnlyDefaultVariant(product)
    ? [{ name: "Title", position: 1, values: ["Default Title"] }]
    : product.options.map((option, index) => ({ name: option.name, position: index + 1, values: option.values }));
  return {
    id: product.id,
    title: product.title,
    handle: product.handle,
    description: product.bodyHtml,
    published_at: product.createdAt,
    created_at: product.createdAt,
    vendor: product.vendor,
    type: product.productType,
    tags: product.tags,
    price: priceMin,
    price_min: priceMin,
    price_max: priceMax,
    available: product.variants.some(isVariantAvailable),
    price_varies: priceMin !== priceMax,
    compare_at_price: first?.compareAtPrice ?? null,
    compare_at_price_min: compareMin,
    compare_at_price_max: compareMax,
    compare_at_price_varies: compareMin !== compareMax,
    variants: product.variants.map((variant) => variantJson(product, variant)),
    images: product.images.map((image) => image.src),
    featured_image: product.images[0]?.src ?? null,
    options,
    url: `/products/${product.handle}`,
    media: product.images.map(mediaJson),
    requires_selling_plan: false,
    selling_plan_groups: product.sellingPlanGroups.map(sellingPlanGroupJson),
  };
}

export function collectionRefs(product: CatalogProduct, catalog: Catalog): CollectionRef[] {
  return product.collectionIds
    .map((id) => catalog.collectionsById.get(id))
    .filter((collection): collection is CatalogCollection => collection !== undefined)
    .map((collection) => ({ id: collection.id, handle: collection.handle, title: collection.title }));
}

/** The `/products/{handle}?view=json` shape the theme reads. */
export function productViewJson(product: CatalogProduct, catalog: Catalog): ProductViewJson {
  const js = productJs(product);
  return {
    product: js,
    metafields: product.metafields.custom,
    metafields_ffc_app: product.metafields.ffc_app,
    metafields_bundle: product.metafields.bundle,
    metafields_vitals: product.metafields.vitals,
    options: js.options,
    collections: collectionRefs(product, catalog),
  };
}

const decimal = (minor: number | null) => (minor === null ? null : decimalAmount(minor));

/** The REST-like `/products/{handle}.json` shape: decimal-string prices in the site's `currency`, comma-joined tags. */
export function productRestJson(product: CatalogProduct, currency: string) {
  const options = hasOnlyDefaultVariant(product) ? [{ name: "Title", values: ["Default Title"] }] : product.options;
  return {
    id: product.id,
    title: product.title,
    body_html: product.bodyHtml,
    vendor: product.vendor,
    product_type: product.productType,
    created_at: product.createdAt,
    handle: product.handle,
    updated_at: product.updatedAt,
    published_at: product.createdAt,
    template_suffix: null,
    published_scope: "web",
    tags: product.tags.join(", "),
    variants: product.variants.map((variant) => ({
      id: variant.id,
      product_id: product.id,
      title: variant.title,
      price: decimal(variant.price),
      sku: variant.sku,
      position: variant.position,
      compare_at_price: decimal(variant.compareAtPrice),
      fulfillment_service: "manual",
      inventory_management: variant.inventoryManagement,
      option1: variant.option1,
      option2: variant.option2,
      option3: variant.option3,
      created_at: product.createdAt,
      updated_at: product.updatedAt,
      taxable: variant.taxable,
      barcode: variant.barcode,
      grams: variant.grams,
      image_id: variant.imageId,
      weight: variant.grams / 1000,
      weight_unit: "kg",
      requires_shipping: variant.requiresShipping,
      quantity_rule: { min: 1, max: null, increment: 1 },
      price_currency: currency,
      compare_at_price_currency: variant.compareAtPrice === null ? "" : currency,
      quantity_price_breaks: [],
    })),
    options: options.map((option, index) => ({
      id: product.id * 10 + index + 1,
      product_id: product.id,
      name: option.name,
      position: index + 1,
      values: option.values,
    })),
    images: product.images.map((image) => ({
      ...imageJson(image),
      created_at: product.createdAt,
      updated_at: product.updatedAt,
    })),
    image: product.images[0] ? { ...imageJson(product.images[0]), created_at: product.createdAt, updated_at: product.updatedAt } : null,
    // Shopify's `.json` has no selling plans; clients of this shop read the same groups as `.js` answers.
    selling_plan_groups: product.sellingPlanGroups.map(sellingPlanGroupJson),
  };
}

/** One product of `/products.json` and `/collections/{handle}/products.json`. */
export function productListJson(product: CatalogProduct) {
  return {
    id: product.id,
    title: product.title,
    handle: product.handle,
    body_html: product.bodyHtml,
    published_at: product.createdAt,
    created_at: product.createdAt,
    updated_at: product.updatedAt,
    vendor: product.vendor,
    product_type: product.productType,
    tags: product.tags,
    variants: product.variants.map((variant) => {
      const image = variant.imageId === null ? undefined : product.images.find((candidate) => candidate.id === variant.imageId);
      return {
        id: variant.id,
        title: variant.title,
        option1: variant.option1,
        option2: variant.option2,
        option3: variant.option3,
        sku: variant.sku,
        requires_shipping: variant.requiresShipping,
        taxable: variant.taxable,
        featured_image: image ? imageJson(image) : null,
        available: isVariantAvailable(variant),
        price: decimal(variant.price),
        grams: variant.grams,
        compare_at_price: decimal(variant.compareAtPrice),
        position: variant.position,
        product_id: product.id,
        created_at: product.createdAt,
        updated_at: product.updatedAt,
      };
    }),
    images: product.images.map((image) => ({ ...imageJson(image), created_at: product.createdAt, updated_at: product.updatedAt })),
    options: (hasOnlyDefaultVariant(product) ? [{ name: "Title", values: ["Default Title"] }] : product.options).map((option, index) => ({
      name: option.name,
      position: index + 1,
      values: option.values,
    })),
  };
}

export function collectionJson(collection: CatalogCollection, catalog: Catalog): CollectionJson {
  // Publishing is the same on every site: read from the base catalogue, no site product derived for it.
  const everySite = everySiteCatalog(catalog);
  const visible = collection.productIds.filter((id) => everySite.products.get(id)?.published);
  const firstProduct = visible.length ? catalog.products.get(visible[0] as number) : undefined;
  const image = firstProduct?.images[0];
  return {
    id: collection.id,
    handle: collection.handle,
    title: collection.title,
    description: collection.bodyHtml,
    published_at: collection.publishedAt,
    updated_at: collection.updatedAt,
    image: image ? { id: image.id, src: image.src, alt: image.alt || null, width: image.width, height: image.height } : null,
    products_count: visible.length,
  };
}

/**
 * Shopify's oEmbed answer for a product (`/products/{handle}.oembed`): a link
 * card naming the product, its maker and each variant as an offer, with
 * absolute addresses (`url` is the product page's, on its site).
 */
export function productOembed(product: CatalogProduct, context: { url: string; shopUrl: string; provider: string; currency: string }) {
  const image = product.images[0];
  return {
    product_id: product.handle,
    title: product.title,
    description: plainText(product.bodyHtml),
    brand: product.vendor,
    offers: product.variants.map((variant) => ({
      title: variant.title,
      offer_id: variant.id,
      sku: variant.sku || null,
      price: decimalAmount(variant.price),
      currency_code: context.currency,
      in_stock: isVariantAvailable(variant),
    })),
    ...(image ? { thumbnail_url: new URL(image.src, context.shopUrl).toString() } : {}),
    url: context.url,
    provider: context.provider,
    version: "1.0",
    type: "link",
  };
}
