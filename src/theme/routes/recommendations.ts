import { shopTranslator } from "../storefront/use-shop.ts";
import { z } from "../../core/common/zod.ts";
import type { Route } from "./+types/recommendations";
import { recommendationsSectionHtml } from "../catalog/product/recommendations-section.ts";
import { RECOMMENDATIONS_SECTION_ID } from "../catalog/product/recommendations-url.ts";
import { storefrontContext } from "../storefront/context.ts";
import { sitePath } from "../../core/sites/sites.ts";

const query = z.object({
  section_id: z.literal(RECOMMENDATIONS_SECTION_ID),
  product_id: z.coerce.number().int().positive(),
  limit: z.coerce.number().int().min(1).max(10).catch(4),
  intent: z.enum(["related", "complementary"]).catch("related"),
});

/**
 * `GET /recommendations/products?section_id=product-recommendations&product_id={id}&limit={n}&intent={intent}`:
 * the recommendations section rendered on its own, as HTML (Shopify's section
 * rendering of `routes.product_recommendations_url`). The product page fetches
 * it once it is interactive and the section is near the viewport.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  const storefront = context.get(storefrontContext);
  const { product_id, limit, intent } = parsed.data;
  const [shop, found] = await Promise.all([storefront.shop(), storefront.recommendations(product_id, limit, intent)]);
  // The section's links lead to the products on the shopper's own site.
  const products = shop.site ? found.map((product) => ({ ...product, url: sitePath(shop.site ?? { path: "" }, product.url) })) : found;
  const text = shopTranslator(shop);
  const html = recommendationsSectionHtml(products, shop.moneyFormat, {
    title: intent === "complementary" ? text("upsell_title") : text("recommendations_title"),
    soldOut: text("sold_out"),
    salePrice: text("sale_price"),
    regularPrice: text("regular_price"),
  });
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=300" } });
}
