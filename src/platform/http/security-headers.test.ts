import { describe, expect, it } from "vitest";
import { newNonce, pageSecurityPolicy } from "./security-headers.ts";

describe("script nonces", () => {
  it("are 18 random bytes in base64, never the same twice across many draws", () => {
    const nonces = Array.from({ length: 2000 }, newNonce);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{24}$/);
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it("are named in the page's policy", () => {
    const nonce = newNonce();
    expect(pageSecurityPolicy(nonce)).toContain(`script-src 'self' 'nonce-${nonce}'`);
  });

  it("let forms lead to the shop only, and from checkout also to the payment page", () => {
    expect(pageSecurityPolicy(newNonce())).toContain("form-action 'self';");
    expect(pageSecurityPolicy(newNonce(), { formTargets: ["https://checkout.stripe.com"] })).toContain("form-action 'self' https://checkout.stripe.com;");
  });

  it("add the merchant's script origins to script-src and connect-src only, and are unchanged without any", () => {
    const policy = pageSecurityPolicy("n", { scriptOrigins: ["https://www.googletagmanager.com", "https://*.analytics.example.com"] });
    expect(policy).toContain("script-src 'self' 'nonce-n' https://www.googletagmanager.com https://*.analytics.example.com;");
    expect(policy).toContain("connect-src 'self' https://www.googletagmanager.com https://*.analytics.example.com;");
    expect(policy).toContain("img-src 'self' data: blob:;");
    expect(policy).toContain("default-src 'self';");
    expect(pageSecurityPolicy("n", { scriptOrigins: [] })).toBe(pageSecurityPolicy("n"));
    expect(pageSecurityPolicy("n")).toBe(
      "default-src 'self'; script-src 'self' 'nonce-n'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; worker-src 'self' blob:; frame-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'",
    );
  });
});
