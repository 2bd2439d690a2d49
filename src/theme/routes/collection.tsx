import { Link, type ShouldRevalidateFunctionArgs, data, redirect, useLocation } from "react-router";
import type { Route } from "./+types/collection";
import { blankFilterParams, collectionSelection, filteredCollectionUrl, readPage, readSort, withPage, withSort } from "../../core/catalog/collection-url.ts";
import { toGridProduct } from "../../core/catalog/product-card.ts";
import { CollectionAreaContent } from "../catalog/collection/CollectionArea.tsx";
import { CompareBar } from "../catalog/collection/CompareBar.tsx";
import { FilterForm } from "../catalog/collection/FilterForm.tsx";
import { FilterSwapPage } from "../catalog/collection/FilterSwapPage.tsx";
import { swapRevalidation } from "../catalog/collection/swap-revalidation.ts";
import { activeFilterCount, pageSelection } from "../catalog/collection/page-selection.ts";
import { storefrontContext } from "../storefront/context.ts";
import { OilQuiz } from "../builders/oil-quiz/OilQuiz.tsx";
import { oilQuizFor } from "../builders/oil-quiz/oil-quiz-data.ts";
import { absoluteUrl, canonicalLink, feedLink, headTextOf, pageTitle, plainText, shopNameOf } from "../storefront/meta.ts";
import { useShop, useText } from "../storefront/use-shop.ts";
import "../catalog/collection/collection.css";
import "../builders/oil-quiz/oil-quiz.css";

const PER_PAGE = 12;

/** How many of the collection's products the facial-oil quiz chooses from. */
const OIL_QUIZ_PRODUCTS = 50;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const shopName = shopNameOf(matches);
  const text = headTextOf(matches);
  if (!loaderData) return [{ title: pageTitle(text("collection_not_found"), shopName) }];
  const { collection, page } = loaderData.page;
  const description = plainText(collection.description) || text("collection_description", { title: collection.title, shop: shopName });
  const path = `/collections/${collection.handle}`;
  return [
    { title: pageTitle(page > 1 ? text("collection_title_page", { title: collection.title, page }) : collection.title, shopName) },
    { name: "description", content: description },
    // Filtered, sorted and later pages all point at the collection itself.
    canonicalLink(matches, path),
    feedLink(matches, path, collection.title),
    { property: "og:type", content: "website" },
    { property: "og:title", content: collection.title },
    { property: "og:description", content: description },
    { property: "og:url", content: absoluteUrl(matches, path) },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: text("breadcrumb_home"), item: absoluteUrl(matches, "/") },
          { "@type": "ListItem", position: 2, name: text("breadcrumb_collections"), item: absoluteUrl(matches, "/collections") },
          { "@type": "ListItem", position: 3, name: collection.title, item: absoluteUrl(matches, path) },
        ],
      },
    },
  ];
};

/**
 * `/collections/{handle}` with Shopify's filter parameters
 * (`?filter.p.m.custom.skin_type=dry`, `…key_ingredients.not=retinol`),
 * `?sort_by=`, `?page=` and `?view=ajax` (only the collection area). The
 * older tag-segment addresses (`/collections/{handle}/{tag+tag}`) render the
 * same page, and their links point to the parameter form. A `?filter=` from an
 * old bookmark is redirected to the parameter form, `sort_by=manual` (the
 * default order, as the form without scripts submits it) to the address without it.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const base = `/collections/${encodeURIComponent(params.handle)}`;
  const sort = readSort(url);
  const sortedBase = withSort(base, sort === "manual" ? null : sort);
  const { filters, excluded, price, availability } = collectionSelection(params.filters, url);
  if (url.searchParams.has("filter")) {
    throw redirect(filteredCollectionUrl(sortedBase, { filters: [...filters, ...url.searchParams.getAll("filter")], excluded, price, availability }));
  }
  // The form without scripts also submits the default order and its empty price fields: the same page without them is the address the script shows.
  const kept = [...url.searchParams].filter(([name, value]) => !(name === "sort_by" && value === "manual") && !blankFilterParams(name, value));
  if (kept.length < [...url.searchParams].length) {
    const search = new URLSearchParams(kept).toString();
    throw redirect(`${url.pathname}${search ? `?${search}` : ""}`);
  }
  const page = readPage(url);
  const storefront = context.get(storefrontContext);
  const result = await storefront.collection(params.handle, { page, perPage: PER_PAGE, ...(sort ? { sort } : {}), ...(filters.length ? { filters } : {}), ...(excluded.length ? { excluded } : {}), ...(price ? { price } : {}), ...(availability.length ? { availability } : {}) });
  if (!result) throw data(null, { status: 404 });
  const address = withPage(filteredCollectionUrl(sortedBase, pageSelection(result)), result.page);
  const fragment = url.searchParams.get("view") === "ajax";
  // The facial-oil quiz sits under its collection's header; a swap of the collection area does not redraw it.
  const quizSettings = (await storefront.builders()).oilQuiz;
  // The quiz chooses from the whole collection, whatever the shopper filtered or paged to.
  const quizProducts = !fragment && quizSettings.collection === params.handle ? (await storefront.collection(params.handle, { page: 1, perPage: OIL_QUIZ_PRODUCTS }))?.products : undefined;
  const oilQuiz = quizProducts ? oilQuizFor(quizSettings, params.handle, quizProducts, url.searchParams.get("skin")) : null;
  return { page: { ...result, products: result.products.map(toGridProduct) }, baseURL: sortedBase, address, fragment, oilQuiz };
}

export function shouldRevalidate({ nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return swapRevalidation(nextUrl, defaultShouldRevalidate);
}

export default function Collection({ loaderData }: Route.ComponentProps) {
  const { page, baseURL, address, fragment, oilQuiz } = loaderData;
  const { collection } = page;
  const location = useLocation();
  const filterTemplate = useShop().collections?.filterTemplate ?? null;
  const text = useText();
  const header = (
    <header className="collection-header">
      <h1 className="collection-header__title">{collection.title}</h1>
      {collection.description ? <div className="collection-header__description rte" dangerouslySetInnerHTML={{ __html: collection.description }} /> : null}
      {collection.products_count > 1 ? (
        <p className="collection-header__compare">
          <Link to={`/collections/${collection.handle}/compare`} prefetch="intent">
            {text("collection_compare_link")}
          </Link>
        </p>
      ) : null}
      {oilQuiz ? <OilQuiz quiz={oilQuiz} collectionUrl={`/collections/${collection.handle}`} /> : null}
    </header>
  );
  return (
    <FilterSwapPage
      pageClass="page--collection"
      sectionId="main-collection-product-grid"
      baseURL={baseURL}
      filterTemplate={filterTemplate}
      fragment={fragment}
      header={header}
      area={<CollectionAreaContent page={page} baseURL={baseURL} address={address} />}
      drawerForm={<FilterForm filters={page.filters} price={page.price} availability={page.availability} sort={page.sort} total={page.total} hasActive={activeFilterCount(page) > 0} baseURL={baseURL} placement="drawer" />}
      after={collection.products_count > 1 ? <CompareBar collection={collection.handle} swapKey={location.key} /> : null}
    />
  );
}
