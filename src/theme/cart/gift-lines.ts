/**
 * The browser's side of the gift rule: cart lines in the shape the core rule
 * reads (the same shape the server builds, so both decide alike), and the
 * session's memory of gifts the shopper removed by hand.
 */
import { GIFT_PROPERTY, type GiftCartLine, type GiftProductInfo, REMOVED_GIFTS_STORAGE_KEY } from "../../core/free-gifts.ts";
import type { LineItemJson, ProductJson, ProductViewJson } from "../../core/shopify-types.ts";

/**
 * Lines for `decideGifts`. The line price is before discounts (variant price ×
 * quantity), as the server counts it; cart.js lists the newest line first.
 */
export function giftCartLines(items: LineItemJson[], products: ReadonlyMap<string, ProductViewJson>): GiftCartLine[] {
  return items.map((item, index) => {
    const product = products.get(item.handle);
    const isGiftProduct = product?.metafields_ffc_app.free_gift_product === true;
    const { [GIFT_PROPERTY]: marker, ...rest } = item.properties ?? {};
    return {
      key: item.key,
      handle: item.handle,
      variantId: item.variant_id,
      linePrice: item.original_line_price,
      collections: product?.collections.map((collection) => collection.handle) ?? [],
      // As on the server: a gift marker on a product that is no gift means nothing.
      properties: isGiftProduct && marker !== undefined ? { ...rest, [GIFT_PROPERTY]: marker } : rest,
      isGiftProduct,
      addedOrder: items.length - index,
    };
  });
}

export function giftProductInfo(product: ProductJson): GiftProductInfo {
  return { handle: product.handle, variants: product.variants.map((variant) => ({ id: variant.id, sku: variant.sku, available: variant.available })) };
}

type SessionStore = Pick<Storage, "getItem" | "setItem">;

/** Handles of gifts removed by hand in this browser session. */
export function removedGifts(storage: SessionStore | null): Set<string> {
  try {
    const stored: unknown = JSON.parse(storage?.getItem(REMOVED_GIFTS_STORAGE_KEY) ?? "[]");
    return new Set(Array.isArray(stored) ? stored.filter((entry): entry is string => typeof entry === "string") : []);
  } catch {
    return new Set();
  }
}

export function rememberRemovedGift(storage: SessionStore | null, handle: string): void {
  const handles = removedGifts(storage);
  handles.add(handle);
  try {
    storage?.setItem(REMOVED_GIFTS_STORAGE_KEY, JSON.stringify([...handles]));
  } catch {
    // Private mode or a full store: the gift may come back, nothing worse.
  }
}

/** A gift chosen again by hand is no longer one the shopper turned down. */
export function forgetRemovedGift(storage: SessionStore | null, handle: string): void {
  const handles = removedGifts(storage);
  if (!handles.delete(handle)) return;
  try {
    storage?.setItem(REMOVED_GIFTS_STORAGE_KEY, JSON.stringify([...handles]));
  } catch {
    // See above.
  }
}

export function sessionStore(): SessionStore | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
