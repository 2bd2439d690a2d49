import type { AdminCatalogClient } from "../../src/core/admin/admin-catalog.ts";

/** The back office's product edit form as the page fills it: every field as saved. */
export async function productEditForm(catalog: AdminCatalogClient, productId: number): Promise<Record<string, string>> {
  const product = (await catalog.product(productId))!;
  const form: Record<string, string> = {
    version: product.version,
    title: product.title,
    description: product.bodyHtml,
    ingredients: product.ingredients,
    vendor: product.vendor,
    product_type: product.productType,
    tags: product.tags.join(", "),
    cart_badges: product.themeMetafields.badges.join("\n"),
    amount_ml: product.themeMetafields.amountMl === null ? "" : String(product.themeMetafields.amountMl),
    helps_with: product.themeMetafields.helpsWith.join("\n"),
    upsell_items: product.themeMetafields.upsellHandles.join("\n"),
    ...(product.published ? { published: "1" } : {}),
  };
  for (const id of product.collectionIds) form[`collection_${id}`] = "1";
  for (const variant of product.variants) {
    form[`variant_${variant.id}_price`] = (variant.price / 100).toFixed(2);
    form[`variant_${variant.id}_compare_at_price`] = variant.compareAtPrice === null ? "" : (variant.compareAtPrice / 100).toFixed(2);
    form[`variant_${variant.id}_sku`] = variant.sku;
    form[`variant_${variant.id}_grams`] = String(variant.grams);
  }
  return form;
}
