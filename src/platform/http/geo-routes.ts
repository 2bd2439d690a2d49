/**
 * Where the visitor is, for the geo popup and for Shopify geolocation
 * clients:
 *
 *   GET /geolocation.json                    {country_code} of the requester
 *   GET /browsing_context_suggestions.json   Shopify's shape: the detected
 *       country and, when it belongs to another of the shop's sites, that
 *       site as a suggestion with its language (`country[exclude]` drops a
 *       country)
 *
 * The requester is the connection's address, or the last X-Forwarded-For
 * entry only behind a trusted proxy (TRUST_PROXY). An address no database
 * can place answers the configured default country.
 */
import { Hono } from "hono";
import { regionName, siteForCountry } from "../../core/sites/geo.ts";
import { samePageOn } from "../../core/sites/sites.ts";
import { languageOf } from "../../core/i18n/locales.ts";
import type { Platform } from "../services.ts";
import { clientAddress } from "./account-cookies.ts";

export function geoRoutes(platform: Platform): Hono {
  const app = new Hono();
  const { geo } = platform.settings;
  const countryOf = (address: string) => platform.geolocator.country(address) ?? geo.defaultCountry;

  app.get("/geolocation.json", (c) => {
    c.header("cache-control", "private, no-store");
    return c.json({ country_code: countryOf(clientAddress(c)) });
  });

  app.get("/browsing_context_suggestions.json", (c) => {
    const country = countryOf(clientAddress(c));
    const name = regionName(country);
    const excluded = (c.req.query("country[exclude]") ?? "").toUpperCase();
    const site = siteForCountry(country, platform.sites, geo.defaultSite ?? geo.baseSite);
    const suggest = c.req.query("country[enabled]") !== "false" && site !== null && site.code !== platform.site.code && country !== excluded;
    c.header("cache-control", "private, no-store");
    return c.json({
      detected_values: { country: { handle: country, name }, country_name: name },
      suggestions: suggest
        ? [
            {
              parts: {
                // The language as Shopify names it: its tag, and its name in itself ("français").
                language: { handle: site.language, name: new Intl.DisplayNames([site.language], { type: "language" }).of(languageOf(site.language)) ?? site.language, confidence: 1 },
                country: { handle: country, name, confidence: 1, options: { site: site.code, currency: site.currency } },
              },
              url: samePageOn(platform.site, site, "/", new URL(c.req.url).protocol),
            },
          ]
        : [],
    });
  });

  return app;
}
