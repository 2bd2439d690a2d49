/**
 * The quiz page's data, read on the server: the merchant's quiz with each
 * compared product resolved to the variant offered (its SKU, else the first),
 * its price and picture. A product that cannot be sold is dropped, and a step
 * left with no product is dropped with it.
 */
import type { QuizSettings } from "../../../core/builders/builder-settings.ts";
import type { QuizDefinition, QuizProduct, QuizStep } from "../../../core/builders/quiz-builder.ts";
import type { StorefrontClient } from "../../../core/contract/storefront.ts";
import { type BuilderImage, loadBuilderProducts, offeredVariant, startPictures } from "../builder-data.ts";

export interface QuizPageProduct extends QuizProduct {
  url: string;
  image: BuilderImage | null;
  compareAtPrice: number | null;
  helpsWith: string[];
}

export interface QuizPageStep extends QuizStep {
  products: QuizPageProduct[];
}

export interface QuizPage {
  title: string;
  intro: QuizSettings["intro"];
  start: QuizSettings["start"];
  /** The intro's pictures: a product of each step. */
  pictures: BuilderImage[];
  resultsTitle: string;
  definition: QuizDefinition & { steps: QuizPageStep[] };
}

export async function loadQuizPage(storefront: StorefrontClient, quiz: QuizSettings): Promise<QuizPage | null> {
  if (!quiz.enabled || quiz.steps.length === 0) return null;
  const loaded = await loadBuilderProducts(
    storefront,
    quiz.steps.flatMap((step) => step.products_to_compare.map((product) => product.product_handle)),
  );
  const steps: QuizPageStep[] = [];
  for (const step of quiz.steps) {
    const products: QuizPageProduct[] = [];
    for (const compared of step.products_to_compare) {
      const product = loaded[compared.product_handle];
      const variant = product ? offeredVariant(product, compared.product_variant) : undefined;
      if (!product || !variant) continue;
      products.push({
        handle: product.handle,
        title: product.title,
        variantId: variant.id,
        price: variant.price,
        compareAtPrice: variant.compare_at_price,
        available: variant.available,
        isFree: compared.product_is_free,
        why: compared.product_why || product.summary,
        url: product.url,
        image: product.image,
        helpsWith: product.helpsWith.slice(0, 3),
      });
    }
    if (products.length) steps.push({ key: step.key, title: step.step_title, headerTitle: step.header_title, required: step.is_required, products });
  }
  if (steps.length === 0) return null;
  return {
    title: quiz.title,
    intro: quiz.intro,
    start: quiz.start,
    pictures: startPictures(steps.map((step) => step.products)),
    resultsTitle: quiz.results.title,
    definition: { questions: quiz.questions, steps, discountPercent: quiz.results.discount_percent },
  };
}
