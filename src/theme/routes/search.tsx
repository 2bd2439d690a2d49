import type { Route } from "./+types/search";
import { filterParams, readPage, shopifyAvailability, shopifyPriceRange, withPage } from "../../core/catalog/collection-url.ts";
import { toGridProduct } from "../../core/catalog/product-card.ts";
import { Pagination } from "../collection/Pagination.tsx";
import { SearchForm } from "../layout/SearchForm.tsx";
import { ProductGrid } from "../product/ProductGrid.tsx";
import { storefrontContext } from "../storefront/context.ts";
import { headTextOf, pageTitle, shopNameOf } from "../storefront/meta.ts";
import { useText } from "../storefront/use-shop.ts";
import "../collection/collection.css";

const PER_PAGE = 24;
export const SEARCH_RESULTS_ID = "search-results";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(loaderData?.result.query ? headTextOf(matches)("search_title_query", { query: loaderData.result.query }) : headTextOf(matches)("search_label"), shopNameOf(matches)) },
  { name: "robots", content: "noindex" },
];

/**
 * `/search?q=&page=` through the platform's search, within Shopify's price and stock filters
 * (`filter.v.price.gte|lte`, `filter.v.availability`) when the address has them; `?view=ajax` answers only the results area.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = readPage(url);
  const price = shopifyPriceRange(url);
  const availability = shopifyAvailability(url);
  const found = query
    ? await context.get(storefrontContext).search(query, { page, perPage: PER_PAGE, ...(price ? { price } : {}), ...(availability.length ? { availability } : {}) })
    : { query, products: [], total: 0, page: 1, pageCount: 0, perPage: PER_PAGE };
  const result = { ...found, products: found.products.map(toGridProduct) };
  // The pages keep the filters the address had.
  const filters = filterParams({ filters: [], price, availability });
  return { result, filters, fragment: url.searchParams.get("view") === "ajax" };
}

function SearchResults({ result, filters }: { result: Route.ComponentProps["loaderData"]["result"]; filters: [string, string][] }) {
  const text = useText();
  const { query, products, total, page, pageCount } = result;
  const hrefFor = (target: number) => withPage(`/search?${new URLSearchParams([["q", query], ...filters]).toString()}`, target);
  if (!query) return null;
  // The count says how many results the grid holds.
  const shown = Math.min(total, products.length);
  return (
    <>
      <p className="collection-toolbar__count" aria-live="polite">
        {total === 0 ? text("search_no_results", { query }) : text("items_shown", { shown, total })}
      </p>
      {products.length ? <ProductGrid products={products} eagerCount={4} label={text("search_results", { query })} /> : null}
      <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />
    </>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { result, filters, fragment } = loaderData;
  const text = useText();
  const results = (
    <div id={SEARCH_RESULTS_ID} className="search-results" data-section-id="main-search">
      <SearchResults result={result} filters={filters} />
    </div>
  );
  if (fragment) return <main id="main" className="page page--search" tabIndex={-1}>{results}</main>;
  return (
    <main id="main" className="page page--search" tabIndex={-1}>
      <header className="collection-header">
        <h1 className="collection-header__title">{result.query ? text("search_results", { query: result.query }) : text("search_label")}</h1>
      </header>
      <SearchForm className="search-form--page" defaultValue={result.query} key={result.query} />
      {results}
    </main>
  );
}
