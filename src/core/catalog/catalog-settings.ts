/**
 * The product page's and the collection pages' settings.
 */
import { z } from "../common/zod.ts";
import { link } from "../settings/settings-fields.ts";
import { MIN_HONEST_VIEWERS } from "./viewer-count.ts";

// --- Product page -----------------------------------------------------------------------

export const productPageSchema = z
  .strictObject({
    quantity: z
      .strictObject({
        /** Highest quantity offered when stock does not set a lower one. */
        defaultMax: z.number().int().min(1).default(15),
        /** Hard cap on any quantity choice. */
        cap: z.number().int().min(1).default(50),
        /** A merchant override of the maximum; null to use the rules. */
        configuredMax: z.number().int().min(1).nullable().default(null),
      })
      .prefault({})
      .refine((q) => q.defaultMax <= q.cap, { message: "defaultMax must not exceed cap", path: ["defaultMax"] }),
    /** The sticky add-to-cart bar shows when the main button is within this many pixels of the viewport top. */
    stickyAddToCartOffset: z.number().int().nonnegative().default(600),
    addToCartWaitMs: z.number().int().nonnegative().default(1500),
    /** Redirect after a successful add, e.g. "/cart"; null opens the side cart instead. */
    addToCartRedirect: link.nullable().default(null),
    usersOnPage: z
      .strictObject({
        enabled: z.boolean().default(true),
        /** "honest": shoppers who really viewed the product in the last `windowMinutes`; "random": a random number from `randomMin` to `randomMax` (5 to 49 by default). */
        mode: z.enum(["honest", "random"]).default("honest"),
        windowMinutes: z.number().int().min(1).max(60).default(5),
        /** "honest" says nothing below this many real viewers, the shopper among them: 2 keeps quiet while they are alone, 1 (a demo with no traffic) shows the count from the first. */
        minViewers: z.number().int().min(1).default(MIN_HONEST_VIEWERS),
        randomMin: z.number().int().min(0).default(5),
        randomMax: z.number().int().min(1).default(49),
        refreshSeconds: z.number().int().min(1).default(30),
      })
      .prefault({})
      .refine((u) => u.randomMin <= u.randomMax, { message: "randomMin must not exceed randomMax", path: ["randomMin"] }),
    pricePerMl: z
      .strictObject({
        enabled: z.boolean().default(true),
        /** Shown as the price of this many millilitres, e.g. "£12.67 / 100 ml". */
        unitMl: z.number().int().min(1).default(100),
      })
      .prefault({}),
    /** Rates offered by the tax calculator. */
    taxRates: z
      .array(z.strictObject({ label: z.string().min(1), percent: z.number().min(0).max(100) }))
      .default([
        { label: "UK VAT (20%)", percent: 20 },
        { label: "Reduced rate (5%)", percent: 5 },
      ]),
  })
  .prefault({});

export const collectionsSchema = z
  .strictObject({
    productsPerPage: z.number().int().min(1).max(250).default(24),
    /**
     * Filter groups: tags `prefix:value` are offered under `label`. A product
     * matches any ticked value of a group, or with `match: "all"` every one
     * ("Free from": fragrance and alcohol). With `exclude` the shopper may
     * also leave values out ("Key ingredient to avoid: retinol").
     */
    filterGroups: z
      .array(
        z.strictObject({ prefix: z.string().regex(/^[a-z][a-z-]*$/), label: z.string().min(1), match: z.enum(["any", "all"]).optional(), exclude: z.boolean().optional() }),
      )
      .default([
        { prefix: "skin-type", label: "Skin type" },
        { prefix: "concern", label: "Concern" },
        { prefix: "ingredient", label: "Key ingredient", exclude: true },
        { prefix: "size", label: "Size" },
        { prefix: "free-from", label: "Free from", match: "all" },
      ]),
    /** When set, applying filters navigates to `{url}?view={template}` instead of swapping in place. */
    filterTemplate: z.string().nullable().default(null),
  })
  .prefault({});
