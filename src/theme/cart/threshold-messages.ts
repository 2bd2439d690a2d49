import type { ThresholdEntry } from "../../core/thresholds.ts";

/**
 * The sentences under the threshold bar: the shipping entry always (how far
 * to free shipping, or that it is reached), the next gift threshold's "spend
 * more" text, and the "over" text of the highest reached threshold of each
 * gift group. The other entries' texts stay with their segments for screen
 * readers (aria-valuetext), so the panel is not a wall of text.
 */
export function thresholdMessages(entries: ThresholdEntry[], remaining: (entry: ThresholdEntry) => number = (entry) => entry.threshold): { key: string; text: string; reached: boolean }[] {
  const messages: { key: string; text: string; reached: boolean }[] = [];
  const shipping = entries.find((entry) => entry.type === "shipping");
  if (shipping) messages.push({ key: "shipping", text: shipping.reachedMin ? shipping.over_text : shipping.under_text, reached: shipping.reachedMin });
  const gifts = entries.filter((entry) => entry.type === "gift_group");
  // The closest goal: the unreached gift threshold that needs the least more spend (ties: the lower threshold).
  const next = gifts.filter((entry) => !entry.reachedMin).reduce<ThresholdEntry | undefined>((best, entry) => (best === undefined || remaining(entry) < remaining(best) ? entry : best), undefined);
  if (next) messages.push({ key: `next-${next.groupKey}-${next.threshold}`, text: next.under_text, reached: false });
  const reachedByGroup = new Map<string, ThresholdEntry>();
  for (const entry of gifts) if (entry.reachedMin) reachedByGroup.set(entry.groupKey ?? entry.title, entry);
  for (const [group, entry] of reachedByGroup) messages.push({ key: `over-${group}`, text: entry.over_text, reached: true });
  return messages;
}
