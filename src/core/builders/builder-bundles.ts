/**
 * The quiz and kit builders' bundles as bundle definitions, so the platform
 * prices them and the builders show their totals by the same rule as product
 * bundles: a complete set gets the builder's discount, a broken or forged one
 * gets nothing.
 *
 * A builder bundle is a multiselect bundle whose groups are the builder's
 * picks: a quiz step is one group; a kit step is as many groups as its limit
 * for its grid, and as many again for its popup, each offering that list.
 */
import type { BuilderSettings, KitSettings, KitStepSettings, QuizSettings } from "./builder-settings.ts";
import type { BundleDefinition } from "./bundles.ts";
import type { BundleGroupDefinition } from "../contract/shopify-types.ts";

/** The builders whose bundles are priced, as the `__builder` line property names them. */
export type BuilderKind = "quiz" | "kit";

/** The pages the builders live on, under `/pages/`. */
export const BUILDER_PAGES = { routine: "routine-builder", quiz: "build-your-bundle", kit: "build-your-kit" } as const;

/** Line properties of a builder bundle's lines: which builder, and which set of it. */
export const BUILDER_PROPERTIES = {
  builder: "__builder",
  id: "__builderId",
  /** The step a line was picked in (its title): the shop's bookkeeping, private (`_`) like the others, so the cart does not show it. */
  step: "_step",
  /** The routine builder's add marks its lines with `_source: ritual-section`. */
  source: "_source",
} as const;

export const ROUTINE_SOURCE = "ritual-section";

export interface BuilderBundle {
  kind: BuilderKind;
  /** What the cart calls the saving. */
  title: string;
  definition: BundleDefinition;
}

/**
 * Steps a quiz answer can hide are optional in the bundle: the platform does
 * not know the answers, and a set without a hidden step is a complete one.
 */
export function quizBundle(quiz: QuizSettings): BuilderBundle | null {
  if (!quiz.enabled || quiz.steps.length === 0 || quiz.results.discount_percent <= 0) return null;
  const hideable = new Set(quiz.questions.flatMap((question) => question.answers.flatMap((answer) => answer.hides_steps)));
  const groups: BundleGroupDefinition[] = quiz.steps.map((step) => ({
    title: step.step_title,
    optional: !step.is_required || hideable.has(step.key),
    products: step.products_to_compare.map((product) => product.product_handle),
  }));
  // A set of nothing but optional picks is no bundle.
  if (groups.every((group) => group.optional)) return null;
  const free = quiz.steps.flatMap((step) => step.products_to_compare.filter((product) => product.product_is_free).map((product) => product.product_handle));
  return {
    kind: "quiz",
    title: quiz.results.title,
    definition: multiselect(`quiz-${quiz.title}`, quiz.title, groups, quiz.results.discount_percent, free, {}),
  };
}

/** A kit step is kept only with a title and products. */
export const isKitStepShown = (step: KitStepSettings) => step.title.trim() !== "" && step.products.length > 0;

export function kitBundle(kit: KitSettings): BuilderBundle | null {
  if (!kit.enabled) return null;
  const groups: BundleGroupDefinition[] = [];
  const setPrices: Record<string, number> = {};
  for (const step of kit.steps.filter(isKitStepShown)) {
    const main = step.products.filter((product) => !product.is_in_popup).map((product) => product.handle);
    const popup = step.products.filter((product) => product.is_in_popup).map((product) => product.handle);
    // A list with no products asks for nothing.
    if (main.length > 0) for (let pick = 0; pick < step.product_limit; pick += 1) groups.push({ title: step.title, optional: step.optional, products: main });
    if (popup.length > 0) for (let pick = 0; pick < step.popup_product_limit; pick += 1) groups.push({ title: step.popup_title, optional: step.optional, products: popup });
    for (const product of step.products) if (product.price_override !== null) setPrices[product.handle] = product.price_override;
  }
  if (groups.every((group) => group.optional)) return null;
  return { kind: "kit", title: kit.bundle_text, definition: multiselect("kit", kit.title, groups, kit.discount_percentage, [], setPrices) };
}

function multiselect(holder: string, title: string, groups: BundleGroupDefinition[], percent: number, freeProducts: string[], setPrices: Record<string, number>): BundleDefinition {
  return {
    type: "multiselect",
    productHandle: holder,
    title,
    products: [...new Set(groups.flatMap((group) => group.products))],
    groups,
    discountType: "percent",
    discountAmount: percent,
    fixedDiscount: 0,
    freeProducts,
    setPrices,
  };
}

/** The builder bundles the platform prices, by kind; a builder switched off or without a discount has none. */
export function builderBundles(builders: BuilderSettings): ReadonlyMap<BuilderKind, BuilderBundle> {
  const bundles = new Map<BuilderKind, BuilderBundle>();
  const quiz = quizBundle(builders.quiz);
  if (quiz) bundles.set("quiz", quiz);
  const kit = kitBundle(builders.kit);
  if (kit) bundles.set("kit", kit);
  return bundles;
}

/** Which builder bundle a line claims to belong to, from its properties. */
export function builderClaim(properties: Record<string, string> | null | undefined): { kind: BuilderKind; id: string } | null {
  const kind = properties?.[BUILDER_PROPERTIES.builder];
  const id = properties?.[BUILDER_PROPERTIES.id]?.trim();
  if ((kind !== "quiz" && kind !== "kit") || !id) return null;
  return { kind, id };
}
