import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { compileCatalogue } from "./compile.ts";
import { catalogueLocaleFor, openGraphLocale, textsFor } from "./locales.ts";
import { translatorFor } from "./messages.ts";

describe("the catalogue a site reads", () => {
  const available = ["en-GB", "fr-FR"];
  it("is its own locale's, else its language's, else the source", () => {
    expect(catalogueLocaleFor("fr-FR", available)).toBe("fr-FR");
    expect(catalogueLocaleFor("fr-BE", available)).toBe("fr-FR");
    expect(catalogueLocaleFor("en-US", available)).toBe("en-GB");
    expect(catalogueLocaleFor("en-IE", [...available, "en-US"])).toBe("en-GB");
    expect(catalogueLocaleFor("de-DE", available)).toBe("en-GB");
  });

  it("takes a text its catalogue lacks from the source", () => {
    const texts = textsFor({ "en-GB": { a: "Add", b: "Basket" }, "fr-FR": { a: "Ajouter" } }, "fr-FR");
    expect(texts).toEqual({ a: "Ajouter", b: "Basket" });
  });

  it("names the Open Graph locale", () => {
    expect(openGraphLocale("fr-FR")).toBe("fr_FR");
  });
});

describe("a compiled message", () => {
  const messages = compileCatalogue({
    cart_open: "{count, plural, one {Panier, # article} other {Panier, # articles}}",
    remove_item: "Retirer {title}",
  });

  it("chooses the plural by the locale's rules (French counts 0 and 1 as one)", () => {
    const text = translatorFor("fr-FR", messages);
    expect(text("cart_open", { count: 0 })).toBe("Panier, 0 article");
    expect(text("cart_open", { count: 1 })).toBe("Panier, 1 article");
    expect(text("cart_open", { count: 2 })).toBe("Panier, 2 articles");
    expect(translatorFor("en-GB", compileCatalogue({ n: "{count, plural, one {# item} other {# items}}" }))("n", { count: 0 })).toBe("0 items");
  });

  it("fills its variables, and writes an unknown key as itself", () => {
    const text = translatorFor("fr-FR", messages);
    expect(text("remove_item", { title: "Sérum" })).toBe("Retirer Sérum");
    expect(text("no_such_text")).toBe("no_such_text");
  });

  it("is compiled once per catalogue, and a broken one is named", () => {
    const texts = { a: "A" };
    expect(compileCatalogue(texts)).toBe(compileCatalogue(texts));
    expect(compileCatalogue(texts)).toEqual({ a: compileMessage("A") });
    expect(() => compileCatalogue({ broken: "{count, plural, one {x}" })).toThrow(/broken/);
  });
});
