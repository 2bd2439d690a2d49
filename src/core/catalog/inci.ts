/**
 * A product's ingredients as an INCI list (the `ingredients` metafield, the
 * label's order, comma-separated) and what a shopper may filter by: what the
 * product is free from. One rule here, read by the catalog's filter index,
 * the product page and the back office.
 */
import type { ProductMetafields } from "../contract/shopify-types.ts";
import { KNOWN_INCI_NAMES } from "./inci-names.ts";

/** What a product may be free from, as the filter's values and the page's badges. */
export const FREE_FROM = ["fragrance", "alcohol", "essential-oils", "silicones"] as const;
export type FreeFrom = (typeof FREE_FROM)[number];

/** The filter group's tag prefix: `free-from:fragrance` is offered under "Free from". */
export const FREE_FROM_PREFIX = "free-from";

/** A badge the product page shows: what the product is free from, or vegan; its words are the message catalogue's. */
export type FreeFromBadge = FreeFrom | "vegan";

/** Abbreviations INCI writes in capitals (`CI 77891`, `PEG-100 Stearate`). */
const CAPITALS = new Set(["ci", "peg", "ppg", "edta", "bht", "bha", "pca", "hcl", "spf", "uv", "dna", "mea", "dea", "tea", "pvp", "va"]);

const canonical = new Map(KNOWN_INCI_NAMES.map((name) => [name.toLowerCase(), name]));

/** One name in INCI's spelling: known names as shipped, others with each word capitalised (`Denat.` and `CI` as INCI writes them). */
export function normaliseInciName(text: string): string {
  const spaced = text
    .replace(/\s+/g, " ")
    .replace(/\s*([/-])\s*/g, "$1")
    .replace(/\(\s*/g, "(")
    .replace(/\s*\)/g, ")")
    .trim()
    .replace(/[.;]+$/, "")
    .replace(/\bdenat$/i, "Denat.");
  const known = canonical.get(spaced.toLowerCase());
  if (known) return known;
  const shouting = spaced === spaced.toUpperCase();
  return spaced.replace(/[A-Za-z][A-Za-z']*/g, (word) => {
    if (CAPITALS.has(word.toLowerCase())) return word.toUpperCase();
    const rest = shouting || word === word.toLowerCase() ? word.slice(1).toLowerCase() : word.slice(1);
    return word.charAt(0).toUpperCase() + rest;
  });
}

/**
 * A label's list as names: split on commas outside brackets (`Tocopherol
 * (Vitamin E)` is one), spacing and case normalised, a leading
 * "Ingredients:" dropped, each name once in the label's order.
 */
export function parseInciList(text: string): string[] {
  const body = text.replace(/^\s*(?:ingredients|inci)\s*:\s*/i, "");
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const character of body) {
    if (character === "(" || character === "[") depth += 1;
    if ((character === ")" || character === "]") && depth > 0) depth -= 1;
    if (character === "," && depth === 0) {
      parts.push(current);
      current = "";
    } else current += character;
  }
  parts.push(current);
  const names = parts.map(normaliseInciName).filter((name) => name !== "" && name !== ".");
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The list written back as one line, as the metafield and the CSV column hold it. */
export const formatInciList = (names: readonly string[]): string => names.join(", ");

/** The names not in the shipped list of INCI names: the back office flags them, it does not refuse them. */
export function unknownInciNames(names: readonly string[]): string[] {
  return names.filter((name) => !canonical.has(name.toLowerCase()));
}

/** The product's INCI list from its metafields; empty when it has none. */
export function inciListOf(metafields: Pick<ProductMetafields, "ingredients"> | undefined): string[] {
  const text = metafields?.ingredients;
  return typeof text === "string" ? parseInciList(text) : [];
}

/** The key ingredients the merchant names (`key_ingredients`), in INCI names, each once. */
export function keyIngredientsOf(metafields: Pick<ProductMetafields, "key_ingredients"> | undefined): string[] {
  const value = metafields?.key_ingredients;
  if (!Array.isArray(value)) return [];
  return parseInciList(value.filter((entry): entry is string => typeof entry === "string").join(","));
}

/** The list with the key ingredients first (in the merchant's order), then the rest in the label's order. */
export function keyIngredientsFirst(list: readonly string[], key: readonly string[]): { name: string; key: boolean }[] {
  const listed = new Set(list.map((name) => name.toLowerCase()));
  const keys = key.filter((name) => listed.has(name.toLowerCase()));
  const keySet = new Set(keys.map((name) => name.toLowerCase()));
  return [...keys.map((name) => ({ name, key: true })), ...list.filter((name) => !keySet.has(name.toLowerCase())).map((name) => ({ name, key: false }))];
}

