import { describe, expect, it } from "vitest";
import { freeFromBadges, freeFromOf, freeFromTags, inciListOf, keyIngredientsFirst, keyIngredientsOf, normaliseInciName, parseInciList, unknownInciNames } from "./inci.ts";

describe("the INCI normaliser", () => {
  it("splits a pasted label on commas, normalising spacing and case", () => {
    expect(parseInciList("Ingredients: AQUA,  glycerin ,niacinamide,SODIUM   HYALURONATE, alcohol denat, caprylic / capric triglyceride.")).toEqual([
      "Aqua",
      "Glycerin",
      "Niacinamide",
      "Sodium Hyaluronate",
      "Alcohol Denat.",
      "Caprylic/Capric Triglyceride",
    ]);
  });

  it("keeps a bracketed gloss with its name and each name once", () => {
    expect(parseInciList("Aqua (Water), Tocopherol (Vitamin E, natural), aqua (water), ci 77891")).toEqual(["Aqua (Water)", "Tocopherol (Vitamin E, Natural)", "CI 77891"]);
  });

  it("capitalises unknown names but keeps mixed case as written", () => {
    expect(normaliseInciName("  hydroxyethyl   acrylate/sodium acryloyldimethyl taurate copolymer ")).toBe("Hydroxyethyl Acrylate/Sodium Acryloyldimethyl Taurate Copolymer");
    expect(normaliseInciName("PEG-40 HYDROGENATED CASTOR OIL")).toBe("PEG-40 Hydrogenated Castor Oil");
    expect(normaliseInciName("Glycereth-26")).toBe("Glycereth-26");
  });

  it("drops empty entries", () => {
    expect(parseInciList(" , ,Aqua,, ")).toEqual(["Aqua"]);
    expect(parseInciList("")).toEqual([]);
  });

  it("flags names outside the shipped list without dropping them", () => {
    const names = parseInciList("Aqua, Glycerin, Unobtainium Extract");
    expect(names).toContain("Unobtainium Extract");
    expect(unknownInciNames(names)).toEqual(["Unobtainium Extract"]);
  });
});

describe("what a product is free from", () => {
  const base = ["Aqua", "Glycerin", "Cetearyl Alcohol", "Niacinamide", "Phenoxyethanol"];

  it("is free from all four when the list holds none of them; fatty alcohols do not count", () => {
    expect(freeFromOf(base)).toEqual(["fragrance", "alcohol", "essential-oils", "silicones"]);
  });

  it("is not fragrance-free with Parfum, Fragrance or an EU fragrance allergen", () => {
    for (const name of ["Parfum", "Fragrance", "Linalool", "Limonene", "Citronellol", "Geraniol", "Coumarin", "Benzyl Alcohol"]) {
      expect(freeFromOf([...base, name]), name).not.toContain("fragrance");
    }
  });

  it("is not alcohol-free with Alcohol, Alcohol Denat. or Ethanol", () => {
    for (const name of ["Alcohol", "Alcohol Denat.", "Ethanol"]) expect(freeFromOf([...base, name]), name).not.toContain("alcohol");
    expect(freeFromOf([...base, "Cetyl Alcohol", "Stearyl Alcohol", "Benzyl Alcohol"])).toContain("alcohol");
  });

  it("is not essential-oil-free with the oil of an essential-oil plant; pressed seed and fruit oils are fine", () => {
    for (const name of ["Lavandula Angustifolia Oil", "Citrus Aurantium Dulcis Peel Oil", "Rosa Damascena Flower Oil", "Mentha Piperita Oil", "Tanacetum Annuum Flower Oil"]) {
      expect(freeFromOf([...base, name]), name).not.toContain("essential-oils");
    }
    expect(freeFromOf([...base, "Rosa Canina Fruit Oil", "Simmondsia Chinensis Seed Oil", "Citrus Aurantium Dulcis Fruit Extract", "Lavandula Angustifolia Flower Water"])).toContain("essential-oils");
  });

  it("is not silicone-free with a -cone or a -siloxane", () => {
    for (const name of ["Dimethicone", "Cyclopentasiloxane", "PEG-10 Dimethicone", "Amodimethicone"]) expect(freeFromOf([...base, name]), name).not.toContain("silicones");
  });

  it("says nothing for a product without a list", () => {
    expect(freeFromOf([])).toEqual([]);
    expect(freeFromBadges([], ["vegan"])).toEqual(["vegan"]);
  });

  it("badges the free-froms, then vegan from the product's own tag", () => {
    expect(freeFromBadges([...base, "Dimethicone"], ["vegan", "bestseller"])).toEqual(["fragrance", "alcohol", "essential-oils", "vegan"]);
    expect(freeFromBadges(base, ["bestseller"])).not.toContain("vegan");
  });

  it("gives the catalog's filter tags", () => {
    expect(freeFromTags([...base, "Parfum", "Dimethicone"])).toEqual(["free-from:alcohol", "free-from:essential-oils"]);
  });
});

describe("the metafields", () => {
  it("reads the list and the key ingredients, key ingredients first", () => {
    const metafields = { ingredients: "Aqua, Glycerin, Niacinamide, Zinc PCA", key_ingredients: ["zinc pca", "Niacinamide", "Retinol"] };
    const list = inciListOf(metafields);
    expect(keyIngredientsFirst(list, keyIngredientsOf(metafields))).toEqual([
      { name: "Zinc PCA", key: true },
      { name: "Niacinamide", key: true },
      { name: "Aqua", key: false },
      { name: "Glycerin", key: false },
    ]);
    expect(inciListOf({})).toEqual([]);
  });
});
