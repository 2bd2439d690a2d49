/**
 * The gift-with-purchase rule. One pure function decides, for the cart as it
 * is, which gifts each group offers, which are valid, which gift lines must
 * go and which gifts join automatically. The server runs it inside every cart
 * change and sends the decision with the cart, so what the side cart draws is
 * exactly what the shop charges.
 */
import type { ChoiceThreshold, GiftGroupSettings } from "../settings/settings.ts";

export type { ChoiceThreshold, GiftGroupSettings };

/** Line property names the rule reads and writes. */
export const GIFT_PROPERTY = "_is-free-gift-item";
export const AUTOMATIC_GIFT_PROPERTY = "_is-automatic-free-gift-item";
export const GIFT_GROUP_PROPERTY = "_gift-group";

export interface GiftCartLine {
  key: string;
  handle: string;
  variantId: number;
  /** Line total after line-level discounts (complete bundles), minor units: what the shopper pays for it. */
  linePrice: number;
  /** Handles of the collections the line's product is in. */
  collections: string[];
  properties: Record<string, string>;
  /** Order of addition; larger is newer. */
  addedOrder: number;
}

export interface GiftProductInfo {
  handle: string;
  variants: { id: number; sku: string; available: boolean }[];
}

export interface GiftState {
  handle: string;
  variantId: number | null;
  /** Minor units. */
  minSpend: number;
  /** Minor units; null when unbounded. */
  maxSpend: number | null;
  autoAdd: boolean;
  valid: boolean;
  disabled: boolean;
  /** The gift's line, when it is in the cart. */
  lineKey: string | null;
}

export interface GiftGroupState {
  key: string;
  settings: GiftGroupSettings;
  /** The group is switched on and inside its time window: its bar shows. */
  live: boolean;
  /** False when the group is not live, failed, the cart is empty, or no threshold matches. */
  enabled: boolean;
  eligibleTotal: number;
  threshold: ChoiceThreshold | null;
  thresholds: ChoiceThreshold[];
  /** How many gifts the shopper may have from this group now. */
  limit: number;
  gifts: GiftState[];
  /** Gift lines of this group in the cart, oldest first. */
  addedKeys: string[];
}

export interface GiftAddition {
  groupKey: string;
  handle: string;
  variantId: number;
}

export interface GiftDecision {
  groups: GiftGroupState[];
  /** Keys of gift lines that must leave the cart. */
  remove: string[];
  /** Gifts to add automatically (only those the shopper has not removed by hand). */
  autoAdd: GiftAddition[];
}

export interface GiftRuleInput {
  groups: GiftGroupSettings[];
  lines: GiftCartLine[];
  product: (handle: string) => GiftProductInfo | undefined;
  /** Epoch milliseconds. */
  now: number;
  /** Handles of gifts the shopper removed by hand (the cart remembers them). */
  removedByHand?: ReadonlySet<string>;
  /** A group whose data failed is logged here and disabled. */
  onGroupError?: (key: string, error: unknown) => void;
}

/**
 * A free-gift line. The shop puts the gift marker on every line of a gift
 * product and takes it off any other line, so the marker alone tells.
 */
export function isGiftLine(line: { properties?: Record<string, string> | null }): boolean {
  return Boolean(line.properties?.[GIFT_PROPERTY]);
}

/** A cart line in the shape of `/cart.js`, as far as the gift rule reads it. */
export interface PricedLine {
  key: string;
  handle: string;
  variant_id: number;
  final_line_price: number;
  properties: Record<string, string> | null;
  gift_card: boolean;
}

/**
 * The gift rule's view of a cart's lines. `items` come newest first, as
 * `/cart.js` lists them; `collectionsOf` names the collections of a line's product.
 */
export function giftCartLines(items: readonly PricedLine[], collectionsOf: (handle: string) => readonly string[]): GiftCartLine[] {
  return items.map((item, index) => ({
    key: item.key,
    handle: item.handle,
    variantId: item.variant_id,
    // A gift card is money in another form: it earns no gift.
    linePrice: item.gift_card ? 0 : item.final_line_price,
    collections: [...collectionsOf(item.handle)],
    properties: item.properties ?? {},
    addedOrder: items.length - index,
  }));
}

/** The gift's variant: the one whose SKU matches (trimmed, any case), else the first. */
export function giftVariant(product: GiftProductInfo, sku: string): GiftProductInfo["variants"][number] | undefined {
  const wanted = sku.trim().toLowerCase();
  return (wanted && product.variants.find((variant) => variant.sku.trim().toLowerCase() === wanted)) || product.variants[0];
}

function groupOfLine(line: GiftCartLine, groups: GiftGroupSettings[]): GiftGroupSettings | undefined {
  const named = line.properties[GIFT_GROUP_PROPERTY];
  if (named) return groups.find((group) => group.key === named && group.products.some((gift) => gift.handle === line.handle));
  return groups.find((group) => group.products.some((gift) => gift.handle === line.handle));
}

function withinWindow(group: GiftGroupSettings, now: number): boolean {
  const seconds = now / 1000;
  if (group.startTimestamp !== null && seconds < group.startTimestamp) return false;
  if (group.endTimestamp !== null && seconds > group.endTimestamp) return false;
  return true;
}

