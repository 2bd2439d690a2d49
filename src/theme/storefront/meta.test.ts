import { describe, expect, it } from "vitest";
import { pageTitle, plainText, shopCurrencyOf, shopNameOf } from "./meta.ts";

describe("page meta", () => {
  it("titles a page with the shop's name", () => {
    expect(pageTitle("Vitamin C Serum", "Lumen")).toBe("Vitamin C Serum – Lumen");
    expect(pageTitle(undefined, "Lumen")).toBe("Lumen");
  });

  it("reads the shop's name from the root match", () => {
    expect(shopNameOf([{ id: "root", loaderData: { shop: { name: "Lumen" } } }, { id: "routes/product" }])).toBe("Lumen");
    expect(shopNameOf([undefined])).toBe("Shop");
    expect(shopCurrencyOf([{ id: "root", loaderData: { shop: { name: "Lumen", currency: "GBP" } } }])).toBe("GBP");
  });

  it("turns description HTML into one line of text", () => {
    expect(plainText("<p>Brightens &amp; evens.</p>\n<ul><li>15% vitamin C</li></ul>")).toBe("Brightens & evens. 15% vitamin C");
  });

  it("cuts long descriptions at a word", () => {
    const text = plainText(`<p>${"word ".repeat(60)}</p>`, 50);
    expect(text.length).toBeLessThanOrEqual(50);
    expect(text.endsWith("word…")).toBe(true);
  });
});
