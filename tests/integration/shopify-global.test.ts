/**
 * `window.Shopify` on the shop's pages, as Shopify documents it for
 * locale-aware AJAX addresses: set by an inline script that carries the
 * page's Content-Security-Policy nonce, with the site's root, currency and
 * rate, language, country and the shop's domain; and the Section Rendering
 * API's array form (`sections[]=a&sections[]=b`). Runs on PGlite, and on
 * PostgreSQL when DATABASE_URL is set.
 */
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveShop } from "../../src/server/live-shop.ts";
import { openThemeShop } from "./harness.ts";

let shop: LiveShop;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ shop, close } = await openThemeShop());
});
afterAll(async () => {
  await close?.();
});

/** The page's `window.Shopify` as its inline scripts leave it, and whether the script setting it carries the policy's nonce. */
async function shopifyOn(address: string) {
  const response = await shop.fetch(new Request(new URL(address, "https://shop.test")));
  expect(response.status, address).toBe(200);
  const html = await response.text();
  const policyNonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  const script = [...html.matchAll(/<script nonce="([^"]*)"[^>]*>(.*?)<\/script>/gs)].find(([, , body]) => body?.includes("window.Shopify"));
  expect(script, address).toBeDefined();
  const window: { Shopify?: Record<string, unknown> } = {};
  runInNewContext(script?.[2] ?? "", { window });
  return { global: window.Shopify, nonce: script?.[1], policyNonce, html };
}

describe("window.Shopify", () => {
  it("on the UK site: root '/', pounds at rate 1.0, the shop's domain", async () => {
    const { global, nonce, policyNonce } = await shopifyOn("/collections/all");
    expect(global).toEqual({ shop: "shop.test", locale: "en", country: "GB", currency: { active: "GBP", rate: "1.0" }, routes: { root: "/" } });
    expect(policyNonce).toBeTruthy();
    expect(nonce).toBe(policyNonce);
  });

  it("on the French site: root '/fr-fr/', euros at the site's rate, country FR, the same shop", async () => {
    const { global, nonce, policyNonce } = await shopifyOn("/fr-fr/collections/all");
    expect(global).toMatchObject({ shop: "shop.test", country: "FR", currency: { active: "EUR", rate: "1.17" }, routes: { root: "/fr-fr/" } });
    expect(nonce).toBe(policyNonce);
  });

  it("builds AJAX addresses that answer on the page's site", async () => {
    const { global } = await shopifyOn("/fr-fr");
    const root = (global?.routes as { root: string }).root;
    const cart = (await (await shop.fetch(new Request(new URL(`${root}cart.js`, "https://shop.test")))).json()) as { currency: string };
    expect(cart.currency).toBe("EUR");
  });

  it("keeps what a script set on window.Shopify before it", async () => {
    const { html } = await shopifyOn("/");
    const body = /<script nonce="[^"]*"[^>]*>(window\.Shopify=.*?)<\/script>/s.exec(html)?.[1] ?? "";
    const window: { Shopify?: Record<string, unknown> } = { Shopify: { designMode: true } };
    runInNewContext(body, { window });
    expect(window.Shopify).toMatchObject({ designMode: true, routes: { root: "/" } });
  });
});

describe("the Section Rendering API's array form", () => {
  const sections = async (query: string) => {
    const response = await shop.fetch(new Request(new URL(`/collections/all?${query}`, "https://shop.test"), { headers: { accept: "application/json" } }));
    expect(response.headers.get("content-type")).toContain("application/json");
    return (await response.json()) as Record<string, string | null>;
  };

  it("answers sections[]=a&sections[]=b as sections=a,b does: each section's HTML, null for one the page lacks", async () => {
    const listed = await sections("sections=product-count,no-such-section");
    const array = await sections("sections[]=product-count&sections[]=no-such-section");
    expect(Object.keys(array)).toEqual(["product-count", "no-such-section"]);
    expect(array["product-count"]).toMatch(/^<div id="shopify-section-product-count" class="shopify-section">/);
    expect(array["no-such-section"]).toBeNull();
    expect(array).toEqual(listed);
  });
});
