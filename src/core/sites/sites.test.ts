import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { moneyFormatFor, pathWithinSite, samePageOn, siteOfAddress, sitePath, siteRoot } from "./sites.ts";

type TestSite = { code: string; path: string; host: string | null };

const uk: TestSite = { code: "UK", path: "", host: null };
const us: TestSite = { code: "US", path: "/en-us", host: null };
const fr: TestSite = { code: "FR", path: "/fr-fr", host: null };
const ie: TestSite = { code: "IE", path: "/en-ie", host: null };
// A site of its own host name, and one at a prefix of that host.
const frHost: TestSite = { code: "FRH", path: "", host: "fr.shop.example" };
const caHost: TestSite = { code: "CAF", path: "/fr", host: "ca.shop.example" };

// The prefixed sites come before the root one, so the longest prefix must win on its merits, not by order.
const sites = [fr, us, ie, uk];
const at = (pathname: string, host: string | null = "shop.example", list: readonly TestSite[] = sites) => {
  const found = siteOfAddress(list, "UK", host, pathname);
  return [found.site.code, found.path];
};

describe("siteOfAddress", () => {
  it("takes the site whose prefix begins the path, and the path without it", () => {
    expect(at("/fr-fr/products/x")).toEqual(["FR", "/products/x"]);
    expect(at("/en-us/cart.js")).toEqual(["US", "/cart.js"]);
    expect(at("/en-ie/collections/face/serums")).toEqual(["IE", "/collections/face/serums"]);
    expect(at("/products/x")).toEqual(["UK", "/products/x"]);
  });

  it("answers the prefix alone (with or without a slash) as the site's home", () => {
    expect(at("/fr-fr")).toEqual(["FR", "/"]);
    expect(at("/fr-fr/")).toEqual(["FR", "/"]);
    expect(at("/")).toEqual(["UK", "/"]);
    expect(at("")).toEqual(["UK", "/"]);
  });

  it("prefers the longest prefix whatever the order of the sites", () => {
    for (const list of [sites, [...sites].reverse(), [uk, fr], [fr, uk]]) {
      expect(at("/fr-fr/cart", "shop.example", list)).toEqual(["FR", "/cart"]);
      expect(at("/cart", "shop.example", list)).toEqual(["UK", "/cart"]);
    }
  });

  it("matches a prefix in any case, keeping the rest of the path as written", () => {
    expect(at("/FR-FR/Products/X")).toEqual(["FR", "/Products/X"]);
    expect(at("/Fr-Fr")).toEqual(["FR", "/"]);
    expect(at("/EN-US/cart.js")).toEqual(["US", "/cart.js"]);
  });

  it("matches a whole path segment only: /fr-frx and /fr-fr.js are not the French site", () => {
    expect(at("/fr-frx")).toEqual(["UK", "/fr-frx"]);
    expect(at("/fr-frx/cart")).toEqual(["UK", "/fr-frx/cart"]);
    expect(at("/fr-fr.js")).toEqual(["UK", "/fr-fr.js"]);
    expect(at("/fr")).toEqual(["UK", "/fr"]);
    expect(at("/en-usa/cart.js")).toEqual(["UK", "/en-usa/cart.js"]);
    // The prefix deeper in the path does not count.
    expect(at("/pages/fr-fr")).toEqual(["UK", "/pages/fr-fr"]);
  });

  it("answers an unknown prefix from the base site with the whole path", () => {
    expect(at("/xx-yy/cart.js")).toEqual(["UK", "/xx-yy/cart.js"]);
  });

  it("serves a host-named site on its host (any case, any port), and only the shop's own sites elsewhere", () => {
    const list = [uk, fr, frHost, caHost];
    expect(at("/products/x", "fr.shop.example", list)).toEqual(["FRH", "/products/x"]);
    expect(at("/products/x", "FR.Shop.Example:8443", list)).toEqual(["FRH", "/products/x"]);
    expect(at("/products/x", " fr.shop.example ", list)).toEqual(["FRH", "/products/x"]);
    // The host's sites only: /fr-fr on the French host is a path of that host's root site.
    expect(at("/fr-fr/cart", "fr.shop.example", list)).toEqual(["FRH", "/fr-fr/cart"]);
    // On the shop's own host (or none named) the host-named sites take nothing.
    expect(at("/products/x", "shop.example", list)).toEqual(["UK", "/products/x"]);
    expect(at("/fr-fr/cart", null, list)).toEqual(["FR", "/cart"]);
    expect(at("/fr-fr/cart", undefined as unknown as null, list)).toEqual(["FR", "/cart"]);
    // A host with a prefixed site and no root site of its own: the prefix, else the base site.
    expect(at("/fr/panier", "ca.shop.example", list)).toEqual(["CAF", "/panier"]);
    expect(at("/cart", "ca.shop.example", list)).toEqual(["UK", "/cart"]);
  });

  it("falls back to the base site, else the first site, and refuses a shop with none", () => {
    expect(siteOfAddress([fr, us], "US", "shop.example", "/cart").site.code).toBe("US");
    expect(siteOfAddress([fr, us], "XX", "shop.example", "/cart").site.code).toBe("FR");
    expect(() => siteOfAddress([], "UK", "shop.example", "/")).toThrow();
  });

  it("always answers a path within the site that begins with /", () => {
    const segment = fc.stringMatching(/^[a-zA-Z0-9._-]{0,8}$/);
    const pathname = fc.array(fc.oneof(segment, fc.constantFrom("fr-fr", "FR-FR", "en-us", "fr-frx", "")), { maxLength: 5 }).map((parts) => `/${parts.join("/")}`);
    fc.assert(
      fc.property(pathname, (path) => {
        const { site, path: rest } = siteOfAddress(sites, "UK", "shop.example", path);
        expect(rest.startsWith("/")).toBe(true);
        // The site's prefix (in any case) and the path within it make up the address asked for.
        const head = path.slice(0, site.path.length);
        expect(head.toLowerCase()).toBe(site.path);
        const tail = path.slice(site.path.length);
        expect(rest).toBe(tail === "" ? "/" : tail);
      }),
    );
  });
});

