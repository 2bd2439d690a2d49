/**
 * The footer's country selector over HTTP, Shopify's `POST /localization`:
 * the chosen country's site at the same page, the cookie that keeps the
 * choice, Jersey on the UK site, `return_to` kept on the shop, countries the
 * shop does not offer refused, and another site's form refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestShop, openTestShop } from "./harness.ts";

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
});

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const post = (fields: Record<string, string>, headers: Record<string, string> = {}, address = "/localization") =>
  shop.app.request(address, { method: "POST", headers: { ...FORM, ...headers }, body: new URLSearchParams(fields).toString() });
const cookieOf = (response: Response) => response.headers.getSetCookie().find((cookie) => cookie.startsWith("localization="));

describe("choosing a country", () => {
  it("goes to the same product on the French site, and keeps France in a year-long HttpOnly cookie", async () => {
    const response = await post({ country_code: "FR", return_to: "/products/x" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/fr-fr/products/x");
    const cookie = cookieOf(response) ?? "";
    expect(cookie).toMatch(/^localization=FR;/);
    expect(cookie).toContain("Max-Age=31536000");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("Secure");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("goes from the French site's cart to the UK's, at the root", async () => {
    const response = await post({ country_code: "GB", return_to: "/fr-fr/cart" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/cart");
    expect(cookieOf(response)).toMatch(/^localization=GB;/);
  });

  it("answers the French site's own selector (posted to /fr-fr/localization) with the UK address unprefixed", async () => {
    const response = await post({ country_code: "GB", return_to: "/fr-fr/products/x" }, {}, "/fr-fr/localization");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/products/x");
    const american = await post({ country_code: "US", return_to: "/fr-fr/cart" }, {}, "/fr-fr/localization");
    expect(american.headers.get("location")).toBe("/en-us/cart");
  });

  it("takes Jersey to the UK site", async () => {
    const response = await post({ country_code: "je", return_to: "/en-us/products/x?variant=7" });
    expect(response.headers.get("location")).toBe("/products/x?variant=7");
    expect(cookieOf(response)).toMatch(/^localization=JE;/);
  });

  it("accepts and ignores Shopify's other fields, and goes to the site's home without a return_to", async () => {
    const response = await post({ _method: "PUT", form_type: "localization", utf8: "✓", language_code: "fr", country_code: "US" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/en-us");
  });

  it("answers JSON to a script that asks for it", async () => {
    const response = await post({ country_code: "MC", return_to: "/collections/face" }, { accept: "application/json" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ country_code: "MC", site: "FR", location: "/fr-fr/collections/face" });
    expect(cookieOf(response)).toMatch(/^localization=MC;/);
  });

  it("marks the cookie Secure over HTTPS", async () => {
    const response = await post({ country_code: "FR", return_to: "/" }, {}, "https://shop.example/localization");
    expect(response.status).toBe(303);
    expect(cookieOf(response)).toContain("Secure");
  });
});

describe("return_to", () => {
  it("never leads off the shop: another host, a scheme or a backslash is the chosen site's home", async () => {
    for (const returnTo of ["//evil.example", "https://evil.example", "/\\evil", "/\\/evil.example", "/\t/evil.example", "javascript:alert(1)", "evil.example/products/x"]) {
      const french = await post({ country_code: "FR", return_to: returnTo });
      expect(french.status, returnTo).toBe(303);
      expect(french.headers.get("location"), returnTo).toBe("/fr-fr");
      const british = await post({ country_code: "GB", return_to: returnTo });
      expect(british.headers.get("location"), returnTo).toBe("/");
    }
  });
});

describe("refusals", () => {
  it("refuses a country the shop does not offer, or a malformed one, with 422 and no cookie", async () => {
    for (const country of ["ZZ", "DE", "FRA", "", "<b>"]) {
      const response = await post({ country_code: country, return_to: "/products/x" });
      expect(response.status, country).toBe(422);
      expect(response.headers.get("content-type")).toContain("text/html");
      expect(await response.text()).toContain("<h1>Country not available</h1>");
      expect(cookieOf(response), country).toBeUndefined();
    }
    const missing = await post({ return_to: "/products/x" });
    expect(missing.status).toBe(422);
  });

  it("answers a script's unknown country in the API's JSON error shape", async () => {
    const response = await post({ country_code: "ZZ" }, { accept: "application/json" });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ status: 422, message: "Unprocessable Entity", description: expect.stringContaining("country") });
  });

  it("refuses another site's form (the shop's same-site rule) and sets nothing", async () => {
    const crossSite: Record<string, string>[] = [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }, { referer: "https://evil.example/page" }];
    for (const headers of crossSite) {
      const response = await post({ country_code: "FR", return_to: "/products/x" }, headers);
      expect(response.status).toBe(403);
      expect(cookieOf(response)).toBeUndefined();
    }
  });

  it("never leads off the shop when the page behind a site's prefix starts with more slashes", async () => {
    for (const returnTo of ["/fr-fr//evil.example/x", "/fr-fr///evil.example", "/en-us//evil.example"]) {
      const response = await post({ country_code: "GB", return_to: returnTo }, { origin: "http://localhost", "sec-fetch-site": "same-origin" });
      expect(response.status).toBe(303);
      const location = response.headers.get("location") ?? "";
      expect(location, returnTo).toMatch(/^\/(?![/\\])/);
    }
  });

  it("accepts the shop's own form", async () => {
    const response = await post({ country_code: "FR", return_to: "/products/x" }, { origin: "http://localhost", "sec-fetch-site": "same-origin" });
    expect(response.status).toBe(303);
  });

  it("answers a GET with 405: the address takes the form's post only", async () => {
    const response = await shop.app.request("/localization");
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(response.headers.get("set-cookie")).toBeNull();
  });
});
