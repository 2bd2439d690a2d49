/**
 * The geo sites' settings: each site's countries, currency and prices, and which is the base.
 */
import { z } from "../common/zod.ts";
import { countryCode, currencyCode, moneyFormat } from "../settings/settings-fields.ts";

// --- Geo sites -----------------------------------------------------------------------

export const geoSchema = z
  .strictObject({
    enabled: z.boolean().default(true),
    /** Code of the site whose currency the catalog is priced in (`currency`), served at the shop's root. */
    baseSite: z.string().default("UK"),
    /** The site for visitors from a country no site lists; null is the base site. */
    defaultSite: z.string().nullable().default(null),
    /** The country answered for an address no database can place (loopback, a private network). */
    defaultCountry: countryCode.default("GB"),
    sites: z
      .array(
        z.strictObject({
          code: z.string().regex(/^[A-Z]{2,3}$/, "expected a short upper-case site code such as \"UK\""),
          name: z.string().min(1),
          currency: currencyCode,
          /** Where the site is served: "" for the shop's root, or a path prefix such as "/fr-fr". */
          path: z
            .string()
            .regex(/^(?:\/[a-z]{2}(?:-[a-z]{2})?)?$/, "expected \"\" or a prefix such as \"/fr-fr\"")
            .default(""),
          /** A host name of the site's own (such as "fr.lumenandleaf.example"); null serves it on the shop's host. */
          host: z
            .string()
            .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/, "expected a host name such as \"fr.shop.example\"")
            .nullable()
            .default(null),
          /** The language of the site's pages (an `hreflang` value such as "en-US"). */
          language: z.string().regex(/^[a-z]{2}(?:-[A-Z]{2})?$/, "expected a language such as \"en-GB\""),
          moneyFormat,
          moneyWithCurrencyFormat: moneyFormat,
          /** Units of the site's currency for one unit of the base currency; the base site's is 1. */
          rate: z.number().positive().max(10_000).default(1),
          /** How converted prices are rounded: to the minor unit, up to a whole unit, or up to .95 or .99. */
          rounding: z.enum(["none", "whole", "0.95", "0.99"]).default("none"),
          /** Visitors from these countries belong to this site. */
          countries: z.array(countryCode).min(1),
        }),
      )
      .default([]),
  })
  .superRefine((geo, ctx) => {
    if (geo.sites.length > 0 && !geo.sites.some((s) => s.code === geo.baseSite)) {
      ctx.addIssue({ code: "custom", path: ["baseSite"], message: `no site has code "${geo.baseSite}"` });
    }
    if (geo.defaultSite !== null && !geo.sites.some((s) => s.code === geo.defaultSite)) {
      ctx.addIssue({ code: "custom", path: ["defaultSite"], message: `no site has code "${geo.defaultSite}"` });
    }
    const owner = new Map<string, string>();
    const places = new Map<string, string>();
    geo.sites.forEach((site, i) => {
      site.countries.forEach((country, j) => {
        const other = owner.get(country);
        if (other) ctx.addIssue({ code: "custom", path: ["sites", i, "countries", j], message: `${country} already belongs to site ${other}` });
        owner.set(country, site.code);
      });
      const place = `${site.host ?? ""}${site.path}`;
      const other = places.get(place);
      if (other) ctx.addIssue({ code: "custom", path: ["sites", i, "path"], message: `site ${other} is already served at "${place || "/"}"` });
      places.set(place, site.code);
      if (site.code === geo.baseSite && (site.rate !== 1 || site.path !== "" || site.host !== null)) {
        ctx.addIssue({ code: "custom", path: ["sites", i], message: "the base site is served at the root, at rate 1" });
      }
    });
  })
  .prefault({});