function groupState(group: GiftGroupSettings, input: GiftRuleInput, paidLines: GiftCartLine[], cartTotal: number): GiftGroupState {
  const limitTo = new Set(group.limit_to_collections);
  const eligibleTotal = paidLines
    .filter((line) => limitTo.size === 0 || line.collections.some((handle) => limitTo.has(handle)))
    .reduce((sum, line) => sum + line.linePrice, 0);
  const thresholds = group.choice_thresholds;
  const threshold = thresholds.find((entry) => eligibleTotal >= entry.min && (entry.max === null || eligibleTotal <= entry.max)) ?? null;
  const live = group.enabled && withinWindow(group, input.now);
  const enabled = live && cartTotal > 0 && threshold !== null;
  const limit = enabled && threshold ? threshold.limit : 0;
  const addedLines = input.lines
    .filter((line) => isGiftLine(line) && groupOfLine(line, input.groups)?.key === group.key)
    .sort((a, b) => a.addedOrder - b.addedOrder);
  const limitReached = addedLines.length >= limit;
  const gifts = group.products.map((gift): GiftState => {
    const product = input.product(gift.handle);
    const variant = product ? giftVariant(product, gift.sku) : undefined;
    const minSpend = gift.min_spend;
    const maxSpend = gift.max_spend;
    const line = addedLines.find((candidate) => candidate.handle === gift.handle);
    const valid = enabled && eligibleTotal >= minSpend && (maxSpend === null || eligibleTotal <= maxSpend);
    return {
      handle: gift.handle,
      variantId: variant?.id ?? null,
      minSpend,
      maxSpend,
      autoAdd: gift.auto_add,
      valid,
      disabled: !variant?.available || (limitReached && !line),
      lineKey: line?.key ?? null,
    };
  });
  return { key: group.key, settings: group, live, enabled, eligibleTotal, threshold, thresholds, limit, gifts, addedKeys: addedLines.map((line) => line.key) };
}

function failedGroup(group: GiftGroupSettings): GiftGroupState {
  return { key: group.key, settings: group, live: false, enabled: false, eligibleTotal: 0, threshold: null, thresholds: [], limit: 0, gifts: [], addedKeys: [] };
}

export function decideGifts(input: GiftRuleInput): GiftDecision {
  const paidLines = input.lines.filter((line) => !isGiftLine(line));
  const cartTotal = paidLines.reduce((sum, line) => sum + line.linePrice, 0);
  const groups = input.groups.map((group) => {
    try {
      return groupState(group, input, paidLines, cartTotal);
    } catch (error) {
      input.onGroupError?.(group.key, error);
      return failedGroup(group);
    }
  });

  const remove = new Set<string>();
  for (const line of input.lines) {
    if (isGiftLine(line) && !groupOfLine(line, input.groups)) remove.add(line.key);
  }
  const autoAdd: GiftAddition[] = [];
  for (const group of groups) {
    const invalid = new Set(group.gifts.filter((gift) => !gift.valid).map((gift) => gift.handle));
    const lines = group.addedKeys.map((key) => input.lines.find((line) => line.key === key)).filter((line): line is GiftCartLine => line !== undefined);
    const kept: GiftCartLine[] = [];
    for (const line of lines) {
      if (invalid.has(line.handle) || !group.gifts.some((gift) => gift.handle === line.handle)) remove.add(line.key);
      else kept.push(line);
    }
    // Over the limit: the first added go, so the shopper's latest choices stay.
    for (const line of kept.slice(0, Math.max(0, kept.length - group.limit))) remove.add(line.key);
    let room = group.limit - Math.min(kept.length, group.limit);
    for (const gift of group.gifts) {
      if (room <= 0) break;
      if (!gift.autoAdd || !gift.valid || gift.lineKey || gift.variantId === null || gift.disabled) continue;
      if (input.removedByHand?.has(gift.handle)) continue;
      autoAdd.push({ groupKey: group.key, handle: gift.handle, variantId: gift.variantId });
      room -= 1;
    }
  }
  return { groups, remove: [...remove], autoAdd };
}

/** Whether a shopper may add this gift now: its group is live, it is valid and there is room. */
export function canAddGift(decision: GiftDecision, groupKey: string | undefined, handle: string): { ok: true; group: GiftGroupState } | { ok: false; reason: "no-group" | "invalid" | "limit"; group?: GiftGroupState } {
  const group = decision.groups.find((candidate) => (groupKey ? candidate.key === groupKey : candidate.gifts.some((gift) => gift.handle === handle)) && candidate.gifts.some((gift) => gift.handle === handle));
  if (!group) return { ok: false, reason: "no-group" };
  const gift = group.gifts.find((candidate) => candidate.handle === handle);
  if (!gift || !gift.valid) return { ok: false, reason: "invalid", group };
  const kept = group.addedKeys.filter((key) => !decision.remove.includes(key)).length;
  if (kept >= group.limit) return { ok: false, reason: "limit", group };
  return { ok: true, group };
}
