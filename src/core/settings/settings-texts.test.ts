import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseSettings } from "./settings.ts";
import { settingTexts, translateSettingTexts } from "./settings-texts.ts";

const shipped = parseSettings(JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../../config/settings.json"), "utf8")), "config/settings.json");

describe("settings texts", () => {
  it("translates a text by its place and original, leaving the rest and every non-text setting as they were", () => {
    const french = translateSettingTexts(shipped, (place, original) => (place === "upsell.title" && original === "Complete your routine" ? "Complétez votre routine" : undefined));
    expect(french.upsell.title).toBe("Complétez votre routine");
    expect(french.popups.newsletter.title).toBe(shipped.popups.newsletter.title);
    expect(french.sideCart.shippingThreshold).toBe(shipped.sideCart.shippingThreshold);
    expect(french.upsell.upsell_products).toBe(shipped.upsell.upsell_products);
  });

  it("does not follow a rewritten original: the translation belongs to the sentence it translates", () => {
    const rewritten = { ...shipped, upsell: { ...shipped.upsell, title: "Finish your routine" } };
    const french = translateSettingTexts(rewritten, (_place, original) => (original === "Complete your routine" ? "Complétez votre routine" : undefined));
    expect(french.upsell.title).toBe("Finish your routine");
  });

  it("lists each place and original once, an empty text never, and only the announcements of the sites asked", () => {
    const texts = settingTexts({ ...shipped, popups: { ...shipped.popups, abandonment: { ...shipped.popups.abandonment, title: "" } } }, ["FR"]);
    const keys = texts.map((text) => `${text.place} ${text.original}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(texts.some((text) => text.place === "popups.abandonment.title")).toBe(false);
    const messages = texts.filter((text) => text.place === "announcementBar.messages[].text").map((text) => text.original);
    expect(messages).toContain("Free delivery to Ireland and France on orders over €94");
    expect(messages).not.toContain("Free UK shipping on orders over £40");
    expect(settingTexts(shipped).map((text) => text.original)).toContain("Free UK shipping on orders over £40");
  });
});
