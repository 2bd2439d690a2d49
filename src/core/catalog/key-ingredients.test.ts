import { describe, expect, it } from "vitest";
import { KNOWN_INCI_NAMES } from "./inci-names.ts";
import { KEY_INGREDIENT_NAMES, keyIngredientsInList, keyIngredientsOfName } from "./key-ingredients.ts";

describe("which key ingredient an INCI name is", () => {
  it("maps retinol's esters, the aldehyde and HPR to retinol, and not bakuchiol", () => {
    for (const name of ["Retinol", "Retinyl Palmitate", "Retinal", "Hydroxypinacolone Retinoate", "retinyl acetate"]) expect(keyIngredientsOfName(name), name).toEqual(["retinol"]);
    expect(keyIngredientsOfName("Bakuchiol")).toEqual(["bakuchiol"]);
  });

  it("maps vitamin C's derivatives and hyaluronic acid's salts", () => {
    for (const name of ["Ascorbic Acid", "Sodium Ascorbyl Phosphate", "3-O-Ethyl Ascorbic Acid", "Tetrahexyldecyl Ascorbate"]) expect(keyIngredientsOfName(name), name).toEqual(["vitamin-c"]);
    for (const name of ["Sodium Hyaluronate", "Sodium Hyaluronate Crosspolymer", "Hydrolyzed Hyaluronic Acid"]) expect(keyIngredientsOfName(name), name).toEqual(["hyaluronic-acid"]);
  });

  it("recognises families by their names: ceramides, peptides, centella", () => {
    for (const name of ["Ceramide NP", "Ceramide EOP"]) expect(keyIngredientsOfName(name), name).toEqual(["ceramides"]);
    for (const name of ["Palmitoyl Tripeptide-1", "Acetyl Hexapeptide-8", "Copper Tripeptide-1"]) expect(keyIngredientsOfName(name), name).toEqual(["peptides"]);
    expect(keyIngredientsOfName("Centella Asiatica Leaf Extract")).toEqual(["centella"]);
    expect(keyIngredientsOfName("Madecassoside")).toEqual(["centella"]);
  });

  it("reads a name with its bracketed gloss, and leaves unrelated names alone", () => {
    expect(keyIngredientsOfName("Tocopherol (Vitamin E)")).toEqual(["vitamin-e"]);
    // Salicylates used as UV filters or fragrance are not salicylic acid.
    for (const name of ["Aqua", "Glycerin", "Ethylhexyl Salicylate", "Benzyl Salicylate", "Squalene", "Ceramides Extract", "Hydrolyzed Rice Protein"]) expect(keyIngredientsOfName(name), name).toEqual([]);
  });

  it("gives a whole list's key ingredients once each", () => {
    expect(keyIngredientsInList(["Aqua", "Retinyl Palmitate", "Retinol", "Sodium Hyaluronate", "Ceramide NP", "Ceramide AP", "Tocopherol"])).toEqual(["retinol", "hyaluronic-acid", "ceramides", "vitamin-e"]);
    expect(keyIngredientsInList([])).toEqual([]);
  });

  it("maps every shipped retinoid and vitamin C name", () => {
    const shipped = (pattern: RegExp) => KNOWN_INCI_NAMES.filter((name) => pattern.test(name));
    for (const name of shipped(/^Retin|Retinoate$/)) expect(keyIngredientsOfName(name), name).toEqual(["retinol"]);
    for (const name of shipped(/Ascorb/)) expect(keyIngredientsOfName(name), name).toEqual(["vitamin-c"]);
    expect(Object.keys(KEY_INGREDIENT_NAMES)).toContain("retinol");
  });
});
