/**
 * The catalog as one site sells it: every price in the site's currency (the
 * merchant's fixed price for the site where there is one, else the base price
 * converted and rounded by the site's rule), fixed bundle savings converted,
 * and everything else shared with the base catalog. Stock is read through to
 * the base catalog's variants, so a stock refresh reaches every site at once.
 */
import { adjustmentInCurrency } from "../../core/subscriptions/selling-plans.ts";
import { toMajorUnits, toMinorUnits } from "../../core/money/money.ts";
import { type SitePricing, priceForSite, convertPrice, thresholdForSite } from "../../core/sites/site-prices.ts";
import { RecentMap } from "../../core/common/recent-map.ts";
import type { Database } from "../db/database.ts";
import { type Catalog, type CatalogCollection, type CatalogProduct, type CatalogStore, type CatalogVariant, type SiteView, variantCopy } from "./catalog.ts";
import { type LocaleTranslations, translateCollection, translateMenu, translateProduct, translationKey } from "./translations.ts";

/** Where services read the catalog from: the base store or one site's. */
export interface CatalogSource {
  get(): Promise<Catalog>;
}

export interface FixedPrice {
  price: number;
  compareAtPrice: number | null;
}

interface SiteForCatalog extends SitePricing {
  code: string;
  /** The site's locale ("fr-FR"): its catalogue speaks that locale's translations where there are some. */
  language?: string;
}

/** A variant on a site: its price and compare-at price for the site; stock stays the base variant's. */
function siteVariant(base: CatalogVariant, site: SitePricing, fixed: FixedPrice | undefined): CatalogVariant {
  const price = priceForSite(base.price, site, fixed?.price ?? null);
  const compareAt = fixed ? fixed.compareAtPrice : base.compareAtPrice === null ? null : convertPrice(base.compareAtPrice, site);
  return variantCopy(base, { price, compareAtPrice: compareAt !== null && compareAt > price ? compareAt : null });
}

/** A product's bundle metafields with a fixed saving (whole units) in the site's currency. */
function siteMetafields(product: CatalogProduct, site: SitePricing): CatalogProduct["metafields"] {
  const { bundle } = product.metafields;
  if (bundle.discountType !== "fixed" || typeof bundle.discountAmount !== "number") return product.metafields;
  return { ...product.metafields, bundle: { ...bundle, discountAmount: toMajorUnits(thresholdForSite(toMinorUnits(bundle.discountAmount), site)) } };
}

/** Selling plans with fixed amounts and set prices in the site's currency (converted as prices are); percentages stay. */
function sitePlanGroups(product: CatalogProduct, site: SitePricing): CatalogProduct["sellingPlanGroups"] {
  if (!product.sellingPlanGroups.length) return product.sellingPlanGroups;
  const convert = (minor: number) => convertPrice(minor, site);
  return product.sellingPlanGroups.map((group) => ({ ...group, plans: group.plans.map((plan) => ({ ...plan, adjustment: adjustmentInCurrency(plan.adjustment, convert) })) }));
}

/** How many of a site's products are kept once derived, the most recently asked for: a few pages' worth, never the whole catalogue. */
export const KEPT_SITE_PRODUCTS = 2000;

/** Each value of `from` as `derive` makes it, one at a time. */
function* derived<A, B>(from: Iterable<A>, derive: (value: A) => B): MapIterator<B> {
  for (const value of from) yield derive(value);
}

/**
 * A map read through to one of the base catalogue's: the same keys, each
 * value the site's own, derived when asked for. Nothing of the base is
 * copied, so a site's catalogue costs what its recent products take.
 */
class ReadThroughMap<K, B, V> extends Map<K, V> {
  private readonly from: ReadonlyMap<K, B>;
  private readonly derive: (value: B, keep: boolean) => V;

  constructor(from: ReadonlyMap<K, B>, derive: (value: B, keep: boolean) => V) {
    super();
    this.from = from;
    this.derive = derive;
  }

  override get(key: K): V | undefined {
    const value = this.from.get(key);
    return value === undefined ? undefined : this.derive(value, true);
  }

  override has(key: K): boolean {
    return this.from.has(key);
  }

  override get size(): number {
    return this.from.size;
  }

  override keys(): MapIterator<K> {
    return this.from.keys();
  }

  // A walk through every value keeps none of them: it would push out the products pages asked for.
  override values(): MapIterator<V> {
    return derived(this.from.values(), (value) => this.derive(value, false));
  }

  override entries(): MapIterator<[K, V]> {
    return derived(this.from.entries(), ([key, value]) => [key, this.derive(value, false)]);
  }

