/**
 * Wire shapes of Shopify's storefront AJAX API, shared by the platform (which
 * produces them) and the theme (which reads them). Money is integer minor units
 * unless a field says otherwise.
 */
import type { DiscountCodeState } from "../checkout/discount-codes.ts";

export interface ImageJson {
  id: number;
  product_id: number;
  position: number;
  alt: string | null;
  width: number;
  height: number;
  src: string;
  variant_ids: number[];
}

export interface QuantityRule {
  min: number;
  max: number | null;
  increment: number;
}

export type InventoryPolicy = "deny" | "continue";

export interface VariantJson {
  id: number;
  title: string;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  sku: string;
  requires_shipping: boolean;
  taxable: boolean;
  featured_image: ImageJson | null;
  available: boolean;
  name: string;
  public_title: string | null;
  options: string[];
  price: number;
  weight: number;
  compare_at_price: number | null;
  inventory_management: "shopify" | null;
  /** Not in Shopify's public .js shape; this shop exposes stock rules to its own theme. */
  inventory_policy: InventoryPolicy;
  inventory_quantity: number;
  barcode: string;
  requires_selling_plan: boolean;
  selling_plan_allocations: VariantSellingPlanAllocationJson[];
  quantity_rule: QuantityRule;
  /** The variant's own picture, as the product's `media` names it; null without one. */
  featured_media: VariantMediaJson | null;
}

/** A variant's `featured_media` in the `.js` shape. */
export type VariantMediaJson = Pick<MediaJson, "alt" | "id" | "position" | "preview_image">;

export interface ProductOptionJson {
  name: string;
  position: number;
  values: string[];
}

export interface ProductJson {
  id: number;
  title: string;
  handle: string;
  description: string;
  published_at: string;
  created_at: string;
  vendor: string;
  type: string;
  tags: string[];
  price: number;
  price_min: number;
  price_max: number;
  available: boolean;
  price_varies: boolean;
  compare_at_price: number | null;
  compare_at_price_min: number;
  compare_at_price_max: number;
  compare_at_price_varies: boolean;
  variants: VariantJson[];
  images: string[];
  featured_image: string | null;
  options: ProductOptionJson[];
  url: string;
  media: MediaJson[];
  requires_selling_plan: boolean;
  selling_plan_groups: SellingPlanGroupJson[];
}

export interface MediaJson {
  alt: string | null;
  id: number;
  position: number;
  preview_image: { aspect_ratio: number; height: number; width: number; src: string };
  aspect_ratio: number;
  height: number;
  width: number;
  media_type: "image";
  src: string;
}

/** Metafields the theme reads, under the names the `?view=json` answer gives them. */
export interface ProductMetafields {
  checkout_upsell_items?: string[];
  product_cart_badges?: string[];
  /** The ingredients as an INCI list, as the merchant writes it. */
  ingredients?: string;
  /** The key ingredients, by their INCI names in the list: shown first. */
  key_ingredients?: string[];
  is_limited_to_one?: number;
  price_per_ml?: { amount_ml: number };
  helps_with?: string[];
  /** A kit's contents: products sold together as one item, each with how many of it the kit holds. */
  components?: { handle: string; quantity: number }[];
  [key: string]: unknown;
}

/**
 * What the builders read of a product (`metafields_vitals`): its routine step,
 * up to ten 'helps with' points, the skin options it answers in the
 * facial-oil quiz, and the pills on its builder card.
 */
export interface ProductVitals {
  routine_step?: string;
  helps_with_point_0?: string;
  helps_with_point_1?: string;
  helps_with_point_2?: string;
  helps_with_point_3?: string;
  helps_with_point_4?: string;
  helps_with_point_5?: string;
  helps_with_point_6?: string;
  helps_with_point_7?: string;
  helps_with_point_8?: string;
  helps_with_point_9?: string;
  skin_options?: string[];
  builder_pills?: string[];
  [key: string]: unknown;
}

export interface FfcAppMetafields {
  checkout_validation_limit?: number;
  free_gift_product?: boolean;
  [key: string]: unknown;
}

export interface BundleGroupDefinition {
  title: string;
  optional: boolean;
  products: string[];
}

export interface BundleMetafields {
  enabled?: boolean;
  type?: "preselected" | "multiselect" | "variants";
  title?: string;
  products?: string[];
  groups?: BundleGroupDefinition[];
  discountType?: "fixed" | "percent";
  discountAmount?: number;
  [key: string]: unknown;
}

export interface CollectionRef {
  id: number;
  handle: string;
  title: string;
}

