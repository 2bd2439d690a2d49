/**
 * The routine page's data, read on the server: each step's morning and
 * evening products with the variant the add takes (the largest price that can
 * be bought), three 'helps with' points and what the detail view shows. A
 * product that cannot be sold is dropped, and a step left empty with it.
 */
import type { RoutineSettings } from "../../../core/builders/builder-settings.ts";
import { helpsWithPoints, largestPriceVariant, type RoutineProduct } from "../../../core/builders/routine-builder.ts";
import type { StorefrontClient } from "../../../core/contract/storefront.ts";
import { type BuilderImage, type BuilderProduct, loadBuilderProducts, startPictures } from "../builder-data.ts";

export interface RoutinePageProduct extends RoutineProduct {
  title: string;
  url: string;
  type: string;
  image: BuilderImage | null;
  summary: string;
  helpsWith: string[];
  /** The added variant's price and name, minor units. */
  price: number | null;
  variantTitle: string;
  reviews: { rating: number; count: number } | null;
}

export interface RoutinePageStep {
  title: string;
  description: string;
  am: RoutinePageProduct[];
  pm: RoutinePageProduct[];
}

export interface RoutinePage {
  title: string;
  intro: string;
  start: RoutineSettings["start"];
  /** The start screen's pictures: a product of each step. */
  pictures: BuilderImage[];
  booking: RoutineSettings["booking"];
  steps: RoutinePageStep[];
}

function routineProduct(product: BuilderProduct, entry: RoutineSettings["steps"][number]["am_products"][number]): RoutinePageProduct {
  const variant = largestPriceVariant(product.variants);
  return {
    handle: product.handle,
    exclude: entry.exclude,
    isDuplicateOf: entry.is_duplicate_of,
    variantId: variant?.id ?? null,
    price: variant?.price ?? null,
    variantTitle: variant && product.variants.length > 1 ? variant.title : "",
    title: product.title,
    url: product.url,
    type: product.type,
    image: product.image,
    summary: product.summary,
    helpsWith: helpsWithPoints(product.vitals),
    reviews: product.reviews,
  };
}

export async function loadRoutinePage(storefront: StorefrontClient, routine: RoutineSettings): Promise<RoutinePage | null> {
  if (!routine.enabled) return null;
  const loaded = await loadBuilderProducts(
    storefront,
    routine.steps.flatMap((step) => [...step.am_products, ...step.pm_products].map((entry) => entry.handle)),
  );
  const list = (entries: RoutineSettings["steps"][number]["am_products"]) =>
    entries.flatMap((entry) => {
      const product = loaded[entry.handle];
      return product ? [routineProduct(product, entry)] : [];
    });
  const steps = routine.steps
    .map((step) => ({ title: step.title, description: step.description, am: list(step.am_products), pm: list(step.pm_products) }))
    .filter((step) => step.am.length + step.pm.length > 0);
  if (steps.length === 0) return null;
  return { title: routine.title, intro: routine.intro, start: routine.start, pictures: startPictures(steps.map((step) => [...step.am, ...step.pm])), booking: routine.booking, steps };
}