describe("sitePath and pathWithinSite", () => {
  it("put the site's prefix before a shop address, queries and hashes kept", () => {
    expect(sitePath(fr, "/products/x")).toBe("/fr-fr/products/x");
    expect(sitePath(fr, "/products/x?variant=7#reviews")).toBe("/fr-fr/products/x?variant=7#reviews");
    expect(sitePath(fr, "/")).toBe("/fr-fr");
    expect(sitePath(fr, "/?q=serum")).toBe("/fr-fr?q=serum");
    expect(sitePath(fr, "/#top")).toBe("/fr-fr#top");
    expect(sitePath(fr, "/fr-frx")).toBe("/fr-fr/fr-frx");
  });

  it("leave an address already on the site as it is", () => {
    expect(sitePath(fr, "/fr-fr")).toBe("/fr-fr");
    expect(sitePath(fr, "/fr-fr/cart")).toBe("/fr-fr/cart");
    expect(sitePath(fr, "/fr-fr?x=1")).toBe("/fr-fr?x=1");
    expect(sitePath(fr, "/fr-fr#top")).toBe("/fr-fr#top");
  });

  it("leave addresses outside the shop, relative ones and the root site's alone", () => {
    for (const address of ["https://other.example/cart", "//evil.example/cart", "mailto:care@shop.example", "#top", "?page=2", "cart", ""]) {
      expect(sitePath(fr, address), address).toBe(address);
      expect(pathWithinSite(fr, address), address).toBe(address);
    }
    for (const address of ["/", "/cart", "/fr-fr/cart", "//evil.example/"]) {
      expect(sitePath(uk, address)).toBe(address);
      expect(pathWithinSite(uk, address)).toBe(address);
    }
  });

  it("take the prefix away again, the prefix alone being the home page", () => {
    expect(pathWithinSite(fr, "/fr-fr/products/x?variant=7#reviews")).toBe("/products/x?variant=7#reviews");
    expect(pathWithinSite(fr, "/fr-fr")).toBe("/");
    expect(pathWithinSite(fr, "/fr-fr/")).toBe("/");
    expect(pathWithinSite(fr, "/fr-fr?q=serum")).toBe("/?q=serum");
    expect(pathWithinSite(fr, "/fr-fr#top")).toBe("/#top");
    // Not on the site: unchanged.
    expect(pathWithinSite(fr, "/cart")).toBe("/cart");
    expect(pathWithinSite(fr, "/fr-frx/cart")).toBe("/fr-frx/cart");
    expect(pathWithinSite(fr, "/en-us/cart")).toBe("/en-us/cart");
  });

  const segment = fc.stringMatching(/^[a-z0-9._~-]{1,10}$/);
  const query = fc.option(fc.stringMatching(/^[a-z0-9=&_%-]{0,12}$/), { nil: undefined });
  const hash = fc.option(fc.stringMatching(/^[a-z0-9_-]{0,8}$/), { nil: undefined });
  const shopAddress = fc
    .tuple(fc.array(segment, { maxLength: 4 }), fc.boolean(), query, hash)
    .map(([parts, slash, q, h]) => `/${parts.join("/")}${slash && parts.length > 0 ? "/" : ""}${q === undefined ? "" : `?${q}`}${h === undefined ? "" : `#${h}`}`)
    // An address that already begins with a site's prefix is left alone by design.
    .filter((address) => !/^\/(?:fr-fr|en-us)(?:[/?#]|$)/.test(address));

  it("round-trip any shop address: on the site and back again", () => {
    fc.assert(
      fc.property(shopAddress, fc.constantFrom(fr, us, uk), (address, site) => {
        const onSite = sitePath(site, address);
        expect(onSite.startsWith(site.path)).toBe(true);
        expect(pathWithinSite(site, onSite)).toBe(address);
        // Once on the site it stays there.
        expect(sitePath(site, onSite)).toBe(onSite);
      }),
    );
  });

  it("give the site's root as Shopify's routes.root writes it", () => {
    expect(siteRoot(fr)).toBe("/fr-fr/");
    expect(siteRoot(uk)).toBe("/");
  });
});

describe("samePageOn", () => {
  it("moves a page from one prefix to another", () => {
    expect(samePageOn(fr, us, "/fr-fr/products/x?variant=7#reviews")).toBe("/en-us/products/x?variant=7#reviews");
    expect(samePageOn(fr, us, "/fr-fr")).toBe("/en-us");
    expect(samePageOn(fr, us, "/fr-fr?q=serum")).toBe("/en-us?q=serum");
  });

  it("moves a page to the root site and from it", () => {
    expect(samePageOn(fr, uk, "/fr-fr/cart")).toBe("/cart");
    expect(samePageOn(fr, uk, "/fr-fr")).toBe("/");
    expect(samePageOn(uk, fr, "/")).toBe("/fr-fr");
    expect(samePageOn(uk, fr, "/collections/face?page=2")).toBe("/fr-fr/collections/face?page=2");
  });

  it("gives an absolute address on a site of its own host, on the protocol asked for", () => {
    expect(samePageOn(fr, frHost, "/fr-fr/products/x")).toBe("https://fr.shop.example/products/x");
    expect(samePageOn(uk, frHost, "/", "http:")).toBe("http://fr.shop.example/");
    expect(samePageOn(uk, caHost, "/cart")).toBe("https://ca.shop.example/fr/cart");
    expect(samePageOn(frHost, fr, "/products/x")).toBe("/fr-fr/products/x");
  });

  it("leaves the page where it is when the site is the same", () => {
    fc.assert(
      fc.property(fc.constantFrom("/", "/cart", "/products/x?variant=1", "/collections/face#grid"), fc.constantFrom(fr, us, uk), (page, site) => {
        const address = sitePath(site, page);
        expect(samePageOn(site, site, address)).toBe(address);
      }),
    );
  });
});

describe("moneyFormatFor", () => {
  const list = [
    { currency: "GBP", moneyFormat: "£{{amount}}" },
    { currency: "USD", moneyFormat: "${{amount}}" },
    { currency: "EUR", moneyFormat: "€{{amount}}" },
    { currency: "EUR", moneyFormat: "{{amount_with_comma_separator}} €" },
  ];
  const french = list[3]!;
  const american = list[1]!;

  it("writes the page's own currency in the page's format", () => {
    expect(moneyFormatFor("EUR", french, list)).toBe("{{amount_with_comma_separator}} €");
    expect(moneyFormatFor("USD", american, list)).toBe("${{amount}}");
  });

  it("writes another currency as the first site selling in it does", () => {
    expect(moneyFormatFor("EUR", american, list)).toBe("€{{amount}}");
    expect(moneyFormatFor("GBP", french, list)).toBe("£{{amount}}");
  });

  it("writes a currency no site sells in as the amount and its code", () => {
    expect(moneyFormatFor("JPY", french, list)).toBe("{{amount}} JPY");
    expect(moneyFormatFor("JPY", french, [])).toBe("{{amount}} JPY");
  });
});

describe("prefixes in any case", () => {
  it("an address reached in upper case is on its site: not prefixed twice, and moved whole to another site", () => {
    expect(sitePath(fr, "/FR-FR/cart")).toBe("/FR-FR/cart");
    expect(pathWithinSite(fr, "/FR-FR/products/x?variant=1")).toBe("/products/x?variant=1");
    expect(samePageOn(fr, us, "/FR-FR/products/x")).toBe("/en-us/products/x");
  });
});
