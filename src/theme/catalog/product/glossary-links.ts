import { inciListOf } from "../../../core/catalog/inci.ts";
import type { ProductViewJson } from "../../../core/contract/shopify-types.ts";
import type { StorefrontClient } from "../../../core/contract/storefront.ts";
import { glossaryAnchorsFor } from "../../../core/content/glossary-links.ts";

/** The glossary anchors of the product's ingredients, read with the page; none when it has no list or the shop no glossary. */
export async function loadGlossaryLinks(storefront: StorefrontClient, view: ProductViewJson): Promise<Record<string, string>> {
  const list = inciListOf(view.metafields);
  if (list.length === 0) return {};
  return glossaryAnchorsFor(list, await storefront.content.glossary());
}
