import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { demoCatalog } from "../seed/demo-catalog.ts";
import { parseSettings } from "../../core/settings.ts";
import { DEFAULT_SETTINGS_PATH, loadSettings } from "./load.ts";

const SMALL = { shop: { name: "Tiny", email: "a@b.example" }, currency: "EUR", moneyFormat: "€{{amount}}", moneyWithCurrencyFormat: "€{{amount}} EUR", sideCart: {} };

function shippedWith(edit: (settings: any) => void): unknown {
  const settings = JSON.parse(readFileSync(DEFAULT_SETTINGS_PATH, "utf8"));
  edit(settings);
  return settings;
}

function errorOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error("expected an error");
}

describe("slider and home page settings", () => {
  it("default to the spec's slider motion and one plain hero slide", () => {
    const settings = parseSettings(SMALL);
    expect(settings.sliders).toEqual({ autoplaySpeedMs: 5000, animationDurationMs: 500, dragSpeed: 1 });
    expect(settings.home.hero.slides).toHaveLength(1);
    expect(settings.home.hero.slides[0]?.schedule).toBeNull();
    expect(settings.home.featured).toEqual({ collection: "bestsellers", autoplay: true });
  });

  it("ship a scheduled weekend slide and name only demo products and collections", () => {
    const { home } = loadSettings();
    const products = new Set(demoCatalog.products.map((product) => product.handle));
    // "all" is every shop's implicit collection.
    const collections = new Set(["all", ...demoCatalog.collections.map((collection) => collection.handle)]);
    for (const slide of home.hero.slides) {
      if (slide.product) expect(products.has(slide.product), slide.product).toBe(true);
      for (const link of slide.links) {
        const [, kind, handle] = link.url.split("/");
        if (kind === "products") expect(products.has(handle ?? ""), link.url).toBe(true);
        if (kind === "collections") expect(collections.has(handle ?? ""), link.url).toBe(true);
      }
    }
    expect(collections.has(home.featured.collection)).toBe(true);
    expect(home.hero.slides.some((slide) => slide.schedule?.some((window) => window.days.includes(5) && window.from === "18:00"))).toBe(true);
  });

  it("name a bad schedule, a scheduled first slide and an unsupported drag speed", () => {
    const message = errorOf(() =>
      parseSettings(
        shippedWith((settings) => {
          settings.home.hero.slides[0].schedule = [{ days: [1], from: "09:00", to: "17:00" }];
          settings.home.hero.slides[1].schedule[0].to = "24:00";
          settings.home.hero.slides[2].schedule[0].days = [];
          settings.sliders.dragSpeed = 2;
        }),
      ),
    );
    expect(message).toContain("home.hero.slides[0].schedule: the first slide holds the page's main heading");
    expect(message).toContain("home.hero.slides[1].schedule[0].to: expected a 24-hour time");
    expect(message).toContain("home.hero.slides[2].schedule[0].days: list at least one day");
    expect(message).toContain("sliders.dragSpeed: expected 1 (follow the pointer) or 0 (no dragging)");
  });
});
