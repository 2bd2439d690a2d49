import { describe, expect, it } from "vitest";
import { forwardedRequest, requestOrigin } from "./origin.ts";

const forwarded = { "x-forwarded-proto": "https", "x-forwarded-host": "shop.example" };

describe("requestOrigin", () => {
  it("is the request URL's scheme, host and port", () => {
    expect(requestOrigin(new Request("http://127.0.0.1:3000/cart/add.js"), false)).toBe("http://127.0.0.1:3000");
  });

  it("ignores forwarded headers unless the proxy is trusted", () => {
    const request = new Request("http://127.0.0.1:3000/cart", { headers: forwarded });
    expect(requestOrigin(request, false)).toBe("http://127.0.0.1:3000");
    expect(requestOrigin(request, true)).toBe("https://shop.example");
  });

  it("takes the first of a chain of proxies and refuses a malformed host", () => {
    expect(requestOrigin(new Request("http://app:3000/", { headers: { "x-forwarded-proto": "https, http", "x-forwarded-host": "Shop.Example:8443, app:3000" } }), true)).toBe(
      "https://shop.example:8443",
    );
    expect(requestOrigin(new Request("http://app:3000/", { headers: { "x-forwarded-proto": "gopher", "x-forwarded-host": "evil.example/path@x" } }), true)).toBe("http://app:3000");
  });
});

describe("forwardedRequest", () => {
  it("gives React Router the address the shopper used, body and headers kept", async () => {
    const original = new Request("http://127.0.0.1:3000/checkout.data?x=1", { method: "POST", headers: { ...forwarded, "content-type": "application/x-www-form-urlencoded" }, body: "email=a%40b.c" });
    const seen = forwardedRequest(original, true);
    expect(seen.url).toBe("https://shop.example/checkout.data?x=1");
    expect(seen.method).toBe("POST");
    expect(seen.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(await seen.text()).toBe("email=a%40b.c");
  });

  it("is the request itself when nothing is forwarded", () => {
    const original = new Request("http://127.0.0.1:3000/checkout", { headers: forwarded });
    expect(forwardedRequest(original, false)).toBe(original);
  });
});
