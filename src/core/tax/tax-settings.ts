/**
 * The tax settings: per site, either a rate its prices already include (VAT,
 * GST) or a table of rates added at checkout by the delivery address's state
 * or province (sales tax). A site the table does not name charges no tax.
 */
import { z } from "../common/zod.ts";
import { countryCode } from "../settings/settings-fields.ts";

/** A percent with at most three decimals (Quebec's 9.975%). */
const percent = z
  .number()
  .min(0)
  .max(100)
  .refine((value) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6, "expected at most three decimals");

const taxName = z.string().trim().min(1).max(40);

/** One tax of a region: its name on the receipt ("Sales tax", "GST", "PST") and its percent. */
const regionTaxSchema = z.strictObject({ name: taxName, percent });

const regionSchema = z.strictObject({
  /** The state's or province's code as the checkout offers it ("CA", "ON"). */
  code: z.string().regex(/^[A-Z]{2}$/, "expected a two-letter code such as \"CA\""),
  name: z.string().trim().min(1).max(60),
  /** Every tax added there, each worked out on the same amount; none where nothing is charged. */
  taxes: z.array(regionTaxSchema).max(3),
});

const includedTaxSchema = z.strictObject({
  kind: z.literal("included"),
  /** The tax's name as the shopper reads it: "Including £4.80 VAT". */
  name: taxName,
  percent,
});

const addedTaxSchema = z
  .strictObject({
    kind: z.literal("added"),
    /** The country whose addresses are taxed by the table; deliveries elsewhere are exports, charged none. */
    country: countryCode,
    /** Whether the delivery charge is taxed as the goods are. */
    shippingTaxed: z.boolean().default(false),
    regions: z.array(regionSchema).min(1),
  })
  .refine((table) => new Set(table.regions.map((region) => region.code)).size === table.regions.length, { path: ["regions"], message: "a region can be listed once only" });

export const siteTaxSchema = z.discriminatedUnion("kind", [includedTaxSchema, addedTaxSchema]);

export const taxSchema = z
  .strictObject({
    /** Site code → its tax. */
    sites: z.record(z.string().regex(/^[A-Z]{2,3}$/, "expected a site code such as \"UK\""), siteTaxSchema).default({}),
  })
  .prefault({});

export type TaxSettings = z.infer<typeof taxSchema>;
export type SiteTax = z.infer<typeof siteTaxSchema>;
export type AddedTax = Extract<SiteTax, { kind: "added" }>;
export type TaxRegion = AddedTax["regions"][number];
