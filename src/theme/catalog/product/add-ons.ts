/**
 * Extra (add-on) products offered beside the buy button: the product's
 * `checkout_upsell_items`, mapped at the edge to what the checkboxes show.
 */
import { PRODUCT_PAGE_ADD_ONS, upsellHandlesOf } from "../../../core/catalog/product-metafields.ts";
import type { ProductViewJson, VariantJson } from "../../../core/contract/shopify-types.ts";
import type { StorefrontClient } from "../../../core/contract/storefront.ts";

export interface AddOnProduct {
  handle: string;
  title: string;
  url: string;
  image: { src: string; width: number; height: number } | null;
  /** The first variant: what is added, and what decides whether it may be. */
  variant: Pick<VariantJson, "id" | "title" | "price" | "available" | "inventory_management" | "inventory_policy" | "inventory_quantity">;
}

function addOnProduct(view: ProductViewJson | null): AddOnProduct | null {
  const variant = view?.product.variants[0];
  if (!view || !variant) return null;
  const image = view.product.media[0];
  const { id, title, price, available, inventory_management, inventory_policy, inventory_quantity } = variant;
  return {
    handle: view.product.handle,
    title: view.product.title,
    url: view.product.url,
    image: image ? { src: image.src, width: image.width, height: image.height } : null,
    variant: { id, title, price, available, inventory_management, inventory_policy, inventory_quantity },
  };
}

/** The product's add-ons, for the loader. */
export async function loadAddOns(storefront: StorefrontClient, view: ProductViewJson): Promise<AddOnProduct[]> {
  const handles = upsellHandlesOf(view.metafields, view.product.handle).slice(0, PRODUCT_PAGE_ADD_ONS);
  const views = await Promise.all(handles.map((handle) => storefront.product(handle)));
  return views.map(addOnProduct).filter((addOn): addOn is AddOnProduct => addOn !== null);
}
