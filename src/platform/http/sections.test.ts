import { describe, expect, it } from "vitest";
import { themeSectionSource } from "./sections.ts";

describe("the theme's sections", () => {
  it("are rendered from their own page, the page asked for, or not at all", () => {
    expect(themeSectionSource("cart-drawer")).toBe("/cart");
    expect(themeSectionSource("hero-slideshow")).toBeNull();
    expect(themeSectionSource("announcement-bar")).toBeNull();
    // The kit builder's steps are sections of the kit's page, whatever their number.
    expect(themeSectionSource("kit-builder-step-3")).toBeNull();
    expect(themeSectionSource("kit-builder-step-x")).toBeUndefined();
    expect(themeSectionSource("toString")).toBeUndefined();
  });
});
