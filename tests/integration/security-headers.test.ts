/**
 * Headers on every answer: no sniffing, a referrer policy, no framing by
 * other sites (pages carry their own Content-Security-Policy, checked in the
 * browser tests), and HSTS only when the shopper came over HTTPS.
 */
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageSecurityPolicy } from "../../src/platform/http/security-headers.ts";
import { createApp } from "../../src/server/app.ts";
import { type TestShop, openTestShop } from "./harness.ts";

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
});

describe("security headers", () => {
  it("tell the browser not to sniff, to send a short referrer, and not to let other sites frame the shop", async () => {
    const response = await shop.app.request("/cart.js");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });

  it("send HSTS only over HTTPS: the request's own scheme, or a trusted proxy's X-Forwarded-Proto", async () => {
    expect((await shop.app.request("http://shop.test/cart.js")).headers.get("strict-transport-security")).toBeNull();
    expect((await shop.app.request("https://shop.test/cart.js")).headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    // Without a trusted proxy a client's own X-Forwarded-Proto counts for nothing.
    expect((await shop.app.request("http://shop.test/cart.js", { headers: { "x-forwarded-proto": "https" } })).headers.get("strict-transport-security")).toBeNull();
    const behindProxy = createApp({ platform: shop.platform, logger: pino({ level: "silent" }), imageCacheDir: path.join(import.meta.dirname, "../../.data/test-images"), trustProxy: true });
    expect((await behindProxy.request("http://shop.test/cart.js", { headers: { "x-forwarded-proto": "https" } })).headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("write a page policy that runs only the shop's own scripts and lets only the listed origins frame the checkout", () => {
    const policy = pageSecurityPolicy("abc123", { frameAncestors: ["https://brand.example"] });
    expect(policy).toContain("script-src 'self' 'nonce-abc123'");
    expect(policy).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("form-action 'self'");
    expect(policy).toContain("frame-ancestors 'self' https://brand.example");
    expect(pageSecurityPolicy("x")).toContain("frame-ancestors 'self'");
  });

  it("put a policy on the pages the server writes itself, so a refusal runs no script", async () => {
    const refusals = [
      await shop.app.request("/cart/add", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" }, body: "id=1" }),
      await shop.app.request("/localization", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `country_code=ZZ&return_to=/&pad=${"x".repeat(300 * 1024)}` }),
    ];
    for (const response of refusals) {
      expect(response.headers.get("content-type")).toContain("text/html");
      const policy = response.headers.get("content-security-policy") ?? "";
      expect(policy).toMatch(/script-src 'self' 'nonce-[^']+'/);
      expect(await response.text()).not.toContain("<script");
    }
  });
});
