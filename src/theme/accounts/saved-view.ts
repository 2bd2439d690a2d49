/**
 * What the account page shows of a customer's saved-for-later list: the
 * list as the shop keeps it, the pictures and availability of its products,
 * and the builders' names and step titles, read on the server for the
 * account's loader and cut down to what the page draws.
 */
import { BUILDER_PAGES, type BuilderKind, isKitStepShown } from "../../core/builders/builder-bundles.ts";
import type { BuilderSettings } from "../../core/builders/builder-settings.ts";
import type { SavedItem } from "../../core/builders/saved-bundles.ts";
import type { StorefrontClient } from "../../core/contract/storefront.ts";
import { type BuilderImage, loadBuilderProducts } from "../builders/builder-data.ts";

export interface SavedProduct {
  image: BuilderImage | null;
  /** Variant ids that can be bought now. */
  available: number[];
}

export interface SavedBuilder {
  /** The builder's name ("Build your kit"). */
  title: string;
  /** Its page, where the saved picks restore. */
  path: string;
  /** Step names: a quiz's by step key, a kit's by step index (as a string). */
  steps: Record<string, string>;
}

export interface SavedAccountData {
  items: SavedItem[];
  /** By handle; a product the shop no longer sells is absent. */
  products: Record<string, SavedProduct>;
  builders: Record<BuilderKind, SavedBuilder>;
}

const builderPath = (kind: BuilderKind) => `/pages/${BUILDER_PAGES[kind]}`;

/** The builders' names and step titles, as a saved pick names its step. */
export function savedBuilders(settings: BuilderSettings): Record<BuilderKind, SavedBuilder> {
  return {
    quiz: { title: settings.quiz.title, path: builderPath("quiz"), steps: Object.fromEntries(settings.quiz.steps.map((step) => [step.key, step.step_title])) },
    // A kit pick names its step by its place among the steps the kit shows.
    kit: { title: settings.kit.title, path: builderPath("kit"), steps: Object.fromEntries(settings.kit.steps.filter(isKitStepShown).map((step, index) => [String(index), step.title])) },
  };
}

/** The logged-in customer's saved list for the account page; null when nobody is logged in. */
export async function loadSavedAccountData(storefront: StorefrontClient): Promise<SavedAccountData | null> {
  const [items, settings] = await Promise.all([storefront.account.savedForLater(), storefront.builders()]);
  if (!items) return null;
  const loaded = await loadBuilderProducts(
    storefront,
    items.map((item) => item.product_handle),
  );
  const products = Object.fromEntries(
    Object.entries(loaded).map(([handle, product]) => [handle, { image: product.image, available: product.variants.filter((variant) => variant.available).map((variant) => variant.id) }]),
  );
  return { items, products, builders: savedBuilders(settings) };
}
