/** Small cart lines and product views for the cart's unit tests. */
import type { LineItemJson, ProductViewJson } from "./shopify-types.ts";

export function lineFixture(overrides: Partial<LineItemJson> = {}): LineItemJson {
  const quantity = overrides.quantity ?? 1;
  const price = overrides.price ?? 1600;
  return {
    id: 1,
    properties: {},
    quantity,
    variant_id: 101,
    key: "101:abc",
    title: "Gel Cleanser",
    price,
    original_price: price,
    discounted_price: price,
    line_price: price * quantity,
    original_line_price: price * quantity,
    total_discount: 0,
    discounts: [],
    sku: "SKU",
    grams: 100,
    vendor: "Lumen & Leaf",
    taxable: true,
    product_id: 10,
    product_has_only_default_variant: true,
    gift_card: false,
    final_price: price,
    final_line_price: price * quantity,
    url: "/products/gel-cleanser?variant=101",
    featured_image: { aspect_ratio: 1, alt: null, height: 100, url: "", width: 100 },
    image: null,
    handle: "gel-cleanser",
    requires_shipping: true,
    product_type: "Cleanser",
    product_title: "Gel Cleanser",
    product_description: "",
    variant_title: null,
    variant_options: [],
    options_with_values: [],
    line_level_discount_allocations: [],
    line_level_total_discount: 0,
    quantity_rule: { min: 1, max: null, increment: 1 },
    has_components: false,
    ...overrides,
  };
}

export function viewFixture(handle: string, overrides: { id?: number; tags?: string[]; variants?: { id: number; available: boolean; compare_at_price?: number | null; sku?: string }[]; metafields?: ProductViewJson["metafields"]; ffc?: ProductViewJson["metafields_ffc_app"]; bundle?: ProductViewJson["metafields_bundle"]; collections?: string[] } = {}): ProductViewJson {
  const variants = (overrides.variants ?? [{ id: 101, available: true }]).map((variant) => ({ compare_at_price: null, sku: "", ...variant }));
  return {
    product: { id: overrides.id ?? 10, handle, title: handle, tags: overrides.tags ?? [], variants } as unknown as ProductViewJson["product"],
    metafields: overrides.metafields ?? {},
    metafields_ffc_app: overrides.ffc ?? {},
    metafields_bundle: overrides.bundle ?? {},
    metafields_vitals: {},
    options: [],
    collections: (overrides.collections ?? []).map((collection, index) => ({ id: index, handle: collection, title: collection })),
  };
}
