import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { belongsElsewhere, isPublicAddress, siteForCountry, siteName } from "./geo.ts";

const sites = [
  { code: "UK", countries: ["GB"] },
  { code: "US", countries: ["US"] },
  { code: "FR", countries: ["FR", "MC"] },
];

describe("the site a country belongs to", () => {
  it("is the site listing it, else the default", () => {
    expect(siteForCountry("FR", sites, "UK")?.code).toBe("FR");
    expect(siteForCountry("mc", sites, "UK")?.code).toBe("FR");
    expect(siteForCountry("DE", sites, "UK")?.code).toBe("UK");
    expect(siteForCountry(null, sites, "US")?.code).toBe("US");
  });

  it("serves Jersey, Guernsey and the Isle of Man as the United Kingdom, unless a site names them", () => {
    for (const country of ["JE", "GG", "IM"]) expect(siteForCountry(country, sites, "US")?.code).toBe("UK");
    expect(siteForCountry("JE", [...sites, { code: "JE", countries: ["JE"] }], "US")?.code).toBe("JE");
  });

  it("tells whether a visitor belongs elsewhere than the site they are on", () => {
    expect(belongsElsewhere("FR", "UK", sites, "UK")).toBe(true);
    expect(belongsElsewhere("GG", "UK", sites, "UK")).toBe(false);
    expect(belongsElsewhere("DE", "UK", sites, "UK")).toBe(false);
    expect(belongsElsewhere(null, "FR", sites, "UK")).toBe(true);
  });

  it("always answers one of the sites for any country", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 3 }), (country) => {
        const site = siteForCountry(country, sites, "UK");
        expect(sites).toContain(site);
      }),
    );
  });
});

describe("addresses a geolocation database can place", () => {
  it("are public ones", () => {
    for (const address of ["8.8.8.8", "81.2.69.142", "2a00:1450:4009::1", "::ffff:8.8.8.8", "100.128.0.1"]) expect(isPublicAddress(address), address).toBe(true);
  });

  it("are not loopback, private, link-local, carrier NAT, documentation, multicast or malformed ones", () => {
    for (const address of ["127.0.0.1", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.1.1", "100.64.0.1", "0.0.0.0", "224.0.0.1", "192.0.2.1", "198.51.100.7", "203.0.113.9", "::1", "::", "fe80::1", "fd00::1", "ff02::1", "2001:db8::1", "::ffff:10.0.0.1", "999.1.1.1", "not-an-ip", "", "1.2.3", "1::2::3"]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});

describe("a site's name in a language", () => {
  it("is its country's name there when the merchant named the site after its country", () => {
    expect(siteName({ name: "United Kingdom", countries: ["GB", "JE"] }, "fr-FR")).toBe("Royaume-Uni");
    expect(siteName({ name: "United States", countries: ["US"] }, "fr-FR")).toBe("États-Unis");
    expect(siteName({ name: "United Kingdom", countries: ["GB"] }, "en-GB")).toBe("United Kingdom");
  });

  it("is the merchant's own name otherwise", () => {
    expect(siteName({ name: "Europe", countries: ["FR", "DE"] }, "fr-FR")).toBe("Europe");
    expect(siteName({ name: "UK & Islands", countries: ["GB"] }, "fr-FR")).toBe("UK & Islands");
    expect(siteName({ name: "Worldwide", countries: [] }, "fr-FR")).toBe("Worldwide");
  });
});
