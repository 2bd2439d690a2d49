import { isLimitedToOne } from "../../core/cart-view.ts";
import { GIFT_GROUP_PROPERTY, GIFT_PROPERTY, type GiftCartLine, type GiftDecision, type GiftGroupSettings, decideGifts } from "../../core/free-gifts.ts";
import { type Catalog, type CatalogProduct, isVariantAvailable } from "../catalog/catalog.ts";
import type { StoredCart, StoredLine } from "./cart-model.ts";
import { bundleClaim } from "../../core/bundles.ts";
import { priceLines } from "./pricing.ts";

export function isGiftProduct(product: CatalogProduct | undefined): boolean {
  return product?.metafields.ffc_app.free_gift_product === true;
}

export function productOfLine(line: StoredLine, catalog: Catalog): CatalogProduct | undefined {
  const variant = catalog.variants.get(line.variant_id);
  return variant ? catalog.products.get(variant.productId) : undefined;
}

function collectionHandles(product: CatalogProduct | undefined, catalog: Catalog): string[] {
  return (product?.collectionIds ?? []).map((id) => catalog.collectionsById.get(id)?.handle).filter((handle): handle is string => handle !== undefined);
}

export function giftCartLines(cart: StoredCart, catalog: Catalog): GiftCartLine[] {
  // Spend is counted after line discounts (complete bundles), as the shopper pays it. Without a
  // bundle line the only discounts are the gifts' own (their whole price): no need to price the cart.
  const allocations = cart.lines.some((line) => bundleClaim(line.properties) !== null) ? priceLines(cart, catalog).allocations : null;
  return cart.lines.map((line) => {
    const product = productOfLine(line, catalog);
    const variant = catalog.variants.get(line.variant_id);
    const gift = isGiftProduct(product);
    const fullPrice = (variant?.price ?? 0) * line.quantity;
    const discounts = allocations ? (allocations.get(line.key) ?? []).reduce((sum, allocation) => sum + allocation.amount, 0) : gift ? fullPrice : 0;
    return {
      key: line.key,
      handle: product?.handle ?? "",
      variantId: line.variant_id,
      linePrice: fullPrice - discounts,
      collections: collectionHandles(product, catalog),
      // Only gift products are gifts: a gift marker posted on a paid product means nothing.
      properties: gift ? line.properties : withoutGiftMarker(line.properties),
      isGiftProduct: gift,
      addedOrder: line.seq,
    };
  });
}

/** The shared gift rule applied to a stored cart, with gift products looked up in the catalog. */
export function giftDecision(cart: StoredCart, catalog: Catalog, groups: GiftGroupSettings[], now: number): GiftDecision {
  return decideGifts({
    groups,
    lines: giftCartLines(cart, catalog),
    now,
    product: (handle) => {
      const product = catalog.productsByHandle.get(handle);
      if (!product || !product.published) return undefined;
      return { handle, variants: product.variants.map((variant) => ({ id: variant.id, sku: variant.sku, available: isVariantAvailable(variant) })) };
    },
  });
}

/**
 * What the server keeps after any change: gift lines the rule rejects leave
 * the cart, and lines limited to one (gifts among them) hold one item.
 */
export function enforceCartRules(cart: StoredCart, catalog: Catalog, groups: GiftGroupSettings[], now: number): void {
  const decision = giftDecision(cart, catalog, groups, now);
  if (decision.remove.length > 0) {
    const removed = new Set(decision.remove);
    cart.lines = cart.lines.filter((line) => !removed.has(line.key));
  }
  for (const line of cart.lines) {
    const product = productOfLine(line, catalog);
    if (product && line.quantity > 1 && isLimitedToOne(product.metafields.custom, product.metafields.ffc_app)) line.quantity = 1;
  }
  const limitedProducts = new Set<number>();
  // A limited product stays limited across lines: the newest line wins.
  cart.lines = [...cart.lines]
    .sort((a, b) => b.seq - a.seq)
    .filter((line) => {
      const product = productOfLine(line, catalog);
      if (!product || !isLimitedToOne(product.metafields.custom, product.metafields.ffc_app)) return true;
      if (limitedProducts.has(product.id)) return false;
      limitedProducts.add(product.id);
      return true;
    })
    .sort((a, b) => a.seq - b.seq);
}

function withoutGiftMarker(properties: Record<string, string>): Record<string, string> {
  const { [GIFT_PROPERTY]: _marker, ...rest } = properties;
  return rest;
}

/** Gift lines always carry the gift markers, whatever the client sent. */
export function giftProperties(properties: Record<string, string>, groupKey: string): Record<string, string> {
  return { ...properties, [GIFT_PROPERTY]: "true", [GIFT_GROUP_PROPERTY]: groupKey };
}
