import { describe, expect, it } from "vitest";
import type { MenuItem } from "../../core/contract/shopify-types.ts";
import { menuMark } from "./menu-key.ts";

const item = (title: string, url: string, items: MenuItem[] = []): MenuItem => ({ title, url, items });
const menu = [item("Skincare", "/collections/face", [item("Cleansers", "/collections/cleansers")]), item("Our story", "/pages/About-Us"), item("Journal", "https://journal.example/")];

describe("the page the main menu may mark as current", () => {
  it("is the address itself where a top link without a panel may be the page's own", () => {
    expect(menuMark(menu, "/pages/About-Us")).toBe("/pages/About-Us");
    // Looser than the link's own test: another case, a trailing slash, an encoded letter each keep their own key.
    expect(menuMark(menu, "/pages/about-us")).toBe("/pages/about-us");
    expect(menuMark(menu, "/pages/About-Us/")).toBe("/pages/About-Us/");
    expect(menuMark(menu, "/pages/About%2DUs")).toBe("/pages/About%2DUs");
  });

  it("is none on every other page, so those pages share one menu", () => {
    for (const pathname of ["/", "/products/damask-rose-mist", "/collections/face", "/collections/cleansers", "/pages/about", "/pages/About-Us/team"]) {
      expect(menuMark(menu, pathname)).toBe("");
    }
  });
});
