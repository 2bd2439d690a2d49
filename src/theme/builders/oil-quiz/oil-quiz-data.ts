/**
 * The facial-oil quiz's data, read with the collection it sits under: the
 * merchant's options and, for each, the product made for it (by its skin
 * options), from the products the collection page shows.
 */
import type { OilQuizSettings } from "../../../core/builders/builder-settings.ts";
import { type OilQuizOption, answeredOptions, oilMatches } from "../../../core/builders/oil-quiz.ts";
import type { ProductViewJson } from "../../../core/contract/shopify-types.ts";
import { type BuilderProduct, builderProduct } from "../builder-data.ts";

export interface OilQuizData {
  title: string;
  /** Only options some product answers. */
  options: OilQuizOption[];
  /** The product of each option, by option value. */
  products: Record<string, BuilderProduct>;
  /** The option chosen by a plain form post (`?skin=`), shown at step 2 from the start. */
  chosen: string | null;
}

/** The quiz for this collection, or null when the quiz is off, belongs to another collection, or no option leads anywhere. */
export function oilQuizFor(settings: OilQuizSettings, collection: string, views: readonly ProductViewJson[], chosen: string | null): OilQuizData | null {
  if (!settings.enabled || settings.collection !== collection || settings.options.length === 0) return null;
  const shown = views.map(builderProduct);
  const matches = oilMatches(settings.options, shown);
  const options = answeredOptions(settings.options, matches);
  if (options.length === 0) return null;
  const products: Record<string, BuilderProduct> = {};
  for (const [value, handle] of matches) {
    const product = shown.find((candidate) => candidate.handle === handle);
    if (product) products[value] = product;
  }
  return { title: settings.title, options, products, chosen: chosen !== null && matches.has(chosen) ? chosen : null };
}
