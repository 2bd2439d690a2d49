/**
 * Gift groups on the fixture catalog's gift products, written as a merchant
 * types them and read through the settings schema: an automatic mist from
 * £30, a choice of gift bag from £65 (two from £100), and an automatic gift
 * counted on body care only, from £10.
 */
import { type GiftGroupInput, type GiftGroupSettings, parseGiftGroup } from "../../src/core/settings/settings.ts";

const base = {
  enabled: true,
  limit_to_collections: [],
  startTimestamp: null,
  endTimestamp: null,
  icon_type: "gift",
  show_product_picker: false,
} satisfies Partial<GiftGroupInput>;

export const autoMist: GiftGroupSettings = parseGiftGroup({
  ...base,
  key: "mist",
  products: [{ handle: "gift-mist", min_spend: "30", auto_add: true }],
  choice_thresholds: ["30-MAX:1---Free mist---Mist"],
  progress_title: "Free mist",
  threshold_under_text: "Spend [amount] more for a free mist",
  threshold_over_text: "Your free mist is in your bag",
  icon_title: "Mist",
});

export const chooseBag: GiftGroupSettings = parseGiftGroup({
  ...base,
  key: "choose",
  products: [{ handle: "gift-bag", sku: "GIFT-BAG-B", min_spend: "65" }],
  choice_thresholds: ["65-99.99:1---Choose 1 gift---1 gift", "100-MAX:2---Choose 2 gifts---2 gifts"],
  progress_title: "Choose a gift",
  threshold_under_text: "Spend [amount] more to choose a gift",
  threshold_over_text: "Choose your gift below",
  icon_title: "Gift",
  show_product_picker: true,
});

export const bodyGift: GiftGroupSettings = parseGiftGroup({
  ...base,
  key: "body",
  products: [{ handle: "stray-gift", min_spend: "10", auto_add: true }],
  choice_thresholds: ["10-MAX:1---Free body gift---Body gift"],
  limit_to_collections: ["body"],
  progress_title: "Free body gift",
  threshold_under_text: "Spend [amount] more on body care for a free gift",
  threshold_over_text: "Your free body gift is in your bag",
  icon_title: "Body gift",
});

export const giftGroups: GiftGroupSettings[] = [autoMist, chooseBag, bodyGift];
