import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type GiftGroupSettings, decideGifts } from "./free-gifts.ts";
import { shippingState, thresholdEntries } from "./thresholds.ts";

const shipping = {
  shippingThreshold: 40,
  shippingThresholdUnder: "You're [x] away from free shipping",
  shippingThresholdOver: "You've unlocked free shipping",
  shippingThresholdLabel: "Free shipping",
};
const FORMAT = "£{{amount}}";

const giftGroup: GiftGroupSettings = {
  key: "choose",
  enabled: true,
  products: [{ handle: "rose", sku: "", min_spend: "65", max_spend: null, auto_add: false }],
  choice_thresholds: ["65-99.99:1---Choose 1 gift---1 gift", "100-MAX:2---Choose 2 gifts---2 gifts"],
  limit_to_collections: [],
  startTimestamp: null,
  endTimestamp: null,
  progress_title: "Gifts",
  threshold_under_text: "Spend [amount] more to choose a gift",
  threshold_over_text: "Choose below",
  icon_type: "gift",
  icon_title: "Gift",
  show_product_picker: true,
};

const groupsFor = (total: number, groups = [giftGroup]) =>
  decideGifts({
    groups,
    lines: total > 0 ? [{ key: "1:a", handle: "serum", variantId: 1, linePrice: total, collections: [], properties: {}, isGiftProduct: false, addedOrder: 1 }] : [],
    product: () => ({ handle: "rose", variants: [{ id: 9, sku: "", available: true }] }),
    now: Date.UTC(2026, 10, 21),
  }).groups;

describe("shippingState", () => {
  it("says how far free shipping is, then that it is reached", () => {
    expect(shippingState(2550, shipping, FORMAT)).toEqual({ shippingThresholdReached: false, shippingNotice: "You're £14.50 away from free shipping" });
    expect(shippingState(4000, shipping, FORMAT)).toEqual({ shippingThresholdReached: true, shippingNotice: "You've unlocked free shipping" });
  });
});

describe("thresholdEntries", () => {
  it("sorts shipping and gift thresholds ascending and fills the next unreached one from the last reached", () => {
    const entries = thresholdEntries(5000, shipping, groupsFor(5000), FORMAT);
    expect(entries.map((entry) => [entry.type, entry.threshold])).toEqual([
      ["shipping", 4000],
      ["gift_group", 6500],
      ["gift_group", 10000],
    ]);
    expect(entries.map((entry) => entry.reachedMin)).toEqual([true, false, false]);
    expect(entries.map((entry) => entry.isProgressActive)).toEqual([false, true, false]);
    expect(entries.map((entry) => entry.progressBarSegmentPct)).toEqual([100, 40, 0]);
    expect(entries[1]?.under_text).toBe("Spend £15.00 more to choose a gift");
  });

  it("starts from zero before anything is reached and is full when everything is", () => {
    expect(thresholdEntries(1000, shipping, groupsFor(1000), FORMAT).map((entry) => entry.progressBarSegmentPct)).toEqual([25, 0, 0]);
    expect(thresholdEntries(12000, shipping, groupsFor(12000), FORMAT).every((entry) => entry.reachedMin && entry.progressBarSegmentPct === 100)).toBe(true);
  });

  it("leaves out groups that are switched off or outside their time window", () => {
    const ended = { ...giftGroup, startTimestamp: 1, endTimestamp: 2 };
    expect(thresholdEntries(5000, shipping, groupsFor(5000, [ended]), FORMAT).map((entry) => entry.type)).toEqual(["shipping"]);
    expect(thresholdEntries(5000, shipping, groupsFor(5000, [{ ...giftGroup, enabled: false }]), FORMAT)).toHaveLength(1);
  });

  it("keeps every segment between 0 and 100, ordered, with at most one active", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30_000 }), fc.integer({ min: 1, max: 200 }), (total, freeShipping) => {
        const entries = thresholdEntries(total, { ...shipping, shippingThreshold: freeShipping }, groupsFor(total), FORMAT);
        for (let index = 1; index < entries.length; index += 1) expect(entries[index]!.threshold).toBeGreaterThanOrEqual(entries[index - 1]!.threshold);
        for (const entry of entries) {
          expect(entry.progressBarSegmentPct).toBeGreaterThanOrEqual(0);
          expect(entry.progressBarSegmentPct).toBeLessThanOrEqual(100);
        }
        expect(entries.filter((entry) => entry.isProgressActive).length).toBeLessThanOrEqual(1);
      }),
    );
  });
});
