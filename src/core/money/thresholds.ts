/**
 * Threshold progress: free shipping and each gift group's choice thresholds
 * as segments of a progress bar. On a bar the thresholds are sorted
 * ascending; reached segments are full, the next unreached one fills from
 * the last reached threshold (0 to 100 percent), later ones are empty.
 *
 * Shipping and the gift groups open to every product share the cart's bar. A
 * group limited to some collections counts only its own products, so it gets
 * a bar of its own: on the shared bar an amount the rest of the cart cannot
 * move would hold the active segment at 0 while the cart grows.
 */
import type { GiftGroupState } from "../cart/free-gifts.ts";
import { formatMoney } from "./money.ts";

export interface ThresholdEntry {
  type: "shipping" | "gift_group";
  /** Minor units. */
  threshold: number;
  title: string;
  under_text: string;
  over_text: string;
  icon_title: string;
  reachedMin: boolean;
  isProgressActive: boolean;
  /** 0 to 100. */
  progressBarSegmentPct: number;
  /** What is still to spend to reach it, minor units (0 once reached). */
  remaining: number;
  /** The gift group the entry belongs to. */
  groupKey?: string;
}

/** One progress bar: the cart's, or a collection-limited gift group's. */
export interface ThresholdTrack {
  /** "cart", or the gift group's key. */
  key: string;
  /** The bar's name for screen readers. */
  label: string;
  entries: ThresholdEntry[];
}

export interface ShippingSettings {
  /** Minor units; 0 switches the free-shipping bar off. */
  shippingThreshold: number;
  shippingThresholdUnder: string;
  shippingThresholdOver: string;
  shippingThresholdLabel: string;
}

export interface ShippingState {
  shippingThresholdReached: boolean;
  /** The sentence under the bar: how far to free shipping, or that it is reached. */
  shippingNotice: string;
}

/** Free shipping is measured on the cart's total, the amount the checkout charges shipping on. */
export function shippingState(total: number, settings: ShippingSettings, moneyFormat: string): ShippingState {
  const reached = total >= settings.shippingThreshold;
  return {
    shippingThresholdReached: reached,
    shippingNotice: reached ? settings.shippingThresholdOver : settings.shippingThresholdUnder.replace("[x]", formatMoney(settings.shippingThreshold - total, moneyFormat)),
  };
}

type Pending = Omit<ThresholdEntry, "reachedMin" | "isProgressActive" | "progressBarSegmentPct" | "remaining"> & { measured: number; track: string };

/**
 * The bars for a cart. `total` is the cart's total (shipping's measure); each
 * gift threshold is measured on its group's eligible total.
 */
export function thresholdTracks(total: number, settings: ShippingSettings, groups: readonly GiftGroupState[], moneyFormat: string, cartLabel = "Rewards"): ThresholdTrack[] {
  const pending: Pending[] = [];
  if (settings.shippingThreshold > 0) {
    const threshold = settings.shippingThreshold;
    pending.push({
      type: "shipping",
      threshold,
      title: settings.shippingThresholdLabel,
      under_text: settings.shippingThresholdUnder.replace("[x]", formatMoney(Math.max(0, threshold - total), moneyFormat)),
      over_text: settings.shippingThresholdOver,
      icon_title: settings.shippingThresholdLabel,
      measured: total,
      track: "cart",
    });
  }
  const labels = new Map<string, string>([["cart", cartLabel]]);
  for (const group of groups) {
    if (!group.live) continue;
    const track = group.settings.limit_to_collections.length > 0 ? group.key : "cart";
    if (track !== "cart") labels.set(track, group.settings.progress_title || group.key);
    for (const choice of group.thresholds) {
      pending.push({
        type: "gift_group",
        threshold: choice.min,
        title: choice.title || group.settings.progress_title,
        under_text: group.settings.threshold_under_text.replace("[amount]", formatMoney(Math.max(0, choice.min - group.eligibleTotal), moneyFormat)),
        over_text: group.settings.threshold_over_text,
        icon_title: choice.iconTitle || group.settings.icon_title,
        measured: group.eligibleTotal,
        groupKey: group.key,
        track,
      });
    }
  }
  return [...labels].flatMap(([key, label]) => {
    const entries = progress(pending.filter((entry) => entry.track === key));
    return entries.length ? [{ key, label, entries }] : [];
  });
}

