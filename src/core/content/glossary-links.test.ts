import { describe, expect, it } from "vitest";
import type { GlossaryEntry } from "./content.ts";
import { glossaryAnchorOf, glossaryAnchorsFor } from "./glossary-links.ts";

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

  it("names the anchor as the glossary page does", () => {
    expect(glossaryAnchorOf({ tag: "ingredient:vitamin-c" })).toBe("ingredient-vitamin-c");
  });
});
