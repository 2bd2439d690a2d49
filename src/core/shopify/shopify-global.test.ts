import { describe, expect, it } from "vitest";
import type { SiteInfo } from "../sites/sites.ts";
import { shopifyGlobal, shopifyGlobalScript } from "./shopify-global.ts";

const site = (overrides: Partial<SiteInfo>): SiteInfo => ({ code: "UK", name: "United Kingdom", currency: "GBP", path: "", host: null, language: "en-GB", countries: ["GB"], moneyFormat: "£{{amount}}", rate: 1, ...overrides });

describe("shopifyGlobal", () => {
  it("gives a prefixed site its prefix with a trailing slash, the root site '/'", () => {
    expect(shopifyGlobal(site({ path: "/fr-fr" }), "https://shop.example").routes.root).toBe("/fr-fr/");
    expect(shopifyGlobal(site({}), "https://shop.example").routes.root).toBe("/");
  });

  it("answers a site on a host of its own at that host's root, the shop's domain unchanged", () => {
    expect(shopifyGlobal(site({ host: "boutique.example", path: "" }), "https://shop.example")).toMatchObject({ shop: "shop.example", routes: { root: "/" } });
  });

  it("writes the rate as Shopify does (a decimal string) and the locale as the language's primary subtag", () => {
    expect(shopifyGlobal(site({ currency: "EUR", rate: 1.17, language: "fr-FR", countries: ["FR", "MC"] }), "https://shop.example")).toEqual({
      shop: "shop.example",
      locale: "fr",
      country: "FR",
      currency: { active: "EUR", rate: "1.17" },
      routes: { root: "/" },
    });
    expect(shopifyGlobal(site({ rate: 2 }), "https://shop.example").currency.rate).toBe("2.0");
  });

  it("cannot close its script element, whatever a value holds", () => {
    expect(shopifyGlobalScript(shopifyGlobal(site({ countries: ["</script><script>alert(1)//"] }), "https://shop.example"))).not.toContain("</script");
  });
});
