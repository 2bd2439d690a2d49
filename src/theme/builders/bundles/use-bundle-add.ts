import { bundleLineProperties, bundlePageLineProperties, newBundleId } from "../../../core/builders/bundle-chooser.ts";
import { useText } from "../../storefront/use-shop.ts";
import { useAddToCart } from "../../cart/buying/use-add-to-cart.ts";
import type { BundleData } from "./bundle-data.ts";
import { rememberBundlePopup } from "./popup-memory.ts";

/** A bundle button says it added for 4 s. */
const BUNDLE_ADDED_MS = 4000;

export interface BundleItem {
  handle: string;
  variantId: number;
  available: boolean;
  /** The discount group: a multiselect group's or bundle page step's title, else the bundle product's handle. */
  group: string;
}

/**
 * Adds a bundle in one call: one line per item, quantity 1, all sharing a new
 * bundle id and naming the bundle product, so the server can price the set.
 * Only available variants are added; free items carry the free marker.
 */
export function useBundleAdd(bundle: BundleData, parentVariantId?: number) {
  const text = useText();
  const cart = useAddToCart(BUNDLE_ADDED_MS);

  async function addBundle(items: BundleItem[], from: "chooser" | "page" = "chooser"): Promise<boolean> {
    const base = { bundleId: newBundleId(), productId: bundle.holder.id, variantId: parentVariantId ?? bundle.holder.variantId, title: bundle.holder.title };
    const lines = items
      .filter((item) => item.available)
      .map((item) => ({
        id: item.variantId,
        quantity: 1,
        properties:
          from === "page"
            ? bundlePageLineProperties({ ...base, group: item.group })
            : bundleLineProperties({ ...base, group: item.group, itemText: text("bundle_default_title"), free: bundle.definition.freeProducts.includes(item.handle) }),
      }));
    const added = await cart.add(lines);
    if (added) {
      rememberBundlePopup(bundle.holder.handle);
      window.dataLayer ??= [];
      window.dataLayer.push({ event: "bundle_add", bundle_id: base.bundleId, bundle_title: base.title, bundle_type: bundle.definition.type });
    }
    return added;
  }

  return { ...cart, addBundle };
}
