import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countryFromCookieHeader, countryOptions, currencySymbol, localizationTarget, offeredCountry, selectedCountry } from "./localization.ts";

const site = (code: string, currency: string, path: string, countries: string[], host: string | null = null) => ({ code, name: code, currency, path, host, language: "en", countries });
const UK = site("UK", "GBP", "", ["GB", "JE", "GG", "IM"]);
const US = site("US", "USD", "/en-us", ["US"]);
const FR = site("FR", "EUR", "/fr-fr", ["FR", "MC"]);
const SITES = [UK, US, FR];

const choose = (country: string, returnTo: string, sites = SITES, host = "shop.example") =>
  localizationTarget({ sites, baseCode: "UK", defaultCode: "UK", host, returnTo, country, protocol: "https:" });

describe("the countries the shop offers", () => {
  it("are the ones a site lists, in any case, and those served as one (Jersey as the United Kingdom)", () => {
    expect(offeredCountry("FR", SITES)).toBe("FR");
    expect(offeredCountry(" mc ", SITES)).toBe("MC");
    expect(offeredCountry("JE", [US, FR, site("UK", "GBP", "", ["GB"])])).toBe("JE");
  });

  it("are none other: no unlisted country, nothing malformed", () => {
    for (const value of ["DE", "ZZ", "FRA", "F", "", "F1", "../..", null, undefined, 33, ["FR"]]) expect(offeredCountry(value, SITES), String(value)).toBeNull();
    expect(offeredCountry("JE", [US, FR])).toBeNull();
  });

  it("are read back from the cookie only while the shop still offers them", () => {
    expect(countryFromCookieHeader("cart=abc.def; localization=FR; cookie_consent=v1.a0.m0", SITES)).toBe("FR");
    expect(countryFromCookieHeader("localization=DE", SITES)).toBeNull();
    expect(countryFromCookieHeader("localization=<script>", SITES)).toBeNull();
    expect(countryFromCookieHeader(null, SITES)).toBeNull();
  });
});

describe("where a choice leads", () => {
  it("is the same page on the chosen country's site", () => {
    expect(choose("FR", "/products/serum")).toEqual({ site: FR, location: "/fr-fr/products/serum" });
    expect(choose("GB", "/fr-fr/cart").location).toBe("/cart");
    expect(choose("US", "/fr-fr/collections/face?page=2").location).toBe("/en-us/collections/face?page=2");
    expect(choose("MC", "/fr-fr").location).toBe("/fr-fr");
    expect(choose("GB", "/fr-fr").location).toBe("/");
  });

  it("takes Jersey, Guernsey and the Isle of Man to the United Kingdom's site", () => {
    for (const country of ["JE", "GG", "IM"]) expect(choose(country, "/fr-fr/products/serum")).toEqual({ site: UK, location: "/products/serum" });
  });

  it("goes to a site's own host, and reads the page on the host it came from", () => {
    const CA = site("CA", "CAD", "", ["CA"], "ca.shop.example");
    const sites = [...SITES, CA];
    expect(choose("CA", "/en-us/cart", sites).location).toBe("https://ca.shop.example/cart");
    expect(choose("FR", "/cart", sites, "ca.shop.example").location).toBe("/fr-fr/cart");
  });

  /** Paths made of the pieces that try to leave a shop (empty segments, backslashes, hosts, escapes) and of any text; quick to draw, unlike `fc.webPath`. */
  const pathLike = fc
    .array(fc.oneof(fc.constantFrom("", "/", "//", "\\", "evil.example", "%2F%2F", "..", "@evil.example", "https:", "fr-fr", "en-us"), fc.string({ maxLength: 8 })), { maxLength: 6 })
    .map((segments) => segments.join("/"));

  it("always stays on the shop: a local path, or an address of one of its sites' hosts", () => {
    fc.assert(
      fc.property(fc.constantFrom("GB", "JE", "US", "FR", "MC"), pathLike, (country, path) => {
        const returnTo = `/${path.replace(/^\/+/, "")}`;
        const { location } = choose(country, returnTo);
        expect(location.startsWith("/")).toBe(true);
        expect(location.startsWith("//")).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});

describe("the selector's options", () => {
  it("list every country the sites list, by name, with its site's currency", () => {
    const options = countryOptions(SITES);
    expect(options.map((option) => option.label)).toEqual([
      "France (EUR €)",
      "Guernsey (GBP £)",
      "Isle of Man (GBP £)",
      "Jersey (GBP £)",
      "Monaco (EUR €)",
      "United Kingdom (GBP £)",
      "United States (USD $)",
    ]);
    expect(options.find((option) => option.country === "MC")?.siteCode).toBe("FR");
  });

  it("name and sort the countries in the site's language", () => {
    expect(countryOptions(SITES, "fr-FR").map((option) => option.label)).toEqual([
      "États-Unis (USD $)",
      "France (EUR €)",
      "Guernesey (GBP £)",
      "Île de Man (GBP £)",
      "Jersey (GBP £)",
      "Monaco (EUR €)",
      "Royaume-Uni (GBP £)",
    ]);
  });

  it("show a currency's code when it has no symbol", () => {
    expect(currencySymbol("EUR")).toBe("€");
    expect(currencySymbol("not a currency")).toBe("not a currency");
  });

  it("choose the shopper's country when it is on this site, else the site's first", () => {
    expect(selectedCountry(UK, "JE")).toBe("JE");
    expect(selectedCountry(UK, "FR")).toBe("GB");
    expect(selectedCountry(FR, null)).toBe("FR");
  });
});
