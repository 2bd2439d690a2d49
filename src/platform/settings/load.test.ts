import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { demoCatalog } from "../seed/demo-catalog.ts";
import { parseLocale } from "../../core/sites/locale.ts";
import { parseSettings } from "../../core/settings/settings.ts";
import { DEFAULT_SETTINGS_PATH, loadLocale, loadSettings } from "./load.ts";

function shippedSettings(): Record<string, unknown> {
  return JSON.parse(readFileSync(DEFAULT_SETTINGS_PATH, "utf8")) as Record<string, unknown>;
}

/** The shipped settings with one change made by `edit`. */
function broken(edit: (s: any) => void): unknown {
  const settings = shippedSettings();
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

describe("the shipped settings", () => {
  it("are valid", () => {
    const settings = loadSettings();
    expect(settings.shop.name).toBe("Lumen & Leaf");
    expect(settings.currency).toBe("GBP");
    // Typed as £40, held in minor units.
    expect(settings.sideCart.shippingThreshold).toBe(4000);
    expect(settings.checkout.standardShippingPrice).toBe(395);
    const choice = settings.sideCart.freeGiftsData.find((group) => group.key === "choose-your-gift");
    expect(choice?.choice_thresholds).toEqual([
      { min: 6500, max: 9999, limit: 1, title: "Choose 1 free gift", iconTitle: "1 gift" },
      { min: 10000, max: null, limit: 2, title: "Choose 2 free gifts", iconTitle: "2 gifts" },
    ]);
    expect(choice?.products[0]?.min_spend).toBe(6500);
    expect(settings.product.quantity).toEqual({ defaultMax: 15, cap: 50, configuredMax: null });
    expect(settings.product.usersOnPage.mode).toBe("honest");
    expect(settings.geo.sites.map((s) => `${s.code} ${s.currency}`)).toEqual(["UK GBP", "US USD", "IE EUR", "FR EUR", "AU AUD", "CA CAD"]);
  });

  it("have the gift groups the demo needs", () => {
    const groups = loadSettings().sideCart.freeGiftsData;
    expect(groups.some((g) => g.products.some((p) => p.auto_add))).toBe(true);
    expect(groups.some((g) => g.show_product_picker && g.choice_thresholds.length >= 2)).toBe(true);
    expect(groups.some((g) => g.limit_to_collections.length > 0)).toBe(true);
    const timed = groups.find((g) => g.startTimestamp !== null && g.endTimestamp !== null);
    expect(timed?.startTimestamp).toBeLessThanOrEqual(Date.UTC(2026, 0, 1) / 1000);
    expect(timed?.endTimestamp).toBeGreaterThanOrEqual(Date.UTC(2027, 11, 31) / 1000);
  });

  it("only name products and collections of the demo catalog", () => {
    const settings = loadSettings();
    const products = new Map(demoCatalog.products.map((p) => [p.handle, p]));
    const collections = new Set(demoCatalog.collections.map((c) => c.handle));
    for (const group of settings.sideCart.freeGiftsData) {
      for (const gift of group.products) {
        const product = products.get(gift.handle);
        expect(product?.productType, gift.handle).toBe("GWP");
        expect(product?.metafields?.ffc_app?.free_gift_product, gift.handle).toBe(true);
        expect(product?.variants.map((v) => v.sku.toLowerCase()), gift.handle).toContain(gift.sku.trim().toLowerCase());
      }
      for (const handle of group.limit_to_collections) expect(collections.has(handle), handle).toBe(true);
    }
    for (const entry of settings.upsell.upsell_products.split(",")) {
      const handle = entry.split(":")[0] ?? "";
      expect(products.has(handle), handle).toBe(true);
    }
  });
});

describe("invalid settings", () => {
  it("name the field and the problem", () => {
    const message = errorOf(() =>
      parseSettings(
        broken((s) => (s.sideCart.shippingThreshold = "40")),
        "config/settings.json",
      ),
    );
    expect(message).toBe("Invalid settings in config/settings.json: sideCart.shippingThreshold: expected number, received string");
  });

  it("name the file they were read from", () => {
    const dir = mkdtempSync(join(tmpdir(), "settings-"));
    const path = join(dir, "settings.json");
    writeFileSync(path, JSON.stringify(broken((s) => (s.currency = "pounds"))));
    expect(errorOf(() => loadSettings(path))).toMatch(/^Invalid settings in .*settings\.json: currency: expected a three-letter ISO currency code/);
    writeFileSync(path, "{ not json");
    expect(errorOf(() => loadSettings(path))).toMatch(/^Invalid settings in .*settings\.json: not valid JSON/);
    expect(errorOf(() => loadSettings(join(dir, "missing.json")))).toMatch(/^Cannot read settings file .*missing\.json/);
  });

  it("list every bad field, with array positions", () => {
    const message = errorOf(() =>
      parseSettings(
        broken((s) => {
          s.sideCart.freeGiftsData[1].choice_thresholds[0] = "50+:1";
          s.sideCart.freeGiftsData[2].threshold_under_text = "Spend more";
          s.product.usersOnPage.mode = "fake";
        }),
      ),
    );
    expect(message).toContain("sideCart.freeGiftsData[1].choice_thresholds[0]: expected \"min-max:limit---title---icon_title\"");
    expect(message).toContain("sideCart.freeGiftsData[2].threshold_under_text: must contain [amount]");
    expect(message).toContain("product.usersOnPage.mode: Invalid option");
  });

  it("report misspelt keys instead of ignoring them", () => {
    const message = errorOf(() => parseSettings(broken((s) => (s.sideCart.shipingThreshold = 40))));
    expect(message).toContain("sideCart.shipingThreshold: unknown setting");
  });

  it("catch rules across fields", () => {
    const message = errorOf(() =>
      parseSettings(
        broken((s) => {
          s.sideCart.freeGiftsData[0].endTimestamp = s.sideCart.freeGiftsData[0].startTimestamp;
          s.sideCart.freeGiftsData[1].key = s.sideCart.freeGiftsData[0].key;
          s.geo.sites[1].countries.push("GB");
          s.upsell.upsell_products = "hyaluronic-acid-serum, Not A Handle";
        }),
      ),
    );
    expect(message).toContain("sideCart.freeGiftsData[0].endTimestamp: must be after startTimestamp");
    expect(message).toContain("sideCart.freeGiftsData[1].key: duplicate gift group key");
    expect(message).toContain("geo.sites[1].countries[1]: GB already belongs to site UK");
    expect(message).toContain("upsell.upsell_products: \"Not A Handle\"");
  });
});

describe("defaults", () => {
  it("fill in what a small settings file leaves out", () => {
    const settings = parseSettings({
      shop: { name: "Tiny", email: "a@b.example" },
      currency: "EUR",
      moneyFormat: "€{{amount_with_comma_separator}}",
      moneyWithCurrencyFormat: "€{{amount_with_comma_separator}} EUR",
      sideCart: {},
    });
    expect(settings.sideCart.save_badge_title).toBe("Save [price]");
    expect(settings.sideCart.freeGiftsData).toEqual([]);
    expect(settings.product.quantity.defaultMax).toBe(15);
    expect(settings.product.quantity.cap).toBe(50);
    expect(settings.product.stickyAddToCartOffset).toBe(600);
    expect(settings.product.usersOnPage.mode).toBe("honest");
    expect(settings.popups.newsletter.enabled).toBe(false);
    expect(settings.popups.rememberDays).toBe(7);
    expect(settings.discountLink).toEqual({ enabled: false, code: null, threshold: 0 });
  });
});

describe("the locale", () => {
  it("ships valid", () => {
    const locale = loadLocale();
    expect(locale.add_to_cart).toBe("Add to cart");
    expect(locale.quantity_error).toBe("All {title} are currently in your cart");
    expect(locale.gift_limit_error).toBe("You can only choose a maximum of {limit, plural, one {# gift} other {# gifts}}");
  });

  it("names a text that lost its placeholder or is missing", () => {
    const texts = JSON.parse(readFileSync("config/locales/en-GB.json", "utf8")) as Record<string, unknown>;
    texts.quantity_error = "All items are currently in your cart";
    delete texts.sold_out;
    const message = errorOf(() => parseLocale(texts, "config/locales/en-GB.json"));
    expect(message).toMatch(/^Invalid locale in config\/locales\/en-GB\.json: /);
    expect(message).toContain("quantity_error: must contain {title}");
    expect(message).toContain("sold_out: expected string, received undefined");
  });
});

const SMALL = { shop: { name: "Tiny", email: "a@b.example" }, currency: "EUR", moneyFormat: "€{{amount}}", moneyWithCurrencyFormat: "€{{amount}} EUR", sideCart: {} };

describe("slider and home page settings", () => {
  it("default to 5 s autoplay, 500 ms slide animation, drag speed 1 and one plain hero slide", () => {
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
        broken((settings) => {
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
