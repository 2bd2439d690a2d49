/**
 * The side cart's settings: free gifts and their thresholds, the shipping bar, upsells. Money typed in whole units, held in minor units.
 */
import { z } from "../common/zod.ts";
import { toMinorUnits } from "../money/money.ts";
import { epochSeconds, handle, minorFromWhole, textWith } from "../settings/settings-fields.ts";

// --- Side cart: free gifts --------------------------------------------------------

/** Spend limit: "50" = £50 (whole units, multiplied by 100); a number is minor units already. Held in minor units. */
const spendLimit = z.union([
  z.number().int().nonnegative(),
  z
    .string()
    .regex(/^\d+(?:\.\d{1,2})?$/, "expected an amount in whole currency units such as \"50\" or \"49.99\"")
    .transform((text) => toMinorUnits(Number(text))),
]);

const giftProductSchema = z.strictObject({
  handle,
  /** Picks the gift's variant (case-insensitive, trimmed); empty means the first variant. */
  sku: z.string().default(""),
  min_spend: spendLimit.default(0),
  /** null: no upper limit. */
  max_spend: spendLimit.nullable().default(null),
  auto_add: z.boolean().default(false),
});

/** `min-max:limit---title---icon_title`, amounts in whole currency units, MAX = unbounded. */
export const CHOICE_THRESHOLD_PATTERN = /^(\d+(?:\.\d{1,2})?)-(\d+(?:\.\d{1,2})?|MAX):(\d+)---(.*?)---(.*)$/;

/** A choice threshold as held: amounts in minor units, `max` null when unbounded. */
export interface ChoiceThreshold {
  min: number;
  max: number | null;
  /** How many gifts the shopper may choose inside this band. */
  limit: number;
  title: string;
  iconTitle: string;
}

const choiceThreshold = z
  .string()
  .transform((text) => text.trim())
  .pipe(z.string().regex(CHOICE_THRESHOLD_PATTERN, "expected \"min-max:limit---title---icon_title\", e.g. \"50-MAX:1---Free gift---Gift\""))
  .transform((text): ChoiceThreshold => {
    const [, min = "0", max = "MAX", limit = "0", title = "", iconTitle = ""] = CHOICE_THRESHOLD_PATTERN.exec(text) ?? [];
    return { min: toMinorUnits(Number(min)), max: max === "MAX" ? null : toMinorUnits(Number(max)), limit: Number(limit), title, iconTitle };
  })
  .refine((band) => band.max === null || band.min <= band.max, { message: "min must not be above max" });

const giftGroupSchema = z
  .strictObject({
    key: z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, "expected a key of lower-case letters, digits, - and _"),
    enabled: z.boolean().default(true),
    products: z.array(giftProductSchema).min(1, "a gift group needs at least one product"),
    choice_thresholds: z.array(choiceThreshold).min(1, "a gift group needs at least one choice threshold"),
    /** Collection handles whose items count towards this group; empty means every item. */
    limit_to_collections: z.array(handle).default([]),
    startTimestamp: epochSeconds.nullable().default(null),
    endTimestamp: epochSeconds.nullable().default(null),
    progress_title: z.string().default(""),
    threshold_under_text: textWith("[amount]"),
    threshold_over_text: z.string(),
    icon_type: z.enum(["gift", "sample", "sparkle", "heart", "star"]).default("gift"),
    icon_title: z.string().default(""),
    show_product_picker: z.boolean().default(false),
  })
  .superRefine((group, ctx) => {
    if (group.startTimestamp !== null && group.endTimestamp !== null && group.endTimestamp <= group.startTimestamp) {
      ctx.addIssue({ code: "custom", path: ["endTimestamp"], message: "must be after startTimestamp" });
    }
  });

/** A gift group as the merchant types it in the settings file. */
export type GiftGroupInput = z.input<typeof giftGroupSchema>;
/** A gift group as the rules read it: amounts in minor units, thresholds parsed. */
export type GiftGroupSettings = z.output<typeof giftGroupSchema>;

/** Validates one gift group (tests and tools that build groups by hand). */
export function parseGiftGroup(input: GiftGroupInput): GiftGroupSettings {
  return giftGroupSchema.parse(input);
}

export const sideCartSchema = z
  .strictObject({
    save_badge_title: textWith("[price]").default("Save [price]"),
    bundle_badge_title: z.string().default("Bundle"),
    useAutomaticRecommendations: z.boolean().default(true),
    /** Free shipping from this cart total: typed in whole currency units, held in minor units. */
    shippingThreshold: minorFromWhole(40),
    shippingThresholdUnder: textWith("[x]").default("You're [x] away from free shipping"),
    shippingThresholdOver: z.string().default("You've unlocked free shipping"),
    shippingThresholdLabel: z.string().default("Free shipping"),
    notValidForDiscountTitle: textWith("[x]").default("[x] is not eligible for discounts"),
    /** Free samples come only beside a product the shopper pays for (at most one of each sample in any case). */
    samplesNeedPaidProduct: z.boolean().default(true),
    freeGiftsData: z.array(giftGroupSchema).default([]),
  })
  .superRefine((cart, ctx) => {
    const seen = new Set<string>();
    cart.freeGiftsData.forEach((group, i) => {
      if (seen.has(group.key)) ctx.addIssue({ code: "custom", path: ["freeGiftsData", i, "key"], message: `duplicate gift group key "${group.key}"` });
      seen.add(group.key);
    });
  });

// --- Upsells --------------------------------------------------------------------------

const UPSELL_ENTRY = /^[a-z0-9]+(?:-[a-z0-9]+)*(?::\d+:[^,:]*)?$/;

export const upsellSchema = z.strictObject({
  enabled: z.boolean().default(true),
  title: z.string().default("You may also like"),
  /** Comma list; each entry is `handle` or `handle:variantId:tag`. */
  upsell_products: z
    .string()
    .default("")
    .superRefine((list, ctx) => {
      for (const entry of list.split(",").map((e) => e.trim()).filter(Boolean)) {
        if (!UPSELL_ENTRY.test(entry)) ctx.addIssue({ code: "custom", message: `"${entry}" is not "handle" or "handle:variantId:tag"` });
      }
    }),
});
