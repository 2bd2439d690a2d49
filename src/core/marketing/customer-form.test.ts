import { describe, expect, it } from "vitest";
import { customerFormReturn, customerFormSignup } from "./customer-form.ts";

const SHOP = "https://shop.test";
const UK = { path: "" };

describe("Shopify's customer form as a newsletter sign-up", () => {
  it("names the email and the spam field as the newsletter's sign-up does", () => {
    expect(customerFormSignup({ form_type: "customer", "contact[email]": " ada@example.com ", "contact[tags]": "newsletter" })).toEqual({ ue: "ada@example.com", nl_website: "" });
    expect(customerFormSignup({ "contact[email]": ["a@example.com"], "contact[website]": "http://spam.example" })).toEqual({ ue: "", nl_website: "http://spam.example" });
  });

  it("goes back to the page it came from, with the outcome, scrolled to the form", () => {
    expect(customerFormReturn(`${SHOP}/fr-fr/pages/about?ref=footer`, SHOP, true, UK)).toBe("/fr-fr/pages/about?ref=footer&customer_posted=true#newsletter");
    // On a site with a prefix, the path within it: the shop's edge puts the prefix back.
    expect(customerFormReturn(`${SHOP}/fr-fr/pages/about`, SHOP, true, { path: "/fr-fr" })).toBe("/pages/about?customer_posted=true#newsletter");
    expect(customerFormReturn(`${SHOP}/fr-fr`, SHOP, true, { path: "/fr-fr" })).toBe("/?customer_posted=true#newsletter");
    expect(customerFormReturn(`${SHOP}/collections/face?customer_posted=true#x`, SHOP, false, UK)).toBe("/collections/face?newsletter=error#newsletter");
    expect(customerFormReturn(`${SHOP}/?newsletter=error`, SHOP, true, UK)).toBe("/?customer_posted=true#newsletter");
  });

  it("never follows a Referer of another origin", () => {
    expect(customerFormReturn("https://evil.example/phish", SHOP, true, UK)).toBe("/?customer_posted=true#newsletter");
    expect(customerFormReturn("http://shop.test/pages/about", SHOP, true, UK)).toBe("/?customer_posted=true#newsletter");
    expect(customerFormReturn("not a url", SHOP, true, UK)).toBe("/?customer_posted=true#newsletter");
    expect(customerFormReturn(null, SHOP, false, UK)).toBe("/?newsletter=error#newsletter");
    expect(customerFormReturn(`${SHOP}//evil.example/x`, SHOP, true, UK)).toBe("/evil.example/x?customer_posted=true#newsletter");
  });
});
