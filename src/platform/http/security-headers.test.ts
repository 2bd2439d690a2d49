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
    expect(pageSecurityPolicy(newNonce(), [], ["https://checkout.stripe.com"])).toContain("form-action 'self' https://checkout.stripe.com;");
  });
});
