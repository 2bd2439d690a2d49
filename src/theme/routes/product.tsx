import { decimalAmount } from "../../core/money/money.ts";
import { reviewQueryOf } from "../../core/catalog/reviews.ts";
import { type ShouldRevalidateFunctionArgs, data } from "react-router";
import type { Route } from "./+types/product";
import { loadBundle } from "../builders/bundles/bundle-data.ts";
import { loadAddOns } from "../catalog/product/add-ons.ts";
import { loadGlossaryLinks } from "../catalog/product/glossary-links.ts";
import { ProductDetails } from "../catalog/product/ProductDetails.tsx";
import { ProductReviews } from "../catalog/product/reviews/ProductReviews.tsx";
import "../catalog/product/reviews/reviews.css";
import { LazyRecommendations } from "../catalog/product/lazy-enhancements.tsx";
import { storefrontContext } from "../storefront/context.ts";
import { absoluteUrl, canonicalLink, headTextOf, pageTitle, plainText, shopCurrencyOf, shopNameOf } from "../storefront/meta.ts";
import { onlyVariantChanged } from "../storefront/revalidation.ts";
import { collectionOfProduct } from "../../core/catalog/handles.ts";
import { CollectionBreadcrumb, productBreadcrumbList } from "../catalog/product/CollectionBreadcrumb.tsx";
import "../catalog/product/product.css";
import "../catalog/product/product-card.css";
// The bundle chooser's code is loaded on demand, its styles with the page so server-rendered choosers never shift.
import "../builders/bundles/bundle.css";

const RECOMMENDATIONS = 4;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const shopName = shopNameOf(matches);
  if (!loaderData) return [{ title: pageTitle(headTextOf(matches)("product_not_found"), shopName) }];
  const { product, metafields } = loaderData.view;
  const description = plainText(product.description) || `${product.title} by ${product.vendor}.`;
  const url = absoluteUrl(matches, `/products/${product.handle}`);
  const image = product.media[0] ? absoluteUrl(matches, product.media[0].src) : null;
  // The stars and the reviews come from the same approved reviews: the summary the catalog read, the list's first page.
  const reviews = metafields.reviews as { rating?: unknown; count?: unknown } | undefined;
  const rated = typeof reviews?.rating === "number" && typeof reviews.count === "number" && reviews.count > 0;
  const shownReviews = rated ? loaderData.reviews.reviews : [];
  return [
    { title: pageTitle(product.title, shopName) },
    { name: "description", content: description },
    canonicalLink(matches, `/products/${product.handle}`),
    { property: "og:type", content: "product" },
    { property: "og:title", content: product.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:site_name", content: shopName },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { property: "product:price:amount", content: decimalAmount(product.price) },
    { property: "product:price:currency", content: shopCurrencyOf(matches) },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    ...(loaderData.collection ? [productBreadcrumbList(matches, loaderData.collection, product.title, url)] : []),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Product",
        name: product.title,
        description,
        url,
        ...(image ? { image } : {}),
        brand: { "@type": "Brand", name: product.vendor },
        ...(rated ? { aggregateRating: { "@type": "AggregateRating", ratingValue: reviews.rating, reviewCount: reviews.count, bestRating: 5, worstRating: 1 } } : {}),
        ...(shownReviews.length > 0
          ? {
              review: shownReviews.map((review) => ({
                "@type": "Review",
                name: review.title,
                reviewBody: review.body,
                datePublished: review.createdAt.slice(0, 10),
                author: { "@type": "Person", name: review.author },
                reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
              })),
            }
          : {}),
        offers: product.variants.map((variant) => ({
          "@type": "Offer",
          sku: variant.sku,
          url: `${url}?variant=${variant.id}`,
          price: decimalAmount(variant.price),
          priceCurrency: shopCurrencyOf(matches),
          availability: variant.available ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
          itemCondition: "https://schema.org/NewCondition",
        })),
      },
    },
  ];
};

/**
 * `/products/{handle}`, and `/collections/{collection}/products/{handle}` for a product
 * reached through one of its collections (named in the breadcrumb; not found otherwise).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const storefront = context.get(storefrontContext);
  const view = await storefront.product(params.handle);
  if (!view) throw data(null, { status: 404 });
  const within = "collection" in params && typeof params.collection === "string" ? params.collection : null;
  const collection = within === null ? null : collectionOfProduct(view.collections, within);
  if (within !== null && !collection) throw data(null, { status: 404 });
  // In-process catalog reads: the add-ons and the bundle's products are rendered with the page.
  const [addOns, bundle, glossary, reviews, questions] = await Promise.all([
    loadAddOns(storefront, view),
    loadBundle(storefront, view),
    loadGlossaryLinks(storefront, view),
    storefront.reviews.page(view.product.id, reviewQueryOf(new URL(request.url).searchParams)),
    storefront.reviews.answered(view.product.id),
  ]);
  return { view, collection, addOns, bundle, glossary, reviews, questions };
}

export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && onlyVariantChanged(currentUrl, nextUrl)) return false;
  return defaultShouldRevalidate;
}

export default function Product({ loaderData }: Route.ComponentProps) {
  const { view, collection, addOns, bundle, glossary, reviews, questions } = loaderData;
  return (
    <main id="main" className="page page--product" tabIndex={-1}>
      {collection ? <CollectionBreadcrumb collection={collection} product={view.product.title} /> : null}
      {/* A new product starts with fresh choices. */}
      <ProductDetails key={view.product.id} view={view} addOns={addOns} bundle={bundle} glossary={glossary} />
      {/* Fetched as HTML after the page is interactive, never holding up the first paint. */}
      <ProductReviews key={`reviews-${view.product.id}`} handle={view.product.handle} productTitle={view.product.title} reviews={reviews} questions={questions} />
      <LazyRecommendations key={`recommendations-${view.product.id}`} productId={view.product.id} limit={RECOMMENDATIONS} />
    </main>
  );
}
