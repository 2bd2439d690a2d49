import { describe, expect, it } from "vitest";
import { prefetchCacheControl } from "./prefetch-cache.ts";

const prefetch = (path: string, headers: Record<string, string> = { "sec-purpose": "prefetch" }, method = "GET") => new Request(`https://shop.example${path}`, { method, headers });

describe("prefetchCacheControl", () => {
  it("lets a prefetched page's data be reused for 30 s", () => {
    expect(prefetchCacheControl(prefetch("/products/x.data?_routes=routes%2Fproduct"), 200)).toBe("private, max-age=30");
    expect(prefetchCacheControl(prefetch("/collections/face.data?page=2&_routes=routes%2Fcollection"), 200)).toBe("private, max-age=30");
    expect(prefetchCacheControl(prefetch("/_root.data?_routes=routes%2Fhome", { purpose: "prefetch" }), 200)).toBe("private, max-age=30");
  });

  it("leaves the navigation's own request uncached", () => {
    expect(prefetchCacheControl(prefetch("/products/x.data?_routes=routes%2Fproduct", {}), 200)).toBeNull();
  });

  it("never caches data that holds the cart or the shopper's own pages", () => {
    expect(prefetchCacheControl(prefetch("/products/x.data"), 200)).toBeNull();
    expect(prefetchCacheControl(prefetch("/products/x.data?_routes=root%2Croutes%2Fproduct"), 200)).toBeNull();
    expect(prefetchCacheControl(prefetch("/cart.data?_routes=routes%2Fcart"), 200)).toBeNull();
    expect(prefetchCacheControl(prefetch("/checkout.data?_routes=routes%2Fcheckout"), 200)).toBeNull();
    expect(prefetchCacheControl(prefetch("/orders/abc.data?_routes=routes%2Forder"), 200)).toBeNull();
  });

  it("caches only successful GETs of page data", () => {
    expect(prefetchCacheControl(prefetch("/products/x.data?_routes=routes%2Fproduct"), 404)).toBeNull();
    expect(prefetchCacheControl(prefetch("/products/x.data?_routes=routes%2Fproduct", { "sec-purpose": "prefetch" }, "POST"), 200)).toBeNull();
    expect(prefetchCacheControl(prefetch("/products/x?_routes=routes%2Fproduct"), 200)).toBeNull();
    expect(prefetchCacheControl(prefetch("/products/x.js"), 200)).toBeNull();
  });
});
