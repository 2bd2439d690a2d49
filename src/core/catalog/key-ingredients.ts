/**
 * Which key ingredient (the "Key ingredient" filter's value, the tag
 * `ingredient:retinol`) an INCI name is. A label names an active by its
 * chemical form, not by the word on the front of the box: "without retinol"
 * must also leave out Retinyl Palmitate and Retinal, "without vitamin C"
 * Sodium Ascorbyl Phosphate. One table here, read by the catalog's filter
 * index; a product is left out when its tag or any name on its label maps to
 * the value.
 */

/** How the names of one key ingredient are recognised: exact INCI names, and for families a name's beginning or a pattern. */
interface KeyIngredientNames {
  /** Exact INCI names (case-insensitive). */
  names: readonly string[];
  /** A name starting with one of these (`Ceramide ` catches Ceramide NP, AP, EOP …). */
  startsWith?: readonly string[];
  /** A pattern tested on the bare, lower-case name (`palmitoyl tripeptide-1`). */
  pattern?: RegExp;
}

/**
 * The key ingredients a shopper looks for or avoids, by their filter value,
 * and the INCI names that are that ingredient. Retinol stands for the
 * retinoids (its esters, the aldehyde and HPR): a shopper avoiding retinol in
 * pregnancy or for sensitivity avoids them all. Bakuchiol is not a retinoid.
 */
export const KEY_INGREDIENT_NAMES: Readonly<Record<string, KeyIngredientNames>> = {
  retinol: {
    names: ["Retinol", "Retinal", "Retinaldehyde", "Retinyl Palmitate", "Retinyl Acetate", "Retinyl Propionate", "Retinyl Linoleate", "Retinyl Retinoate", "Hydroxypinacolone Retinoate"],
  },
  "vitamin-c": {
    names: [
      "Ascorbic Acid",
      "3-O-Ethyl Ascorbic Acid",
      "Ethyl Ascorbic Acid",
      "Ascorbyl Glucoside",
      "Ascorbyl Palmitate",
      "Ascorbyl Tetraisopalmitate",
      "Magnesium Ascorbyl Phosphate",
      "Sodium Ascorbyl Phosphate",
      "Tetrahexyldecyl Ascorbate",
    ],
  },
  niacinamide: { names: ["Niacinamide", "Nicotinamide"] },
  "hyaluronic-acid": {
    names: ["Hyaluronic Acid", "Sodium Hyaluronate", "Hydrolyzed Hyaluronic Acid", "Hydrolyzed Sodium Hyaluronate", "Sodium Hyaluronate Crosspolymer", "Sodium Acetylated Hyaluronate", "Potassium Hyaluronate"],
  },
  "salicylic-acid": { names: ["Salicylic Acid", "Betaine Salicylate", "Capryloyl Salicylic Acid"] },
  "glycolic-acid": { names: ["Glycolic Acid", "Ammonium Glycolate", "Sodium Glycolate"] },
  "azelaic-acid": { names: ["Azelaic Acid", "Potassium Azeloyl Diglycinate"] },
  bakuchiol: { names: ["Bakuchiol"] },
  ceramides: { names: [], startsWith: ["Ceramide "] },
  peptides: { names: [], pattern: /(?:^|[\s-])(?:di|tri|tetra|penta|hexa|hepta|octa|oligo|poly)?peptide(?:-\d+)?$/i },
  squalane: { names: ["Squalane"] },
  panthenol: { names: ["Panthenol", "D-Panthenol", "Dexpanthenol"] },
  caffeine: { names: ["Caffeine"] },
  centella: { names: ["Asiaticoside", "Madecassoside", "Asiatic Acid", "Madecassic Acid"], startsWith: ["Centella Asiatica "] },
  "zinc-oxide": { names: ["Zinc Oxide"] },
  "vitamin-e": { names: ["Tocopherol", "Tocopheryl Acetate"] },
};

/** The filter group's tag prefix: `ingredient:retinol` is offered under "Key ingredient". */
export const KEY_INGREDIENT_PREFIX = "ingredient";

/** An INCI name without its bracketed gloss, lower case: `Tocopherol (Vitamin E)` is `tocopherol`. */
const bareName = (name: string) =>
  name
    .replace(/\s*[([].*$/, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();

const exact = new Map<string, string[]>();
for (const [value, { names }] of Object.entries(KEY_INGREDIENT_NAMES)) {
  for (const name of names) exact.set(name.toLowerCase(), [...(exact.get(name.toLowerCase()) ?? []), value]);
}
const families = Object.entries(KEY_INGREDIENT_NAMES).filter(([, rule]) => rule.startsWith || rule.pattern);

/** The key ingredients one INCI name is (usually none or one). */
export function keyIngredientsOfName(name: string): string[] {
  const bare = bareName(name);
  const found = [...(exact.get(bare) ?? [])];
  for (const [value, rule] of families) {
    if (found.includes(value)) continue;
    if (rule.startsWith?.some((start) => bare.startsWith(start.toLowerCase())) || rule.pattern?.test(bare)) found.push(value);
  }
  return found;
}

/** The key ingredients a whole INCI list contains, each once, in the table's order. */
export function keyIngredientsInList(list: readonly string[]): string[] {
  const found = new Set(list.flatMap(keyIngredientsOfName));
  return Object.keys(KEY_INGREDIENT_NAMES).filter((value) => found.has(value));
}

/** The catalog's key-ingredient tags a list contains (`ingredient:retinol` …), indexed per catalog revision for leaving products out. */
export function keyIngredientTags(list: readonly string[]): string[] {
  return keyIngredientsInList(list).map((value) => `${KEY_INGREDIENT_PREFIX}:${value}`);
}
