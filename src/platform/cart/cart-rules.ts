/**
 * The rules the shop applies to a cart after every change, inside the
 * change's transaction: lines whose product is gone leave; the gift rule
 * takes out gifts the cart no longer earns and adds the automatic gifts it
 * now earns (not those the shopper removed by hand, which the cart remembers); lines
 * limited to one hold one item. The browser never has to chase these rules
 * with calls of its own.
 */
import { isLimitedToOne, isPaidLine, isSampleItem } from "../../core/cart/line-rules.ts";
import {
  AUTOMATIC_GIFT_PROPERTY,
  GIFT_GROUP_PROPERTY,
  GIFT_PROPERTY,
  type GiftDecision,
  type GiftGroupSettings,
  decideGifts,
  giftCartLines,
  isGiftLine,
} from "../../core/cart/free-gifts.ts";
import type { LineItemJson } from "../../core/contract/shopify-types.ts";
import { type Catalog, type CatalogProduct, isVariantAvailable } from "../catalog/catalog.ts";
import { type StoredCart, type StoredLine, isGiftProduct, lineKey, productOfLine } from "./cart-model.ts";
import { pricedItems } from "./cart-json.ts";
import { type LinePricing, priceLines } from "./pricing.ts";
import type { BuilderBundles } from "../checkout/discounts/definitions.ts";

export interface GiftRuleContext {
  groups: readonly GiftGroupSettings[];
  /** Epoch milliseconds. */
  now: number;
  /** Handles of gifts the shopper removed by hand (kept with the cart). */
  removedByHand: ReadonlySet<string>;
  /** Free samples leave a cart with nothing paid for in it. */
  samplesNeedPaidProduct?: boolean;
}

export interface SettledCart {
  /** The line-level pricing of the cart as settled, for rendering it without pricing it again. */
  pricing: LinePricing;
  decision: GiftDecision;
}

const collectionsOf = (catalog: Catalog) => (handle: string) =>
  (catalog.productsByHandle.get(handle)?.collectionIds ?? []).map((id) => catalog.collectionsById.get(id)?.handle).filter((name): name is string => name !== undefined);

const giftProductInfo = (catalog: Catalog) => (handle: string) => {
  const product = catalog.productsByHandle.get(handle);
  if (!product || !product.published) return undefined;
  return { handle, variants: product.variants.map((variant) => ({ id: variant.id, sku: variant.sku, available: isVariantAvailable(variant) })) };
};

/** The gift rule applied to a cart's priced lines (newest first, as `/cart.js` lists them). */
export function giftDecisionFor(items: readonly LineItemJson[], catalog: Catalog, context: GiftRuleContext): GiftDecision {
  return decideGifts({
    groups: [...context.groups],
    lines: giftCartLines(items, collectionsOf(catalog)),
    now: context.now,
    product: giftProductInfo(catalog),
    removedByHand: context.removedByHand,
  });
}

/** A product the shopper may have one of per order (gifts among them). */
export const isLimited = (product: CatalogProduct | undefined) => product !== undefined && isLimitedToOne(product.metafields.custom, product.metafields.ffc_app);

/**
 * Applies the cart rules until they hold (a gift taken out or a quantity held
 * at one changes what the cart spends, so the rule looks again). `room` says
 * how many more of a variant stock allows, or null when stock sets no limit.
 */
