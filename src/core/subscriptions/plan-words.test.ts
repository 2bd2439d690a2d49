import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compileCatalogue } from "../i18n/compile.ts";
import { translatorFor } from "../i18n/messages.ts";

const catalogue = (locale: string) => compileCatalogue(JSON.parse(readFileSync(new URL(`../../../config/locales/${locale}.json`, import.meta.url), "utf8")) as Record<string, string>);

describe("a plan's frequency in the shop's words", () => {
  it("reads naturally in English, one interval or many", () => {
    const text = translatorFor("en-GB", catalogue("en-GB"));
    expect(text("subscription_deliver_every", { interval: "week", count: 6 })).toBe("Deliver every 6 weeks");
    expect(text("subscription_delivers_every", { interval: "month", count: 1 })).toBe("Delivers every month");
    expect(text("subscription_delivers_every", { interval: "day", count: 30 })).toBe("Delivers every 30 days");
  });

  it("agrees in French with each interval's gender and number", () => {
    const text = translatorFor("fr-FR", catalogue("fr-FR"));
    expect(text("subscription_deliver_every", { interval: "week", count: 6 })).toBe("Livraison toutes les 6 semaines");
    expect(text("subscription_deliver_every", { interval: "month", count: 1 })).toBe("Livraison chaque mois");
    expect(text("subscription_delivers_every", { interval: "month", count: 2 })).toBe("Livraison tous les 2 mois");
    expect(text("subscription_save_percent", { percent: 10 })).toBe("Économisez 10\u202f%");
  });
});