/** Every entry of every bar, in bar order, as one flat list of threshold entries. */
export function thresholdEntries(total: number, settings: ShippingSettings, groups: readonly GiftGroupState[], moneyFormat: string): ThresholdEntry[] {
  return thresholdTracks(total, settings, groups, moneyFormat).flatMap((track) => track.entries);
}

function progress(entries: Pending[]): ThresholdEntry[] {
  let lastReached = 0;
  let activeFound = false;
  return [...entries]
    .sort((a, b) => a.threshold - b.threshold)
    .map(({ measured, track: _track, ...entry }) => {
      const reachedMin = measured >= entry.threshold;
      let progressBarSegmentPct = 0;
      let isProgressActive = false;
      if (reachedMin) {
        progressBarSegmentPct = 100;
        lastReached = entry.threshold;
      } else if (!activeFound) {
        activeFound = true;
        isProgressActive = true;
        const span = entry.threshold - lastReached;
        progressBarSegmentPct = span > 0 ? clampPct(((measured - lastReached) / span) * 100) : 0;
      }
      return { ...entry, reachedMin, isProgressActive, progressBarSegmentPct, remaining: Math.max(0, entry.threshold - measured) };
    });
}

const clampPct = (value: number) => Math.min(100, Math.max(0, Math.round(value * 10) / 10));

export interface ThresholdMessage {
  key: string;
  text: string;
  reached: boolean;
  /** A gift the shopper turned down that is still theirs to take: the message offers to add it back. */
  addBack?: { groupKey: string; handle: string };
}

/**
 * The sentences under the bars: shipping always (how far, or reached); the
 * closest unreached gift threshold's "spend more"; and for each gift group
 * whose threshold is reached, its "over" text — but only while what that text
 * promises is true. A group that adds its gift by itself says the gift is in
 * the bag only when it is; a gift the shopper removed is offered back instead.
 */
export function thresholdMessages(tracks: readonly ThresholdTrack[], groups: readonly GiftGroupState[], declinedText: (title: string) => string): ThresholdMessage[] {
  const entries = tracks.flatMap((track) => track.entries);
  const messages: ThresholdMessage[] = [];
  const shipping = entries.find((entry) => entry.type === "shipping");
  if (shipping) messages.push({ key: "shipping", text: shipping.reachedMin ? shipping.over_text : shipping.under_text, reached: shipping.reachedMin });
  const gifts = entries.filter((entry) => entry.type === "gift_group");
  const next = gifts.filter((entry) => !entry.reachedMin).reduce<ThresholdEntry | undefined>((best, entry) => (best === undefined || entry.remaining < best.remaining ? entry : best), undefined);
  if (next) messages.push({ key: `next-${next.groupKey}-${next.threshold}`, text: next.under_text, reached: false });
  const reachedGroups = new Set(gifts.filter((entry) => entry.reachedMin).map((entry) => entry.groupKey));
  for (const group of groups) {
    if (!reachedGroups.has(group.key) || !group.enabled) continue;
    const inCart = group.addedKeys.length > 0;
    const automatic = group.gifts.filter((gift) => gift.autoAdd);
    if (inCart || group.settings.show_product_picker || automatic.length === 0) {
      messages.push({ key: `over-${group.key}`, text: group.settings.threshold_over_text, reached: true });
      continue;
    }
    const offered = automatic.find((gift) => gift.valid && !gift.disabled && gift.variantId !== null);
    if (offered) {
      const title = group.threshold?.title || group.settings.progress_title;
      messages.push({ key: `declined-${group.key}`, text: declinedText(title), reached: true, addBack: { groupKey: group.key, handle: offered.handle } });
    }
  }
  return messages;
}
