import { readFileSync } from "node:fs";
import { setupI18n } from "@lingui/core";
import { type CompiledMessage, compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { describe, expect, it, vi } from "vitest";
import { compileCatalogue } from "./compile.ts";
import { translatorFor } from "./messages.ts";
import { formatNumber, numberShapeOf } from "./numbers.ts";

const catalogue = (locale: string) => JSON.parse(readFileSync(new URL(`../../../config/locales/${locale}.json`, import.meta.url), "utf8")) as Record<string, string>;

/** Each argument of a compiled message with the choices its selects offer. */
function argumentsOf(message: CompiledMessage, found: Map<string, Set<string>>): void {
  if (!Array.isArray(message)) return;
  for (const token of message) {
    if (typeof token === "string") continue;
    const [name, type, format] = token;
    if (!found.has(name)) found.set(name, new Set());
    if (format && typeof format === "object") {
      for (const [key, choice] of Object.entries(format)) {
        if (type === "select") found.get(name)!.add(key);
        argumentsOf(choice as CompiledMessage, found);
      }
    }
  }
}

const NUMBERS = [0, 1, 2, 3, 5, 11, 21, 100, 999, 1000, 1234, 12345.5, 4.5, 0.25, 2.125, 3.14159, -1, -0, 1e-7];

describe("numbers written ahead of a message", () => {
  for (const [locale, texts] of [
    ["en-GB", catalogue("en-GB")],
    ["en-US", catalogue("en-GB")],
    ["fr-FR", { ...catalogue("en-GB"), ...catalogue("fr-FR") }],
  ] as const) {
    it(`write every ${locale} message as Lingui's own plurals and number formats would`, () => {
      const shape = numberShapeOf(locale);
      expect(shape).not.toBeNull();
      const ours = translatorFor(locale, compileCatalogue(texts), shape);
      const theirs = setupI18n({ locale, messages: { [locale]: Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, compileMessageOrThrow(text)])) } });
      let compared = 0;
      for (const [key, text] of Object.entries(texts)) {
        const args = new Map<string, Set<string>>();
        argumentsOf(compileMessageOrThrow(text), args);
        const names = [...args.keys()];
        for (const number of NUMBERS) {
          // Every argument a number (plurals, `#`, `{n, number}`), or each select's choices in turn with the rest numbers.
          const rounds: Record<string, string | number>[] = [Object.fromEntries(names.map((name) => [name, number]))];
          for (const [name, choices] of args) for (const choice of choices) rounds.push(Object.fromEntries(names.map((other) => [other, other === name ? choice : number])));
          for (const values of rounds) {
            expect(ours(key, values), `${key} ${JSON.stringify(values)}`).toBe(theirs._(key, values));
            compared++;
          }
        }
      }
      expect(compared).toBeGreaterThan(1000);
    });
  }

  it("picks an exact value's branch before its category, and leaves a plural with an offset to Lingui", () => {
    const text = translatorFor("fr-FR", compileCatalogue({ show: "{count, plural, =0 {Aucun} one {# produit} other {# produits}}", guests: "{n, plural, offset:1 one {vous et # autre} other {vous et # autres}}" }), numberShapeOf("fr-FR"));
    expect(text("show", { count: 0 })).toBe("Aucun");
    expect(text("show", { count: 1 })).toBe("1 produit");
    expect(text("show", { count: 1500 })).toBe("1\u202f500 produits");
    expect(text("guests", { n: 3 })).toBe("vous et 2 autres");
  });
});

describe("a page's counts", () => {
  it("are written without a number formatter", () => {
    const made = vi.spyOn(Intl, "NumberFormat");
    try {
      const messages = compileCatalogue({ ...catalogue("en-GB"), ...catalogue("fr-FR") });
      // Lingui's own plural and number format (which make a formatter, or reuse one made earlier) are gone from the compiled texts.
      for (const key of ["cart_link_label", "rating_short", "collection_show_products"]) expect(JSON.stringify(messages[key])).not.toMatch(/"(plural|number)"/);
      const text = translatorFor("fr-FR", messages, numberShapeOf("fr-FR"));
      made.mockClear();
      expect(text("cart_link_label", { count: 2 })).toBe("Panier, 2 articles");
      expect(text("rating_short", { rating: 4.5, count: 12 })).toBe("4,5 (12)");
      expect(text("collection_show_products", { count: 0 })).toBe("Aucun produit à afficher");
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });
});

describe("a number written without a formatter", () => {
  it("is written as Intl writes it, in every shape the shop's sites use", () => {
    for (const locale of ["en-GB", "en-US", "en-IE", "en-AU", "en-CA", "fr-FR", "de-CH", "nl-NL"]) {
      const shape = numberShapeOf(locale);
      const intl = new Intl.NumberFormat(locale);
      for (const value of [...NUMBERS, 0.1 + 0.2, 999.999, 999.9995, 7.05, 12.5]) expect(formatNumber(locale, value, shape), `${locale} ${value}`).toBe(intl.format(value));
    }
  });

  it("has no shape where the locale writes other digits", () => {
    expect(numberShapeOf("ar-EG")).toBeNull();
    expect(formatNumber("ar-EG", 12, numberShapeOf("ar-EG"))).toBe(new Intl.NumberFormat("ar-EG").format(12));
  });
});
