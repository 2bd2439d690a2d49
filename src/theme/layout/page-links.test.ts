import { describe, expect, it } from "vitest";
import { inPageTarget, prefetchAddress, prefetchAllowed, smoothScrollY } from "./page-links.ts";

const PAGE = "https://shop.example/collections/face?sort_by=price-ascending";
const address = (href: string, extra: { target?: string; download?: boolean } = {}) => prefetchAddress({ href, ...extra }, PAGE);

describe("prefetchAddress", () => {
  it("prefetches pages of this shop, by path and query", () => {
    expect(address("/products/vitamin-c-brightening-serum")).toBe("/products/vitamin-c-brightening-serum");
    expect(address("https://shop.example/products/retinol-night-serum?variant=42#reviews")).toBe("/products/retinol-night-serum?variant=42");
    expect(address("/collections/face?page=2")).toBe("/collections/face?page=2");
    expect(address("/collections/face")).toBe("/collections/face");
    expect(address("../bundles/the-glow-edit")).toBe("/bundles/the-glow-edit");
    expect(address("/")).toBe("/");
  });

  it("skips other origins and schemes", () => {
    expect(address("https://other.example/products/x")).toBeNull();
    expect(address("http://shop.example/products/x")).toBeNull();
    expect(address("//cdn.example/products/x")).toBeNull();
    expect(address("mailto:hello@lumenandleaf.example")).toBeNull();
    expect(address("tel:+441234567890")).toBeNull();
    expect(address("javascript:void(0)")).toBeNull();
  });

  it("skips this page and links within it", () => {
    expect(address("/collections/face?sort_by=price-ascending")).toBeNull();
    expect(address("#main")).toBeNull();
    expect(address("/collections/face?sort_by=price-ascending#filters")).toBeNull();
  });

  it("skips the ignore list", () => {
    for (const href of [
      "/account",
      "/account/login",
      "/account/logout",
      "/account/orders/1",
      "/cart",
      "/cart/clear",
      "/cart/clear.js",
      "/cart/add",
      "/cart/add.js?id=1",
      "/cart/update",
      "/cart/change",
      "/checkout",
      "/checkouts/abc",
      "/policies/privacy-policy",
      "/policies/shipping-policy",
      "/pages/privacy",
      "/pages/privacy-policy",
      "/search",
      "/search?q=serum",
      "/discount/GLOW10",
      "/ACCOUNT/Login",
    ]) {
      expect(address(href), href).toBeNull();
    }
  });

  it("does not take pages that only start like an ignored one", () => {
    expect(address("/cartography")).toBe("/cartography");
    expect(address("/accounts-payable")).toBe("/accounts-payable");
    expect(address("/pages/about")).toBe("/pages/about");
    expect(address("/collections/search-favourites")).toBe("/collections/search-favourites");
  });

  it("skips files, new windows and downloads", () => {
    expect(address("/products/x.js")).toBeNull();
    expect(address("/products/x.json")).toBeNull();
    expect(address("/sitemap.xml")).toBeNull();
    expect(address("/files/guide.pdf")).toBeNull();
    expect(address("/products/x", { target: "_blank" })).toBeNull();
    expect(address("/products/x", { target: "_self" })).toBe("/products/x");
    expect(address("/products/x", { download: true })).toBeNull();
  });

  it("skips what is not an address", () => {
    expect(address("http://[bad")).toBeNull();
    expect(prefetchAddress({ href: "/products/x" }, "not a page")).toBeNull();
  });
});

describe("inPageTarget", () => {
  it("finds the element a hash link on this page jumps to", () => {
    expect(inPageTarget({ href: "#main" }, PAGE)).toBe("main");
    expect(inPageTarget({ href: "/collections/face?sort_by=price-ascending#product-grid" }, PAGE)).toBe("product-grid");
    expect(inPageTarget({ href: "#caf%C3%A9" }, PAGE)).toBe("café");
  });

  it("leaves other links alone", () => {
    expect(inPageTarget({ href: "#" }, PAGE)).toBeNull();
    expect(inPageTarget({ href: "/collections/face#main" }, PAGE)).toBeNull();
    expect(inPageTarget({ href: "/products/x#reviews" }, PAGE)).toBeNull();
    expect(inPageTarget({ href: "https://other.example/collections/face?sort_by=price-ascending#main" }, PAGE)).toBeNull();
    expect(inPageTarget({ href: "#main", target: "_blank" }, PAGE)).toBeNull();
    expect(inPageTarget({ href: "#%E0%A4%A" }, PAGE)).toBeNull();
  });
});

describe("prefetchAllowed", () => {
  it("prefetches unless the shopper saves data or the network is 2G", () => {
    expect(prefetchAllowed(undefined)).toBe(true);
    expect(prefetchAllowed({ effectiveType: "4g" })).toBe(true);
    expect(prefetchAllowed({ effectiveType: "3g", saveData: false })).toBe(true);
    expect(prefetchAllowed({ effectiveType: "4g", saveData: true })).toBe(false);
    expect(prefetchAllowed({ effectiveType: "2g" })).toBe(false);
    expect(prefetchAllowed({ effectiveType: "slow-2g" })).toBe(false);
  });
});

describe("smoothScrollY", () => {
  it("eases from start to end over the duration", () => {
    expect(smoothScrollY(100, 1100, 0, 468)).toBe(100);
    expect(smoothScrollY(100, 1100, 234, 468)).toBeCloseTo(600);
    expect(smoothScrollY(100, 1100, 468, 468)).toBe(1100);
    expect(smoothScrollY(100, 1100, 900, 468)).toBe(1100);
    expect(smoothScrollY(1100, 100, 117, 468)).toBeGreaterThan(1000);
  });

  it("never overshoots", () => {
    for (let elapsed = 0; elapsed <= 468; elapsed += 13) {
      const y = smoothScrollY(0, 500, elapsed, 468);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(500);
    }
  });
});
