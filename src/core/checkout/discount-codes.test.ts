import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compileCatalogue } from "../i18n/compile.ts";
import { translatorFor } from "../i18n/messages.ts";
import { type DiscountCodeReason, discountCodeMessage } from "./discount-codes.ts";
import { countryNameIn } from "./checkout.ts";

const catalogue = (locale: string) => JSON.parse(readFileSync(new URL(`../../../config/locales/${locale}.json`, import.meta.url), "utf8")) as Record<string, string>;
const english = translatorFor("en-GB", compileCatalogue(catalogue("en-GB")));
const french = translatorFor("fr-FR", compileCatalogue({ ...catalogue("en-GB"), ...catalogue("fr-FR") }));

const REASONS: DiscountCodeReason[] = [
  { kind: "unknown" },
  { kind: "not_started" },
  { kind: "ended" },
  { kind: "minimum", minimum: 5000, shortfall: 1250 },
  { kind: "no_eligible_items" },
  { kind: "used_up" },
  { kind: "customer_limit" },
  { kind: "not_best", best: "GLOW10" },
];

describe("a discount code's refusal", () => {
  it("says the spec's words on the English sites", () => {
    expect(discountCodeMessage("SPRING", { kind: "unknown" }, "£{{amount}}", english)).toBe("SPRING isn't a valid discount code.");
    expect(discountCodeMessage("SPRING", { kind: "minimum", minimum: 5000, shortfall: 1250 }, "£{{amount}}", english)).toBe("Spend £12.50 more to use SPRING (orders of £50.00 or more).");
    expect(discountCodeMessage("SPRING", { kind: "not_best", best: "GLOW10" }, "£{{amount}}", english)).toBe("Only one code applies at a time: GLOW10 saves you more.");
  });

  it("is written in French on the French site, with euros the French way, for every reason", () => {
    expect(discountCodeMessage("SPRING", { kind: "minimum", minimum: 5000, shortfall: 1250 }, "{{amount_with_comma_separator}} €", french)).toBe(
      "Plus que 12,50 € d’achats pour profiter de SPRING (commandes à partir de 50,00 €).",
    );
    for (const reason of REASONS) {
      const message = discountCodeMessage("SPRING", reason, "{{amount_with_comma_separator}} €", french);
      expect(message, reason.kind).not.toBe(discountCodeMessage("SPRING", reason, "{{amount_with_comma_separator}} €", english));
      expect(message, reason.kind).not.toMatch(/discount_code_/);
    }
  });
});

describe("a country's name", () => {
  it("is written in the site's language, through Intl", () => {
    expect(countryNameIn("GB", "fr-FR")).toBe("Royaume-Uni");
    expect(countryNameIn("GB", "en-GB")).toBe("United Kingdom");
    expect(countryNameIn("IM", "fr-FR")).toBe("Île de Man");
  });
});
