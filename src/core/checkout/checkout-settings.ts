/**
 * The checkout's settings: test mode, home-zone shipping, the zones beyond it, who may frame it. Money typed in whole units, held in minor units.
 */
import { z } from "../common/zod.ts";
import { toMinorUnits } from "../money/money.ts";
import { countryCode, minorFromWhole, wholeAmount } from "../settings/settings-fields.ts";
import { SHIPPING_COUNTRIES } from "./checkout.ts";

/** A shipping zone beyond the home zone: its countries and its standard rate. Money typed in whole units, held in minor units. */
const shippingZoneSchema = z.strictObject({
  name: z.string().min(1),
  countries: z
    .array(countryCode.refine((code) => SHIPPING_COUNTRIES.some((country) => country.code === code), "expected a country the checkout offers"))
    .min(1),
  standardPrice: wholeAmount.transform(toMinorUnits),
  /** The spend from which standard shipping is free; null: never. */
  freeOver: wholeAmount.transform(toMinorUnits).nullable().default(null),
  /** Working days from dispatch, fewest and most. */
  days: z.tuple([z.number().int().min(0), z.number().int().min(0)]).refine(([fewest, most]) => fewest <= most, "expected [fewest, most] days"),
});

export const checkoutSchema = z
  .strictObject({
    /** No payment provider: orders are placed as test orders. */
    testMode: z.boolean().default(true),
    /** Home-zone standard shipping below the free-shipping threshold (`sideCart.shippingThreshold`): typed in whole currency units, held in minor units. */
    standardShippingPrice: minorFromWhole(3.95),
    /** Home-zone express shipping, never free. */
    expressShippingPrice: minorFromWhole(5.95),
    /** Other sites allowed to show the checkout in a frame (their origins, such as "https://brand.example"); the shop itself always may. */
    frameAncestors: z
      .array(z.url({ protocol: /^https?$/ }).transform((value) => new URL(value).origin))
      .default([]),
    /** Zones beyond the home zone; the home zone is every checkout country none of them names. */
    zones: z
      .array(shippingZoneSchema)
      .default([
        { name: "European Union", countries: ["IE", "FR"], standardPrice: 995, freeOver: 8000, days: [4, 7] },
        { name: "Rest of the world", countries: ["US", "AU", "CA"], standardPrice: 1495, freeOver: null, days: [7, 12] },
      ])
      .refine((zones) => new Set(zones.flatMap((zone) => zone.countries)).size === zones.flatMap((zone) => zone.countries).length, "a country can be in one zone only"),
  })
  .prefault({});
