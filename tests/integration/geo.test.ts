/**
 * The visitor's country: the geolocation answer and Shopify's browsing
 * context suggestions, for addresses of each site's country taken from the
 * database the shop ships, Jersey and Guernsey (served by the UK site), a
 * trusted proxy's X-Forwarded-For and an untrusted one, loopback and private
 * addresses, and a malformed one.
 */
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Geolocator } from "../../src/platform/sites/geolocator.ts";
import { createApp } from "../../src/server/app.ts";
import { type TestShop, openTestShop } from "./harness.ts";

let shop: TestShop;
let behindProxy: ReturnType<typeof createApp>;
const addresses = new Map<string, string>();
const WANTED = ["GB", "US", "IE", "FR", "AU", "CA", "JE", "GG"];

beforeAll(async () => {
  shop = await openTestShop();
  behindProxy = createApp({ platform: shop.platform, logger: pino({ level: "silent" }), imageCacheDir: path.join(import.meta.dirname, "../../.data/test-images"), trustProxy: true });
  // An address of each country, found in the shipped database itself.
  const geolocator = new Geolocator();
  for (let a = 1; a < 224 && addresses.size < WANTED.length; a += 1) {
    for (let b = 0; b < 256 && addresses.size < WANTED.length; b += 1) {
      const address = `${a}.${b}.7.7`;
      const country = geolocator.country(address);
      if (country && WANTED.includes(country) && !addresses.has(country)) addresses.set(country, address);
    }
  }
});
afterAll(async () => {
  await shop?.close();
});

const lookup = async (app: ReturnType<typeof createApp>, forwardedFor?: string) =>
  (await (await app.request("/geolocation.json", { headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {} })).json()) as { country_code: string };

describe("the visitor's country", () => {
  it("is found for an address of each site's country, and of Jersey and Guernsey", async () => {
    expect([...addresses.keys()].sort()).toEqual([...WANTED].sort());
    for (const [country, address] of addresses) expect(await lookup(behindProxy, address), `${country} ${address}`).toEqual({ country_code: country });
  });

  it("takes the last X-Forwarded-For entry only behind a trusted proxy", async () => {
    const french = addresses.get("FR") ?? "";
    expect(await lookup(behindProxy, `${addresses.get("US")}, ${french}`)).toEqual({ country_code: "FR" });
    // Without TRUST_PROXY a client's header counts for nothing: the connection's own address (here none) answers the default.
    expect(await lookup(shop.app, french)).toEqual({ country_code: "GB" });
  });

  it("answers the default country for loopback, private and malformed addresses", async () => {
    for (const address of ["127.0.0.1", "10.0.0.8", "192.168.1.20", "::1", "not-an-address", "999.1.1.1"]) expect(await lookup(behindProxy, address), address).toEqual({ country_code: "GB" });
  });

  it("is never cached by a shared cache", async () => {
    const response = await behindProxy.request("/geolocation.json");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("Shopify's browsing context suggestions", () => {
  const suggest = async (address: string, query = "") =>
    (await (await behindProxy.request(`/browsing_context_suggestions.json${query}`, { headers: { "x-forwarded-for": address } })).json()) as {
      detected_values: { country: { handle: string; name: string }; country_name: string };
      suggestions: { parts: { language: { handle: string; name: string }; country: { handle: string; options: { site: string; currency: string } } }; url: string }[];
    };

  it("names the detected country and suggests the site it belongs to", async () => {
    const answer = await suggest(addresses.get("FR") ?? "");
    expect(answer.detected_values).toEqual({ country: { handle: "FR", name: "France" }, country_name: "France" });
    expect(answer.suggestions).toHaveLength(1);
    expect(answer.suggestions[0]?.parts.country.options).toEqual({ site: "FR", currency: "EUR" });
    expect(answer.suggestions[0]?.parts.language).toEqual({ handle: "fr-FR", name: "français", confidence: 1 });
  });

  it("suggests nothing for the shop's own site's countries, Jersey and Guernsey included, nor for an excluded country", async () => {
    for (const country of ["GB", "JE", "GG"]) expect((await suggest(addresses.get(country) ?? "")).suggestions, country).toEqual([]);
    expect((await suggest(addresses.get("US") ?? "", "?country[exclude]=US")).suggestions).toEqual([]);
    expect((await suggest(addresses.get("US") ?? "")).suggestions[0]?.parts.country.options.currency).toBe("USD");
  });
});
