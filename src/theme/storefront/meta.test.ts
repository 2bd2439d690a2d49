import { describe, expect, it } from "vitest";
import { absoluteUrl, canonicalLink, pageTitle, plainText, shopCurrencyOf, shopNameOf, siteAddress, siteAlternates } from "./meta.ts";

describe("page meta", () => {
  it("titles a page with the shop's name", () => {
    expect(pageTitle("Vitamin C Serum", "Lumen")).toBe("Vitamin C Serum – Lumen");
    expect(pageTitle(undefined, "Lumen")).toBe("Lumen");
  });

  it("reads the shop's name from the root match", () => {
    expect(shopNameOf([{ id: "root", loaderData: { shop: JSON.stringify({ name: "Lumen" }) } }, { id: "routes/product" }])).toBe("Lumen");
    expect(shopNameOf([undefined])).toBe("Shop");
    expect(shopCurrencyOf([{ id: "root", loaderData: { shop: JSON.stringify({ name: "Lumen", currency: "GBP" }) } }])).toBe("GBP");
  });

  it("turns description HTML into one line of text", () => {
    expect(plainText("<p>Brightens &amp; evens.</p>\n<ul><li>15% vitamin C</li></ul>")).toBe("Brightens & evens. 15% vitamin C");
  });

  it("cuts long descriptions at a word", () => {
    const text = plainText(`<p>${"word ".repeat(60)}</p>`, 50);
    expect(text.length).toBeLessThanOrEqual(50);
    expect(text.endsWith("word…")).toBe(true);
  });
});

const site = (code: string, path: string, language: string, host: string | null = null) => ({ code, name: code, currency: "EUR", path, host, language, countries: [code], moneyFormat: "€{{amount}}", rate: 1 });
const UK = site("UK", "", "en-GB");
const US = site("US", "/en-us", "en-US");
const FR = site("FR", "/fr-fr", "fr-FR");
const SITES = [UK, US, FR];
const shopOn = (current: typeof UK) => ({ name: "Lumen", url: "https://shop.example", site: current, sites: SITES });
const rootOn = (current: typeof UK) => [{ id: "root", loaderData: { shop: JSON.stringify(shopOn(current)) } }];

describe("addresses on the page's site", () => {
  it("put the site's prefix before a page's path in canonical links and cards", () => {
    expect(canonicalLink(rootOn(FR), "/products/serum")).toEqual({ tagName: "link", rel: "canonical", href: "https://shop.example/fr-fr/products/serum" });
    expect(absoluteUrl(rootOn(FR), "/")).toBe("https://shop.example/fr-fr");
    expect(absoluteUrl(rootOn(UK), "/products/serum")).toBe("https://shop.example/products/serum");
  });

  it("leave files at the shop's root on every site", () => {
    expect(absoluteUrl(rootOn(FR), "/images/products/serum-1.png")).toBe("https://shop.example/images/products/serum-1.png");
    expect(absoluteUrl(rootOn(FR), "/favicon.svg")).toBe("https://shop.example/favicon.svg");
  });

  it("are the path as before when the page knows no site or no address", () => {
    expect(absoluteUrl([{ id: "root", loaderData: { shop: JSON.stringify({ url: "https://shop.example" }) } }], "/cart")).toBe("https://shop.example/cart");
    expect(absoluteUrl([undefined], "/cart")).toBe("/cart");
    expect(siteAddress(undefined, FR, "/cart")).toBe("/fr-fr/cart");
  });

  it("go to a site's own host, on the shop's scheme", () => {
    const ownHost = site("CA", "", "en-CA", "ca.shop.example");
    expect(siteAddress("https://shop.example", ownHost, "/cart")).toBe("https://ca.shop.example/cart");
    expect(siteAddress("http://localhost:3000", ownHost, "/cart")).toBe("http://ca.shop.example/cart");
  });
});

describe("hreflang alternates", () => {

  it("name the page on every site, and the base site as x-default", () => {
    expect(siteAlternates(shopOn(FR), "/products/serum")).toEqual([
      { hrefLang: "en-GB", href: "https://shop.example/products/serum" },
      { hrefLang: "en-US", href: "https://shop.example/en-us/products/serum" },
      { hrefLang: "fr-FR", href: "https://shop.example/fr-fr/products/serum" },
      { hrefLang: "x-default", href: "https://shop.example/products/serum" },
    ]);
  });

  it("are the same from every site, and leave parameters out as the canonical link does", () => {
    expect(siteAlternates(shopOn(US), "/collections/face?page=2")).toEqual(siteAlternates(shopOn(UK), "/collections/face"));
    expect(siteAlternates(shopOn(FR), "/").map((link) => link.href)).toEqual(["https://shop.example/", "https://shop.example/en-us", "https://shop.example/fr-fr", "https://shop.example/"]);
  });

  it("read a path that still carries the site's prefix as the page within it", () => {
    expect(siteAlternates(shopOn(FR), "/fr-fr/cart")).toEqual(siteAlternates(shopOn(FR), "/cart"));
  });

  it("are none for a shop of one site or a page that knows no site", () => {
    expect(siteAlternates({ url: "https://shop.example", site: UK, sites: [UK] }, "/")).toEqual([]);
    expect(siteAlternates({ url: "https://shop.example" }, "/")).toEqual([]);
    expect(siteAlternates(undefined, "/")).toEqual([]);
  });
});