  override [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  override forEach(callback: (value: V, key: K, map: Map<K, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }

  override set(): this {
    throw new TypeError("a site's catalogue is read-only");
  }

  override delete(): boolean {
    throw new TypeError("a site's catalogue is read-only");
  }

  override clear(): void {
    throw new TypeError("a site's catalogue is read-only");
  }
}

/**
 * The catalog as `site` sells it, read through to `base`: each product is
 * derived (prices, translated words) when asked for, and the last
 * `KEPT_SITE_PRODUCTS` asked for are kept, so asking twice gives the same object.
 */
export function deriveSiteCatalog(base: Catalog, site: SitePricing & { language?: string }, fixedPrices: ReadonlyMap<number, FixedPrice>): Catalog {
  const texts = site.language ? base.translations.get(site.language) : undefined;
  const recent = new RecentMap<number, CatalogProduct>(KEPT_SITE_PRODUCTS);
  const derive = (original: CatalogProduct): CatalogProduct => {
    const product = texts ? translateProduct(original, texts) : original;
    const siteVariants = product.variants.map((variant) => siteVariant(variant, site, fixedPrices.get(variant.id)));
    return { ...product, variants: siteVariants, metafields: siteMetafields(product, site), sellingPlanGroups: sitePlanGroups(product, site) };
  };
  const view: SiteView = {
    base,
    product(original, keep) {
      const known = keep ? recent.get(original.id) : recent.peek(original.id);
      if (known) return known;
      const product = derive(original);
      if (keep) recent.set(original.id, product);
      return product;
    },
    price: (variant) => priceForSite(variant.price, site, fixedPrices.get(variant.id)?.price ?? null),
    title: (product) => (texts?.get(translationKey("product", product.handle, "title")) ?? product.title),
    translated: texts !== undefined,
  };
  const products = new ReadThroughMap(base.products, view.product);
  const productsByHandle = new ReadThroughMap(base.productsByHandle, view.product);
  // A variant is its product's: the product is derived, and the variant found in it.
  const variants = new ReadThroughMap(base.variants, (variant: CatalogVariant, keep) => {
    const product = view.product(base.products.get(variant.productId)!, keep);
    return product.variants.find((candidate) => candidate.id === variant.id)!;
  });
  const catalog: Catalog = { ...base, products, productsByHandle, variants, ...(texts ? translatedCollections(base, texts) : {}), site: view };
  Object.defineProperty(catalog, "inventoryRevision", { get: () => base.inventoryRevision, enumerable: true });
  return catalog;
}

/** Collections and menus in the locale's words; untranslated ones are the base's own objects. */
function translatedCollections(base: Catalog, texts: LocaleTranslations): Pick<Catalog, "collections" | "collectionsById" | "menus"> {
  const collections = new Map<string, CatalogCollection>();
  const collectionsById = new Map<number, CatalogCollection>();
  for (const collection of base.collectionsById.values()) {
    const translated = translateCollection(collection, texts);
    collections.set(translated.handle, translated);
    collectionsById.set(translated.id, translated);
  }
  const menus = new Map([...base.menus].map(([handle, items]) => [handle, translateMenu(handle, items, texts)]));
  return { collections, collectionsById, menus };
}

/**
 * One site's catalog, derived once per base catalog (a new revision, with
 * the fixed prices read again) and shared by every request on the site.
 */
export class SiteCatalogStore implements CatalogSource {
  private derived: { from: Catalog; catalog: Catalog } | null = null;
  private loading: { from: Catalog; promise: Promise<Catalog> } | null = null;

  private readonly base: CatalogStore;
  private readonly db: Database;
  private readonly site: SiteForCatalog;

  constructor(base: CatalogStore, db: Database, site: SiteForCatalog) {
    this.base = base;
    this.db = db;
    this.site = site;
  }

  async get(): Promise<Catalog> {
    const base = await this.base.get();
    if (this.derived?.from === base) return this.derived.catalog;
    if (this.loading?.from === base) return this.loading.promise;
    const promise = this.fixedPrices().then((fixed) => {
      const catalog = deriveSiteCatalog(base, this.site, fixed);
      this.derived = { from: base, catalog };
      return catalog;
    });
    this.loading = { from: base, promise };
    try {
      return await promise;
    } finally {
      if (this.loading?.promise === promise) this.loading = null;
    }
  }

  private async fixedPrices(): Promise<Map<number, FixedPrice>> {
    const rows = await this.db.query<{ variant_id: number | string; price: number | string; compare_at_price: number | string | null }>(
      "select variant_id, price, compare_at_price from variant_site_prices where site_code = $1",
      [this.site.code],
    );
    return new Map(
      rows.map((row) => [Number(row.variant_id), { price: Number(row.price), compareAtPrice: row.compare_at_price === null ? null : Number(row.compare_at_price) }]),
    );
  }
}
