/**
 * Threshold progress (spec: cart-and-navigation §3 "Threshold entry", §4
 * "Threshold progress"): free shipping and each gift group's choice
 * thresholds on one bar, sorted ascending; reached segments are full, the
 * next unreached one fills from the last reached threshold, later ones are empty.
 */
import type { GiftGroupState } from "./free-gifts.ts";
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
  /** The gift group the entry belongs to. */
  groupKey?: string;
}

export interface ShippingSettings {
  /** Whole currency units. */
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

export function shippingState(total: number, settings: ShippingSettings, moneyFormat: string): ShippingState {
  const threshold = Math.round(settings.shippingThreshold * 100);
  const reached = total >= threshold;
  return {
    shippingThresholdReached: reached,
    shippingNotice: reached ? settings.shippingThresholdOver : settings.shippingThresholdUnder.replace("[x]", formatMoney(threshold - total, moneyFormat)),
  };
}

/**
 * Builds the bar's entries. Shipping is measured on the cart total; each gift
 * threshold on its group's eligible total (which may count fewer items).
 */
export function thresholdEntries(total: number, settings: ShippingSettings, groups: GiftGroupState[], moneyFormat: string): ThresholdEntry[] {
  const entries: (Omit<ThresholdEntry, "reachedMin" | "isProgressActive" | "progressBarSegmentPct"> & { measured: number })[] = [];
  if (settings.shippingThreshold > 0) {
    const threshold = Math.round(settings.shippingThreshold * 100);
    entries.push({
      type: "shipping",
      threshold,
      title: settings.shippingThresholdLabel,
      under_text: settings.shippingThresholdUnder.replace("[x]", formatMoney(Math.max(0, threshold - total), moneyFormat)),
      over_text: settings.shippingThresholdOver,
      icon_title: settings.shippingThresholdLabel,
      measured: total,
    });
  }
  for (const group of groups) {
    if (!group.live) continue;
    for (const choice of group.thresholds) {
      entries.push({
        type: "gift_group",
        threshold: choice.min,
        title: choice.title || group.settings.progress_title,
        under_text: group.settings.threshold_under_text.replace("[amount]", formatMoney(Math.max(0, choice.min - group.eligibleTotal), moneyFormat)),
        over_text: group.settings.threshold_over_text,
        icon_title: choice.iconTitle || group.settings.icon_title,
        measured: group.eligibleTotal,
        groupKey: group.key,
      });
    }
  }
  entries.sort((a, b) => a.threshold - b.threshold);
  let lastReached = 0;
  let activeFound = false;
  return entries.map(({ measured, ...entry }) => {
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
    return { ...entry, reachedMin, isProgressActive, progressBarSegmentPct };
  });
}

const clampPct = (value: number) => Math.min(100, Math.max(0, Math.round(value * 10) / 10));
