/**
 * The kit page's data, read on the server: the merchant's kit with each
 * product resolved to the variant offered (its SKU, else the first), its kit
 * price and picture. Steps without a title or products are dropped, and so
 * are products that cannot be sold (and a step left without any).
 */
import { isKitStepShown } from "../../../core/builders/builder-bundles.ts";
import type { KitSettings } from "../../../core/builders/builder-settings.ts";
import type { KitProduct, KitStep } from "../../../core/builders/kit-builder.ts";
import type { StorefrontClient } from "../../../core/contract/storefront.ts";
import { type BuilderImage, loadBuilderProducts, offeredVariant, startPictures } from "../builder-data.ts";

export interface KitPageProduct extends KitProduct {
  url: string;
  image: BuilderImage | null;
  /** The merchant's title in the kit, else the product's. */
  displayTitle: string;
  helpsWith: string[];
  summary: string;
}

export interface KitPageStep extends KitStep {
  main: KitPageProduct[];
  popup: KitPageProduct[];
}

export interface KitPage {
  title: string;
  intro: string;
  start: KitSettings["start"];
  /** The start's pictures: a product of each step. */
  pictures: BuilderImage[];
  bundleText: string;
  dropdown: KitSettings["dropdown"];
  definition: { steps: KitPageStep[]; discountPercent: number };
}

export async function loadKitPage(storefront: StorefrontClient, kit: KitSettings): Promise<KitPage | null> {
  if (!kit.enabled) return null;
  const loaded = await loadBuilderProducts(storefront, kit.steps.flatMap((step) => step.products.map((product) => product.handle)));
  const steps: KitPageStep[] = [];
  kit.steps.forEach((step, id) => {
    if (!isKitStepShown(step)) return;
    const main: KitPageProduct[] = [];
    const popup: KitPageProduct[] = [];
    for (const config of step.products) {
      const product = loaded[config.handle];
      const variant = product ? offeredVariant(product, config.sku) : undefined;
      if (!product || !variant) continue;
      (config.is_in_popup ? popup : main).push({
        handle: product.handle,
        title: product.title,
        displayTitle: config.title_override ?? product.title,
        variantId: variant.id,
        variantTitle: product.variants.length > 1 ? variant.title : "",
        price: variant.price,
        compareAtPrice: variant.compare_at_price,
        kitPrice: Math.min(variant.price, config.price_override ?? variant.price),
        available: variant.available,
        pills: [...config.pills, ...(product.vitals.builder_pills ?? [])].filter((pill, index, all) => all.indexOf(pill) === index).slice(0, 3),
        recommendedFor: config.recommended_dropdown_options,
        inCompare: config.include_in_compare,
        url: product.url,
        image: product.image,
        helpsWith: product.helpsWith.slice(0, 3),
        summary: product.summary,
      });
    }
    if (main.length + popup.length === 0) return;
    steps.push({
      id,
      title: step.title,
      description: step.description,
      optional: step.optional,
      limit: step.product_limit,
      popupLimit: popup.length ? step.popup_product_limit : 0,
      popupTitle: step.popup_title,
      main,
      popup,
    });
  });
  if (steps.length === 0) return null;
  return { title: kit.title, intro: kit.intro, start: kit.start, pictures: startPictures(steps.map((step) => step.main)), bundleText: kit.bundle_text, dropdown: kit.dropdown, definition: { steps, discountPercent: kit.discount_percentage } };
}
