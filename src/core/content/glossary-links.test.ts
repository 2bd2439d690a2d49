import { describe, expect, it } from "vitest";
import type { GlossaryEntry } from "./content.ts";
import { glossaryAnchorOf, glossaryAnchorsFor, inGlossaryOrder } from "./glossary-links.ts";

const entry = (name: string, tag: string, alsoKnownAs?: string): GlossaryEntry => ({ name, tag: `ingredient:${tag}`, descriptionHtml: "<p>…</p>", ...(alsoKnownAs ? { alsoKnownAs } : {}) });
const entries = [entry("Hyaluronic acid", "hyaluronic-acid", "Sodium hyaluronate"), entry("Glycerin", "glycerin"), entry("Centella asiatica", "centella", "Cica, tiger grass"), entry("Rose", "rose"), entry("Vitamin C", "vitamin-c", "Ascorbic acid and its derivatives")];

describe("glossary links", () => {
  it("links a name the glossary explains, by its name, another name, or a part of the plant it names", () => {
    expect(glossaryAnchorsFor(["Aqua", "Glycerin", "Sodium Hyaluronate", "Centella Asiatica Extract", "Glyceryl Stearate", "Rosa Damascena Flower Water", "Ascorbic Acid"], entries)).toEqual({
      Glycerin: "ingredient-glycerin",
      "Sodium Hyaluronate": "ingredient-hyaluronic-acid",
      "Centella Asiatica Extract": "ingredient-centella",
      "Ascorbic Acid": "ingredient-vitamin-c",
    });
  });

  it("links a label's INCI name to a translated entry by the entry's original names", () => {
    const french = [{ ...entry("Glycérine", "glycerin"), sourceNames: ["Glycerin"] }, { ...entry("Acide hyaluronique", "hyaluronic-acid", "Hyaluronate de sodium"), sourceNames: ["Hyaluronic acid", "Sodium hyaluronate"] }];
    expect(glossaryAnchorsFor(["Glycerin", "Sodium Hyaluronate", "Aqua"], french)).toEqual({ Glycerin: "ingredient-glycerin", "Sodium Hyaluronate": "ingredient-hyaluronic-acid" });
  });

  it("names the anchor as the glossary page does", () => {
    expect(glossaryAnchorOf({ tag: "ingredient:vitamin-c" })).toBe("ingredient-vitamin-c");
  });

  it("orders the entries as the site's language sorts them, accents with their letter", () => {
    const french = [entry("Oxyde de zinc", "zinc-oxide"), entry("Écran minéral", "mineral-filter"), entry("acide azélaïque", "azelaic-acid"), entry("Eau florale", "floral-water"), entry("Filtres solaires", "filters")];
    expect(inGlossaryOrder(french, "fr-FR").map((item) => item.name)).toEqual(["acide azélaïque", "Eau florale", "Écran minéral", "Filtres solaires", "Oxyde de zinc"]);
    expect(inGlossaryOrder(entries, "en-GB").map((item) => item.name)).toEqual(["Centella asiatica", "Glycerin", "Hyaluronic acid", "Rose", "Vitamin C"]);
    // The entries given are left as they were.
    expect(entries[0]!.name).toBe("Hyaluronic acid");
  });
});
