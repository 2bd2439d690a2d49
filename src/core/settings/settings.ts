/**
 * The merchant's settings (config/settings.json): the same role as a Shopify
 * theme's settings_data.json. Validated at start; anything wrong stops the
 * start with a message naming each bad field.
 *
 * Money is typed in whole currency units (40 means £40.00), as a merchant types
 * it, and the schema turns every amount into minor units once, so no rule
 * converts again. Gift spend limits: a string ("50") is whole units and is
 * multiplied by 100; a number is minor units already. Timestamps are epoch seconds.
 *
 * Objects are strict, so a misspelt key is reported rather than silently
 * ignored; most sections have defaults, so a small file is enough. Popups
 * default to off: a feature that can cover the page is opt-in.
 */
import { z } from "../common/zod.ts";
import { currencyCode, moneyFormat, timeZone } from "./settings-fields.ts";
import { buildersSchema } from "../builders/builder-settings.ts";

import { sideCartSchema, upsellSchema } from "../cart/cart-settings.ts";
import { collectionsSchema, productPageSchema } from "../catalog/catalog-settings.ts";
import { announcementBarSchema, discountLinkSchema, newsletterSchema, popupsSchema } from "../marketing/marketing-settings.ts";
import { geoSchema } from "../sites/sites-settings.ts";
import { embedsSchema, headerSchema, homeSchema, slidersSchema } from "../content/content-settings.ts";
import { checkoutSchema } from "../checkout/checkout-settings.ts";
import { taxSchema } from "../tax/tax-settings.ts";
import { securitySchema } from "../security/security-settings.ts";

export { CHOICE_THRESHOLD_PATTERN, type ChoiceThreshold, type GiftGroupInput, type GiftGroupSettings, parseGiftGroup } from "../cart/cart-settings.ts";

// --- The whole file: each section's schema lives in its own domain ----------------

export const settingsSchema = z.strictObject({
  shop: z.strictObject({
    name: z.string().min(1),
    tagline: z.string().default(""),
    email: z.email(),
    timeZone: timeZone.default("Europe/London"),
    /** The shop's postal address, a line each, printed on invoices. */
    address: z.array(z.string().trim().min(1).max(120)).max(6).default([]),
    /** The shop's VAT or tax registration number, printed on invoices when it has one. */
    taxNumber: z.string().trim().min(1).max(40).nullable().default(null),
  }),
  currency: currencyCode,
  locale: z.string().regex(/^[a-z]{2}(?:-[A-Z]{2})?$/, "expected a locale such as \"en\"").default("en"),
  moneyFormat,
  moneyWithCurrencyFormat: moneyFormat,
  sideCart: sideCartSchema,
  upsell: upsellSchema.prefault({}),
  product: productPageSchema,
  discountLink: discountLinkSchema,
  popups: popupsSchema,
  announcementBar: announcementBarSchema,
  newsletter: newsletterSchema,
  geo: geoSchema,
  header: headerSchema,
  collections: collectionsSchema,
  checkout: checkoutSchema,
  tax: taxSchema,
  sliders: slidersSchema,
  home: homeSchema,
  builders: buildersSchema,
  embeds: embedsSchema,
  /** Product reviews: how many days after an order is fulfilled its customer is asked to review what they bought. */
  reviews: z.strictObject({ requestDelayDays: z.number().int().min(0).max(90).default(14) }).prefault({}),
  /** Script origins the merchant adds to the pages' Content-Security-Policy. */
  security: securitySchema,
}).superRefine((settings, ctx) => {
  const base = settings.geo.sites.find((site) => site.code === settings.geo.baseSite);
  if (base && base.currency !== settings.currency) {
    ctx.addIssue({ code: "custom", path: ["geo", "baseSite"], message: `the base site's currency must be the shop's (${settings.currency})` });
  }
  for (const code of Object.keys(settings.tax.sites)) {
    if (settings.geo.sites.length > 0 && !settings.geo.sites.some((site) => site.code === code)) {
      ctx.addIssue({ code: "custom", path: ["tax", "sites", code], message: `no site has code "${code}"` });
    }
  }
});

export type Settings = z.infer<typeof settingsSchema>;

// --- Loading --------------------------------------------------------------------------------

function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || "(top level)";
}

/** One problem with the settings: the field's path as in `sideCart.freeGiftsData[0].key`, and what is wrong. */
export interface SettingsIssue {
  /** The path's keys, for matching a problem to the form field that holds it. */
  keys: PropertyKey[];
  path: string;
  message: string;
}

/** Each problem of a failed parse, named by its field's path. */
export function settingsIssues(error: z.ZodError): SettingsIssue[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({ keys: [...issue.path, key], path: formatPath([...issue.path, key]), message: "unknown setting" }));
    }
    return [{ keys: [...issue.path], path: formatPath(issue.path), message: issue.message.replace(/^Invalid input: /, "") }];
  });
}

/** One "path: problem" line per issue, e.g. `sideCart.shippingThreshold: expected number, received string`. */
export function describeIssues(error: z.ZodError): string[] {
  return settingsIssues(error).map((issue) => `${issue.path}: ${issue.message}`);
}

/** Validates settings a merchant publishes: the settings, or each problem named by its field (the start-up check's messages). */
export function checkSettings(data: unknown): { ok: true; settings: Settings } | { ok: false; issues: SettingsIssue[] } {
  const result = settingsSchema.safeParse(data);
  return result.success ? { ok: true, settings: result.data } : { ok: false, issues: settingsIssues(result.error) };
}

/** Validates settings already read; `source` names them in the error. */
export function parseSettings(data: unknown, source = "settings"): Settings {
  const result = settingsSchema.safeParse(data);
  if (!result.success) throw new Error(`Invalid settings in ${source}: ${describeIssues(result.error).join("; ")}`);
  return result.data;
}
