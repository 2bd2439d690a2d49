import { describe, expect, it } from "vitest";
import { isScriptOrigin, securitySchema } from "./security-settings.ts";

describe("script origins", () => {
  it("takes https origins, with a port or a leading wildcard label", () => {
    for (const origin of ["https://www.googletagmanager.com", "https://cdn.example.co.uk:8443", "https://*.analytics.example.com", "https://*.example.com"]) {
      expect(isScriptOrigin(origin), origin).toBe(true);
    }
  });

  it("refuses keywords, other schemes, paths, bare wildcards and whole top-level domains", () => {
    for (const value of [
      "'unsafe-inline'",
      "'unsafe-eval'",
      "'self'",
      "*",
      "https:",
      "https://*",
      "https://*.com",
      "https://*.uk",
      "http://analytics.example.com",
      "https://analytics.example.com/script.js",
      "https://a.*.example.com",
      "https://analytics.example.com 'unsafe-inline'",
      "https://analytics.example.com; script-src *",
      "data:",
      "https://localhost",
      "",
    ]) {
      expect(isScriptOrigin(value), value).toBe(false);
    }
  });

  it("reads the setting as typed, a trailing slash and capitals tidied, and refuses an unsafe entry", () => {
    expect(securitySchema.parse(undefined)).toEqual({ scriptOrigins: [], inlineScripts: [] });
    expect(securitySchema.parse({ scriptOrigins: [" https://CDN.Example.com/ "] })).toEqual({ scriptOrigins: ["https://cdn.example.com"], inlineScripts: [] });
    expect(securitySchema.safeParse({ scriptOrigins: ["'unsafe-inline'"] }).success).toBe(false);
  });

  it("takes an inline snippet's code alone, never one that closes its script element or opens a comment", () => {
    expect(securitySchema.parse({ inlineScripts: ["  window.embed = 1;  "] }).inlineScripts).toEqual(["window.embed = 1;"]);
    for (const code of ["</script><script>alert(1)", "a = '</SCRIPT >'", "<!-- x", "", "x".repeat(20_001)]) {
      expect(securitySchema.safeParse({ inlineScripts: [code] }).success, code.slice(0, 30)).toBe(false);
    }
  });
});
