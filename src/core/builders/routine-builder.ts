/**
 * The routine builder's rules, without React: steps with morning (AM) and
 * evening (PM) product lists; at most three 'helps with' points of the ten a
 * product may carry; the largest-price variant that can be bought for the
 * add; which products a step's 'Add to bag' adds (one of each, excluded
 * products and repeats left out).
 */
import type { ProductVitals } from "../contract/shopify-types.ts";

/** How many 'helps with' points a product shows. */
export const HELPS_WITH_SHOWN = 3;
/** How many a product may carry (`helps_with_point_0` to `_9`). */
export const HELPS_WITH_POINTS = 10;

/** The first three non-empty 'helps with' points, in order. */
export function helpsWithPoints(vitals: ProductVitals): string[] {
  const points: string[] = [];
  for (let index = 0; index < HELPS_WITH_POINTS && points.length < HELPS_WITH_SHOWN; index += 1) {
    const point = vitals[`helps_with_point_${index}`];
    if (typeof point === "string" && point.trim() !== "") points.push(point.trim());
  }
  return points;
}

export interface RoutineVariantChoice {
  id: number;
  price: number;
  available: boolean;
}

/** The variant a routine adds: the largest price among those that can be bought (the first on a tie), or none. */
export function largestPriceVariant<V extends RoutineVariantChoice>(variants: readonly V[]): V | null {
  return variants.reduce<V | null>((best, variant) => (variant.available && (best === null || variant.price > best.price) ? variant : best), null);
}

export type RoutineTime = "am" | "pm";

export interface RoutineProduct {
  handle: string;
  /** Shown, marked optional, and not added with the step. */
  exclude: boolean;
  /** The product this entry repeats (the same cleanser morning and evening): added once. */
  isDuplicateOf: string | null;
  /** The variant the add takes; null when none can be bought. */
  variantId: number | null;
}

export interface RoutineStep {
  title: string;
  am: readonly RoutineProduct[];
  pm: readonly RoutineProduct[];
}

/**
 * What 'Add to bag' adds for a step: each product of both lists once,
 * quantity 1, without excluded products, repeats of a product already in the
 * add, or products that cannot be bought.
 */
export function stepItems(step: RoutineStep): { handle: string; variantId: number; quantity: 1 }[] {
  const items: { handle: string; variantId: number; quantity: 1 }[] = [];
  const seen = new Set<string>();
  for (const product of [...step.am, ...step.pm]) {
    if (product.exclude || product.variantId === null) continue;
    if (seen.has(product.handle) || (product.isDuplicateOf !== null && seen.has(product.isDuplicateOf))) continue;
    seen.add(product.handle);
    items.push({ handle: product.handle, variantId: product.variantId, quantity: 1 });
  }
  return items;
}

/** The items of every step, each product once: the whole routine. */
export function routineItems(steps: readonly RoutineStep[]): { handle: string; variantId: number; quantity: 1 }[] {
  const seen = new Set<string>();
  return steps.flatMap(stepItems).filter((item) => (seen.has(item.handle) ? false : (seen.add(item.handle), true)));
}

/** The screens of the builder. */
export type RoutineScreen = "start" | "booking" | "steps";
