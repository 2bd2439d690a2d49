/**
 * The footer's country selector over HTTP, as Shopify's `POST /localization`
 * (a form that works without scripts): `country_code` picks the site, and
 * the shopper goes to the same page there, `return_to` (a local path; "/"
 * otherwise). `_method`, `language_code`, `form_type` and `utf8` are
 * accepted and ignored. The choice is kept in the `localization` cookie.
 *
 * A country the shop does not offer (no site lists it, nor the one it is
 * served as) is refused with 422. `GET /localization` is a 405: the address
 * takes the form's post only.
 */
import { Hono } from "hono";
import { LOCALIZATION_PATH, localizationTarget, offeredCountry } from "../../core/sites/localization.ts";
import { shopSites } from "../../core/sites/sites.ts";
import type { Platform } from "../services.ts";
import { readBody } from "./body.ts";
import { isHttps } from "./cookies.ts";
import { requestOrigin } from "./origin.ts";
import { postLimit, refusalPage, safeLocalPath, wantsJson } from "./requests.ts";
import { localizationCookie } from "./site-routing.ts";

const NOT_OFFERED = "The shop does not sell to that country. Please choose one from the list.";

export function localizationRoutes(platform: Pick<Platform, "settings">): Hono {
  const app = new Hono();
  const { settings } = platform;
  const sites = shopSites(settings);
  const baseCode = settings.geo.baseSite;
  const defaultCode = settings.geo.defaultSite ?? baseCode;

  app.post(LOCALIZATION_PATH, postLimit, async (c) => {
    const body = await readBody(c);
    c.header("cache-control", "no-store");
    const country = offeredCountry(body.country_code, sites);
    if (!country) {
      return wantsJson(c) ? c.json({ status: 422, message: "Unprocessable Entity", description: NOT_OFFERED }, 422) : refusalPage(c, 422, "Country not available", NOT_OFFERED);
    }
    const https = isHttps(c);
    // The page it came from is read on the host the shopper used (a site may have a host of its own).
    const host = new URL(requestOrigin(c.req.raw, c.get("shopAddress")?.trustProxy ?? false)).hostname;
    const { site, location } = localizationTarget({ sites, baseCode, defaultCode, host, returnTo: safeLocalPath(body.return_to, "/"), country, protocol: https ? "https:" : "http:" });
    c.header("set-cookie", localizationCookie(country, https), { append: true });
    if (wantsJson(c)) return c.json({ country_code: country, site: site.code, location });
    return c.redirect(location, 303);
  });

  app.get(LOCALIZATION_PATH, (c) => {
    c.header("allow", "POST");
    return refusalPage(c, 405, "Method not allowed", "Choose your country from the list at the foot of any page.");
  });

  return app;
}