/** The answer of `GET /products/{handle}?view=json`. */
export interface ProductViewJson {
  product: ProductJson;
  metafields: ProductMetafields;
  metafields_ffc_app: FfcAppMetafields;
  metafields_bundle: BundleMetafields;
  metafields_vitals: ProductVitals;
  options: ProductOptionJson[];
  collections: CollectionRef[];
}

export interface FeaturedImageJson {
  aspect_ratio: number;
  alt: string | null;
  height: number;
  url: string;
  width: number;
}

export interface DiscountAllocationJson {
  amount: number;
  discount_application: DiscountApplicationJson;
}

export interface DiscountApplicationJson {
  type: "automatic" | "discount_code" | "manual" | "script";
  key: string;
  title: string;
  description: string | null;
  value: string;
  created_at: string;
  value_type: "percentage" | "fixed_amount";
  allocation_method: "across" | "each";
  target_selection: "all" | "entitled" | "explicit";
  target_type: "line_item" | "shipping_line";
  total_allocated_amount: number;
}

export interface LineItemJson {
  id: number;
  properties: Record<string, string>;
  quantity: number;
  variant_id: number;
  key: string;
  title: string;
  price: number;
  original_price: number;
  discounted_price: number;
  line_price: number;
  original_line_price: number;
  total_discount: number;
  discounts: { amount: number; title: string }[];
  sku: string | null;
  grams: number;
  vendor: string;
  taxable: boolean;
  product_id: number;
  product_has_only_default_variant: boolean;
  gift_card: boolean;
  final_price: number;
  final_line_price: number;
  url: string;
  featured_image: FeaturedImageJson;
  image: string | null;
  handle: string;
  requires_shipping: boolean;
  product_type: string;
  product_title: string;
  product_description: string;
  variant_title: string | null;
  variant_options: string[];
  options_with_values: { name: string; value: string }[];
  line_level_discount_allocations: DiscountAllocationJson[];
  line_level_total_discount: number;
  quantity_rule: QuantityRule;
  has_components: boolean;
  /** Only on a subscription line. */
  selling_plan_allocation?: LineSellingPlanAllocationJson;
}

export interface CartJson {
  token: string;
  note: string | null;
  attributes: Record<string, string>;
  original_total_price: number;
  total_price: number;
  total_discount: number;
  total_weight: number;
  item_count: number;
  items: LineItemJson[];
  requires_shipping: boolean;
  currency: string;
  items_subtotal_price: number;
  /** The tax the total includes (VAT, GST); 0 where tax is added at checkout, once the address is known. */
  total_tax: number;
  /** Whether the prices include tax. */
  taxes_included: boolean;
  cart_level_discount_applications: DiscountApplicationJson[];
  /** Shopify's code and applicable; `reason` (this shop's) says why a code does not apply. */
  discount_codes: DiscountCodeState[];
  /** Not in Shopify's shape: why a bundle discount was taken away, for the shopper to read. */
  warnings: string[];
}

export interface CollectionJson {
  id: number;
  handle: string;
  title: string;
  description: string;
  published_at: string;
  updated_at: string;
  image: { id: number; src: string; alt: string | null; width: number; height: number } | null;
  products_count: number;
}

export interface MenuItem {
  title: string;
  url: string;
  items: MenuItem[];
}

/** A plan's price adjustment, as Shopify answers it in `selling_plans[].price_adjustments`. */
export interface SellingPlanPriceAdjustmentJson {
  order_count: number | null;
  position: number;
  value_type: "percentage" | "fixed_amount" | "price";
  /** A percentage, or minor units for `fixed_amount` and `price`. */
  value: number;
}

export interface SellingPlanJson {
  id: number;
  name: string;
  description: string | null;
  options: { name: string; position: number; value: string }[];
  recurring_deliveries: boolean;
  price_adjustments: SellingPlanPriceAdjustmentJson[];
}

export interface SellingPlanGroupJson {
  id: string;
  name: string;
  options: ProductOptionJson[];
  selling_plans: SellingPlanJson[];
  app_id: string | null;
}

/** A variant's price on one plan (`variants[].selling_plan_allocations`). */
export interface VariantSellingPlanAllocationJson {
  price_adjustments: { position: number; price: number }[];
  price: number;
  compare_at_price: number;
  per_delivery_price: number;
  selling_plan_id: number;
  selling_plan_group_id: string;
}

/** A cart line's plan (`items[].selling_plan_allocation`), present only on a subscription line. */
export interface LineSellingPlanAllocationJson {
  price_adjustments: { position: number; price: number }[];
  price: number;
  compare_at_price: number;
  per_delivery_price: number;
  selling_plan: SellingPlanJson;
  checkout_charge_amount: number;
  remaining_balance_charge_amount: number;
}
