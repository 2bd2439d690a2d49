/**
 * What the bundle choosers need to know about a bundle: its definition (read
 * from the bundle metafields by the same rule the server prices with), the
 * product holding it, and the products it offers, mapped at the edge to the
 * few fields the choosers show.
 */
import { type BundleDefinition, bundleDefinition } from "../../../core/builders/bundles.ts";
import type { ProductViewJson } from "../../../core/contract/shopify-types.ts";
import type { StorefrontClient } from "../../../core/contract/storefront.ts";

export interface BundleImage {
  src: string;
  width: number;
  height: number;
}

export interface BundleVariant {
  id: number;
  title: string;
  price: number;
  available: boolean;
  image: BundleImage | null;
}

export interface BundleProduct {
  id: number;
  handle: string;
  title: string;
  url: string;
  image: BundleImage | null;
  /** The option the variants differ by ("Size", "Shade"), or null for a single variant. */
  optionName: string | null;
  variants: BundleVariant[];
}

export interface BundleData {
  definition: BundleDefinition;
  /** The product holding the definition; the parent product of a variants bundle. */
  holder: { id: number; handle: string; title: string; variantId: number };
  /** Every product the bundle names, by handle; a product that cannot be sold has no variants. */
  products: Record<string, BundleProduct>;
}

function bundleProduct(handle: string, view: ProductViewJson | null): BundleProduct {
  if (!view) return { id: 0, handle, title: handle, url: `/products/${handle}`, image: null, optionName: null, variants: [] };
  const { product } = view;
  const picture = (image: { src: string; width: number; height: number } | null | undefined): BundleImage | null =>
    image ? { src: image.src, width: image.width, height: image.height } : null;
  const single = product.variants.length === 1;
  return {
    id: product.id,
    handle: product.handle,
    title: product.title,
    url: product.url,
    image: picture(product.media[0]),
    optionName: single ? null : product.options.map((option) => option.name).join(" / "),
    variants: product.variants.map((variant) => ({
      id: variant.id,
      title: variant.title,
      price: variant.price,
      available: variant.available,
      image: picture(variant.featured_image),
    })),
  };
}

/** Handles of every product a definition names. */
function bundleHandles(definition: BundleDefinition): string[] {
  return [...new Set([...definition.products, ...definition.groups.flatMap((group) => group.products)])];
}

/** The bundle of a product, for a loader; null when it has none that can be sold. */
export async function loadBundle(storefront: StorefrontClient, view: ProductViewJson): Promise<BundleData | null> {
  const definition = bundleDefinition(view.product.handle, view.metafields_bundle);
  const variantId = view.product.variants[0]?.id;
  if (!definition || variantId === undefined) return null;
  const handles = bundleHandles(definition);
  const views = await Promise.all(handles.map((handle) => (handle === view.product.handle ? view : storefront.product(handle))));
  return {
    definition,
    holder: { id: view.product.id, handle: view.product.handle, title: view.product.title, variantId },
    products: Object.fromEntries(handles.map((handle, index) => [handle, bundleProduct(handle, views[index] ?? null)])),
  };
}

/** The chooser's heading: the definition's title, else the bundle product's. */
export function bundleHeading(bundle: BundleData): string {
  return bundle.definition.title ?? bundle.holder.title;
}
