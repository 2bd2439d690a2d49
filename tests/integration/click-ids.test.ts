/**
 * A landing request carrying a marketing click id answers with a cookie
 * holding it, once the shopper has given marketing consent: 365 days,
 * Secure, SameSite=Lax, readable by scripts. The pages get it through the
 * same middleware (the browser test checks a real page).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestShop, openTestShop } from "./harness.ts";

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});

afterAll(async () => {
  await shop.close();
});

/** A shopper who accepted marketing cookies. */
const consented = { headers: { cookie: "cookie_consent=v1.a1.m1" } };

const clickCookies = (response: Response) => response.headers.getSetCookie().filter((cookie) => /^(gclid|fbclid|msclkid|ttclid)=/.test(cookie));

describe("click-id cookies", () => {
  it("stores gclid for 365 days, Secure and SameSite=Lax, not HttpOnly", async () => {
    const response = await shop.app.request("/products/plain-cleanser.js?utm_source=google&gclid=Cj0KCQiA-abc_123", consented);
    expect(response.status).toBe(200);
    const [cookie, ...others] = clickCookies(response);
    expect(others).toEqual([]);
    expect(cookie).toBeDefined();
    const [pair, ...attributes] = cookie!.split("; ");
    expect(pair).toBe("gclid=Cj0KCQiA-abc_123");
    expect(attributes).toEqual(expect.arrayContaining(["Max-Age=31536000", "Path=/", "Secure", "SameSite=Lax"]));
    expect(attributes.some((attribute) => /^HttpOnly$/i.test(attribute))).toBe(false);
  });

  it("stores each platform's id in its own cookie", async () => {
    const response = await shop.app.request("/?fbclid=IwAR2xYz_9&msclkid=0123456789abcdef0123456789abcdef&ttclid=E.C.P.CqgBabc", consented);
    expect(clickCookies(response).map((cookie) => cookie.split(";")[0])).toEqual(["fbclid=IwAR2xYz_9", "msclkid=0123456789abcdef0123456789abcdef", "ttclid=E.C.P.CqgBabc"]);
  });

  it("is set on a redirect, which carries the id on", async () => {
    const response = await shop.app.request("/discount/GLOW10?redirect=/collections/face&gclid=abc123", consented);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/collections/face?gclid=abc123");
    expect(clickCookies(response).map((cookie) => cookie.split(";")[0])).toEqual(["gclid=abc123"]);
  });

  it("ignores values that are not ids", async () => {
    const tooLong = "a".repeat(256);
    for (const query of [`gclid=${tooLong}`, "gclid=a%3B%20Domain%3Devil.example", "fbclid=%3Cscript%3E", "msclkid=", "ttclid=a%0D%0ASet-Cookie%3A%20x%3Dy"]) {
      expect(clickCookies(await shop.app.request(`/products/plain-cleanser.js?${query}`, consented)), query).toEqual([]);
    }
  });

  it("waits for marketing consent: none without a choice, or after analytics only, or a refusal", async () => {
    for (const cookie of [undefined, "cookie_consent=v1.a1.m0", "cookie_consent=v1.a0.m0", "cookie_consent=garbage"]) {
      const response = await shop.app.request("/products/plain-cleanser.js?gclid=abc123", cookie ? { headers: { cookie } } : {});
      expect(clickCookies(response), cookie ?? "no choice").toEqual([]);
    }
  });

  it("leaves requests without one alone, and posts", async () => {
    expect(clickCookies(await shop.app.request("/products/plain-cleanser.js?variant=1"))).toEqual([]);
    const post = await shop.app.request("/cart/add.js?gclid=abc", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ items: [] }) });
    expect(clickCookies(post)).toEqual([]);
  });
});
