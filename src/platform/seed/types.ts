import type { PlanInterval, PriceAdjustment } from "../../core/subscriptions/selling-plans.ts";
import type { BundleMetafields, FfcAppMetafields, MenuItem, ProductMetafields, ProductVitals } from "../../core/contract/shopify-types.ts";
import type { PageInput, PolicyHandle } from "../../core/content/content.ts";

/** How a product's generated picture looks: a container shape in the product's colours. */
export interface ProductArt {
  shape: "bottle" | "dropper" | "pump" | "jar" | "tube" | "spray" | "box" | "sachet" | "card";
  /** Container colour, CSS hex. */
  color: string;
  /** Background colour, CSS hex. */
  background: string;
  /** Short word printed on the label. */
  label: string;
}

export interface SeedVariant {
  /** Option values in the order of the product's options; empty for a product without options. */
  options: string[];
  sku: string;
  /** Minor units. */
  price: number;
  compareAtPrice?: number;
  grams: number;
  /** null: the platform does not track stock for this variant. */
  inventoryManagement: "shopify" | null;
  inventoryPolicy: "deny" | "continue";
  inventoryQuantity: number;
  requiresShipping?: boolean;
  taxable?: boolean;
  /** 0-based index into the product's images shown when this variant is chosen. */
  imageIndex?: number;
  /** The merchant's fixed prices on other sites, by site code, minor units of the site's currency. */
  sitePrices?: Record<string, { price: number; compareAtPrice?: number }>;
}

export interface SeedProduct {
  handle: string;
  title: string;
  vendor: string;
  productType: string;
  tags: string[];
  /** HTML. */
  description: string;
  options: { name: string; values: string[] }[];
  variants: SeedVariant[];
  /** One art entry per image; at least one. */
  images: ProductArt[];
  /** Collection handles this product belongs to (besides `all`, which holds every visible product). */
  collections: string[];
  metafields?: {
    custom?: ProductMetafields;
    ffc_app?: FfcAppMetafields;
    bundle?: BundleMetafields;
    vitals?: ProductVitals;
  };
  /** Reviews shoppers wrote, seeded as approved: the product's stars come from them. */
  reviews?: SeedReview[];
  /** Days before the seed date the product was created; drives "newest" sorting. */
  createdDaysAgo?: number;
  published?: boolean;
}

export interface SeedCollection {
  handle: string;
  title: string;
  description: string;
  /** Hidden collections (samples, gifts) are not listed for browsing. */
  hidden?: boolean;
  sortOrder?: "manual" | "best-selling" | "created-desc" | "price-asc";
}

export interface SeedDiscount {
  /** Matched without regard to case. */
  code: string;
  title: string;
  valueType: "percentage" | "fixed_amount";
  /** percentage: percent off; fixed_amount: minor units off. */
  value: number;
  /** Minor units the cart's paid items must reach; 0 by default. */
  minimumSubtotal?: number;
  /** A fixed amount's value and minimum in other currencies, minor units by currency code; others are converted. */
  currencyValues?: Record<string, { value: number; minimumSubtotal: number }>;
  /** ISO timestamps; open-ended when left out. */
  startsAt?: string;
  endsAt?: string;
  enabled?: boolean;
}

export interface SeedCatalog {
  products: SeedProduct[];
  collections: SeedCollection[];
  menus: Record<string, MenuItem[]>;
  /** Discount codes; when given they replace the shop's codes, when left out the codes stay as they are. */
  discounts?: SeedDiscount[];
  /** The catalogue's words per locale ("fr-FR"); a field left out shows the original. */
  translations?: Record<string, SeedTranslations>;
  /** Subscribe and save: selling plan groups by product handle. */
  sellingPlanGroups?: Record<string, SeedSellingPlanGroup[]>;
}

export interface SeedSellingPlanGroup {
  name: string;
  plans: { interval: PlanInterval; intervalCount: number; adjustment: PriceAdjustment | null }[];
}

/** One locale's words for the catalogue, by handle; options by their original name, values by their original text. */
export interface SeedTranslations {
  products: Record<string, { title?: string; body_html?: string; options?: Record<string, { name?: string; values?: Record<string, string> }> }>;
  collections: Record<string, { title?: string; body_html?: string }>;
  /** Menu labels by menu handle, then by original label. */
  menus: Record<string, Record<string, string>>;
  /** Selling plan groups' names by original name ("Subscribe and save"), for every product offering one. */
  sellingPlanGroups?: Record<string, string>;
  /** Card badges, 'helps with' points and builder pills by original text, for every product showing each. */
  badges?: Record<string, string>;
  helpsWith?: Record<string, string>;
  pills?: Record<string, string>;
}

/** A page of the shop's content; its HTML is sanitised when it is saved. */
export type SeedPage = PageInput;

/** A journal article; `imageProduct` is the handle of a product whose picture heads it. */
export interface SeedArticle {
  handle: string;
  title: string;
  author: string;
  /** Days before the seed date it was published. */
  publishedDaysAgo: number;
  excerpt: string;
  bodyHtml: string;
  tags: string[];
  imageProduct?: string;
  seoDescription?: string;
}

export interface SeedPolicy {
  handle: PolicyHandle;
  title: string;
  bodyHtml: string;
}

export interface SeedContent {
  pages: SeedPage[];
  blog: { handle: string; title: string; description: string; articles: SeedArticle[] };
  policies: SeedPolicy[];
  /** The content in other languages, by locale ("fr-FR"); a field left out shows the original. */
  translations?: Record<string, SeedContentTranslations>;
}

/** One language's words for the content, by handle: fields as the translations table names them (`title`, `body_html`, `seo_title`…). */
export interface SeedContentTranslations {
  pages: Record<string, Record<string, string>>;
  policies: Record<string, Record<string, string>>;
  blog: Record<string, string>;
  /** The blog's articles, by article handle. */
  articles: Record<string, Record<string, string>>;
  /** The settings' shopper-facing texts: by place in the settings, then by the original each translates. */
  settings?: SeedSettingsTranslations;
}

/** Settings texts' translations: place ("announcementBar.messages[].text") → original → translation. */
export type SeedSettingsTranslations = Record<string, Record<string, string>>;

/** A review seeded as approved (a shopper's words, as the shop would have received them). */
export interface SeedReview {
  rating: 1 | 2 | 3 | 4 | 5;
  title: string;
  body: string;
  /** As shown: first name and initial. */
  author: string;
  skinType?: "dry" | "oily" | "combination" | "normal" | "sensitive";
  concern?: "dryness" | "breakouts" | "redness" | "dullness" | "fine-lines" | "dark-spots" | "pores";
  verifiedBuyer?: boolean;
  daysAgo: number;
  /** The shop's public reply. */
  reply?: string;
}
