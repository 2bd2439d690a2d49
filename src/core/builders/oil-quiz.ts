/**
 * The facial-oil quiz under the oils collection's header: step 1 chooses a
 * skin option, step 2 shows the collection's product made for it, the first
 * of the collection whose `metafields_vitals.skin_options` holds the option.
 */
import type { ProductVitals } from "../contract/shopify-types.ts";

export interface OilQuizOption {
  value: string;
  label: string;
  description: string;
}

/** The product each option leads to, by option value; an option no product answers is left out. */
export function oilMatches(options: readonly OilQuizOption[], products: readonly { handle: string; vitals: ProductVitals }[]): Map<string, string> {
  const matches = new Map<string, string>();
  for (const option of options) {
    const product = products.find((candidate) => Array.isArray(candidate.vitals.skin_options) && candidate.vitals.skin_options.includes(option.value));
    if (product) matches.set(option.value, product.handle);
  }
  return matches;
}

/** The options the quiz offers: those that lead to a product. */
export const answeredOptions = <T extends OilQuizOption>(options: readonly T[], matches: ReadonlyMap<string, string>): T[] => options.filter((option) => matches.has(option.value));