/** The fragrance allergens the EU names on labels (Regulation (EC) 1223/2009, Annex III entries 67-92). */
export const FRAGRANCE_ALLERGENS = [
  "Amyl Cinnamal",
  "Amylcinnamyl Alcohol",
  "Anise Alcohol",
  "Benzyl Alcohol",
  "Benzyl Benzoate",
  "Benzyl Cinnamate",
  "Benzyl Salicylate",
  "Butylphenyl Methylpropional",
  "Cinnamal",
  "Cinnamyl Alcohol",
  "Citral",
  "Citronellol",
  "Coumarin",
  "Eugenol",
  "Evernia Furfuracea Extract",
  "Evernia Prunastri Extract",
  "Farnesol",
  "Geraniol",
  "Hexyl Cinnamal",
  "Hydroxycitronellal",
  "Hydroxyisohexyl 3-Cyclohexene Carboxaldehyde",
  "Isoeugenol",
  "Alpha-Isomethyl Ionone",
  "Limonene",
  "Linalool",
  "Methyl 2-Octynoate",
] as const;

const ALLERGENS = new Set(FRAGRANCE_ALLERGENS.map((name) => name.toLowerCase()));
// Benzyl Alcohol is also a preservative; as a listed allergen it still ends fragrance-free.

/** Drinking alcohol's names on a label; fatty alcohols (Cetearyl Alcohol) and the allergens' "… Alcohol" are other substances. */
const ALCOHOLS = new Set(["alcohol", "alcohol denat.", "alcohol denat", "ethanol", "sd alcohol", "sd alcohol 40", "sd alcohol 40-b", "ethyl alcohol"]);

/** The genera whose oils are essential oils (`Lavandula Angustifolia Oil`, `Citrus Aurantium Dulcis Peel Oil`). */
const ESSENTIAL_OIL_PLANTS = [
  "lavandula",
  "citrus",
  "rosa damascena",
  "rosa centifolia",
  "melaleuca",
  "eucalyptus",
  "mentha",
  "rosmarinus",
  "salvia",
  "pelargonium",
  "cananga",
  "santalum",
  "cedrus",
  "juniperus",
  "boswellia",
  "commiphora",
  "cymbopogon",
  "pogostemon",
  "chamomilla",
  "anthemis",
  "matricaria",
  "tanacetum",
  "jasminum",
  "vetiveria",
  "origanum",
  "thymus",
  "cinnamomum",
  "eugenia",
  "syzygium",
  "zingiber",
  "litsea",
  "abies",
  "pinus",
  "helichrysum",
  "ocimum",
  "coriandrum",
  "elettaria",
] as const;
/** Plant oils of those genera that are pressed, not distilled. */
const PRESSED_OILS = /\b(?:seed|kernel|fruit) oil$/;

function isEssentialOil(key: string): boolean {
  if (!/\boil$/.test(key) || PRESSED_OILS.test(key)) return false;
  return ESSENTIAL_OIL_PLANTS.some((plant) => key === plant || key.startsWith(`${plant} `));
}

const isFragrance = (key: string) => key === "parfum" || key === "fragrance" || key === "parfum (fragrance)" || key === "fragrance (parfum)" || ALLERGENS.has(key);
const isAlcohol = (key: string) => ALCOHOLS.has(key);
const isSilicone = (key: string) => /(?:cone|siloxane|silanol|silsesquioxane)\b/.test(key) && !/\b(?:acetone|silicone-free)\b/.test(key);

/**
 * What the list is free from: fragrance (no Parfum and none of the EU
 * allergens), alcohol (no Alcohol, Alcohol Denat. or Ethanol), essential oils
 * (no oil of an essential-oil plant) and silicones (no -cone or -siloxane).
 * An empty list says nothing, so it is free from nothing.
 */
export function freeFromOf(list: readonly string[]): FreeFrom[] {
  if (list.length === 0) return [];
  const keys = list.map((name) => name.toLowerCase().replace(/\s+/g, " ").trim());
  const contains: Record<FreeFrom, (key: string) => boolean> = { fragrance: isFragrance, alcohol: isAlcohol, "essential-oils": isEssentialOil, silicones: isSilicone };
  return FREE_FROM.filter((kind) => !keys.some(contains[kind]));
}

/** The badges a product page shows: what the list is free from, then vegan from the product's own `vegan` tag. */
export function freeFromBadges(list: readonly string[], tags: readonly string[]): FreeFromBadge[] {
  const badges: FreeFromBadge[] = freeFromOf(list);
  if (tags.some((tag) => tag.trim().toLowerCase() === "vegan")) badges.push("vegan");
  return badges;
}

/** The catalog's filter tags for a list (`free-from:fragrance` …), indexed per catalog revision beside the product's own tags. */
export function freeFromTags(list: readonly string[]): string[] {
  return freeFromOf(list).map((kind) => `${FREE_FROM_PREFIX}:${kind}`);
}