export function settleCart(cart: StoredCart, catalog: Catalog, context: GiftRuleContext, builders: BuilderBundles, room: (variantId: number) => number | null): SettledCart {
  cart.lines = cart.lines.filter((line) => productOfLine(line, catalog)?.published === true);
  for (const line of [...cart.lines]) {
    const product = productOfLine(line, catalog);
    const gift = isGiftProduct(product);
    if (gift && product && !isGiftLine(line)) {
      // A gift product's line is a gift, however it came: marked, it is judged by the gift rule below; a gift no group offers leaves.
      const group = context.groups.find((candidate) => candidate.key === line.properties[GIFT_GROUP_PROPERTY] && offers(candidate, product.handle)) ?? context.groups.find((candidate) => offers(candidate, product.handle));
      if (!group) {
        cart.lines = cart.lines.filter((other) => other !== line);
        continue;
      }
      rekey(cart, line, { ...withoutGiftMarkers(line.properties), [GIFT_PROPERTY]: "true", [GIFT_GROUP_PROPERTY]: group.key });
    } else if (!gift && GIFT_PROPERTY in line.properties) {
      // Only gift products are gifts: a gift marker posted on a paid product is dropped.
      rekey(cart, line, withoutGiftMarkers(line.properties));
    }
  }
  for (let pass = 0; ; pass += 1) {
    const pricing = priceLines(cart, catalog, builders);
    const items = pricedItems(cart, catalog, pricing);
    const decision = giftDecisionFor(items, catalog, context);
    // Three passes settle any cart: removals and quantity holds only lower spend, and gifts add none.
    if (pass === 3) return { pricing, decision };
    let changed = false;
    if (decision.remove.length > 0) {
      const removed = new Set(decision.remove);
      cart.lines = cart.lines.filter((line) => !removed.has(line.key));
      changed = true;
    }
    const samples = new Set(items.filter((item) => isSampleItem(item)).map((item) => item.key));
    if (context.samplesNeedPaidProduct && samples.size > 0 && !items.some((item) => isPaidLine(item) && !decision.remove.includes(item.key))) {
      cart.lines = cart.lines.filter((line) => !samples.has(line.key));
      changed = true;
    }
    changed = holdLimitedLines(cart, catalog, samples) || changed;
    for (const gift of decision.autoAdd) {
      const left = room(gift.variantId);
      if (left !== null && left <= 0) continue;
      const properties = { [GIFT_PROPERTY]: "true", [AUTOMATIC_GIFT_PROPERTY]: "true", [GIFT_GROUP_PROPERTY]: gift.groupKey };
      const variant = catalog.variants.get(gift.variantId);
      if (!variant) continue;
      cart.line_seq += 1;
      cart.lines.push({ key: lineKey(variant.id, properties), variant_id: variant.id, product_id: variant.productId, quantity: 1, properties, seq: cart.line_seq });
      changed = true;
    }
    if (!changed) return { pricing, decision };
  }
}

const offers = (group: GiftGroupSettings, handle: string) => group.products.some((gift) => gift.handle === handle);

/** Gives a line new properties; when that makes it the same line as another, one line per key remains, as a change of properties does. */
function rekey(cart: StoredCart, line: StoredLine, properties: Record<string, string>): void {
  line.properties = properties;
  line.key = lineKey(line.variant_id, properties, line.selling_plan_id);
  const twin = cart.lines.find((other) => other !== line && other.key === line.key);
  if (twin) {
    line.quantity += twin.quantity;
    cart.lines = cart.lines.filter((other) => other !== twin);
  }
}

/** Lines limited to one (gifts and samples among them) hold one item, and a limited product keeps only its newest line. */
function holdLimitedLines(cart: StoredCart, catalog: Catalog, samples: ReadonlySet<string>): boolean {
  let changed = false;
  const seen = new Set<number>();
  const kept = [...cart.lines]
    .sort((a, b) => b.seq - a.seq)
    .filter((line) => {
      const product = productOfLine(line, catalog);
      if (!product || !(isLimited(product) || samples.has(line.key))) return true;
      if (seen.has(product.id)) {
        changed = true;
        return false;
      }
      seen.add(product.id);
      if (line.quantity > 1) {
        line.quantity = 1;
        changed = true;
      }
      return true;
    });
  if (changed) cart.lines = kept.sort((a, b) => a.seq - b.seq);
  return changed;
}

/** A line's properties without the gift markers, which only gift products may carry. */
export function withoutGiftMarkers(properties: Record<string, string>): Record<string, string> {
  const { [GIFT_PROPERTY]: _marker, [AUTOMATIC_GIFT_PROPERTY]: _automatic, ...rest } = properties;
  return rest;
}

/** Gift lines always carry the gift markers, whatever the client sent. */
export function giftProperties(properties: Record<string, string>, groupKey: string): Record<string, string> {
  return { ...properties, [GIFT_PROPERTY]: "true", [GIFT_GROUP_PROPERTY]: groupKey };
}
