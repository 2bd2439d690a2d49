import { describe, expect, it } from "vitest";
import { isCrossSite } from "./same-site.ts";

const post = (headers: Record<string, string>, url = "http://127.0.0.1:3000/cart/add") => new Request(url, { method: "POST", headers });

describe("isCrossSite", () => {
  it("lets through a request naming no origin (curl, a server, theme-cart under Node)", () => {
    expect(isCrossSite(post({}), false)).toBe(false);
  });

  it("compares Origin's scheme, host and port with the request's own", () => {
    expect(isCrossSite(post({ origin: "http://127.0.0.1:3000" }), false)).toBe(false);
    expect(isCrossSite(post({ origin: "http://127.0.0.1:3001" }), false)).toBe(true);
    expect(isCrossSite(post({ origin: "https://127.0.0.1:3000" }), false)).toBe(true);
    expect(isCrossSite(post({ origin: "http://evil.example" }), false)).toBe(true);
    expect(isCrossSite(post({ origin: "null" }), false)).toBe(true);
  });

  it("refuses whatever the browser marks as cross-site", () => {
    expect(isCrossSite(post({ "sec-fetch-site": "cross-site" }), false)).toBe(true);
    expect(isCrossSite(post({ "sec-fetch-site": "same-origin", origin: "http://127.0.0.1:3000" }), false)).toBe(false);
    expect(isCrossSite(post({ "sec-fetch-site": "none" }), false)).toBe(false);
  });

  it("refuses another origin of the same site (a sibling subdomain), even when it sends no Origin", () => {
    expect(isCrossSite(post({ "sec-fetch-site": "same-site" }), false)).toBe(true);
    expect(isCrossSite(post({ "sec-fetch-site": "same-site", origin: "https://blog.shop.example" }, "https://shop.example/checkout.json"), false)).toBe(true);
  });

  it("falls back on the Referer when there is no Origin", () => {
    expect(isCrossSite(post({ referer: "http://127.0.0.1:3000/products/serum?x=1" }), false)).toBe(false);
    expect(isCrossSite(post({ referer: "https://evil.example/page" }), false)).toBe(true);
  });

  it("takes the forwarded origin only behind a trusted proxy", () => {
    const behindProxy = post({ origin: "https://shop.example", "x-forwarded-proto": "https", "x-forwarded-host": "shop.example" });
    expect(isCrossSite(behindProxy, false)).toBe(true);
    expect(isCrossSite(behindProxy, true)).toBe(false);
  });
});
