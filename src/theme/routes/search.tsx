import { Link } from "react-router";
import type { Route } from "./+types/search";
import { SEARCH_TYPES, readSearchTypes, searchTypeParam } from "../../core/catalog/search-types.ts";
import type { SearchHit, SearchType } from "../../core/contract/storefront.ts";
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
 * `/search?q=&page=&type=` through the platform's search: products, and on the first page the
 * pages and articles it finds (Shopify's `type` narrows the kinds), within Shopify's price and stock filters
 * (`filter.v.price.gte|lte`, `filter.v.availability`) when the address has them; `?view=ajax` answers only the results area.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = readPage(url);
  const price = shopifyPriceRange(url);
  const availability = shopifyAvailability(url);
  const types = readSearchTypes(url);
  const found = query
    ? await context.get(storefrontContext).search(query, { types, page, perPage: PER_PAGE, ...(price ? { price } : {}), ...(availability.length ? { availability } : {}) })
    : { query, products: [], total: 0, page: 1, pageCount: 0, perPage: PER_PAGE };
  const result = { ...found, products: found.products.map(toGridProduct) };
  // The pages keep the filters the address had.
  const type = searchTypeParam(types);
  const filters: [string, string][] = [...(type ? [["type", type] as [string, string]] : []), ...filterParams({ filters: [], price, availability })];
  return { result, types, filters, fragment: url.searchParams.get("view") === "ajax" };
}

/** The kinds a shopper can narrow the results to: everything, or one kind. */
function SearchTypes({ query, types }: { query: string; types: readonly SearchType[] }) {
  const text = useText();
  const label: Record<SearchType, string> = { product: text("collection_products"), page: text("search_content_pages"), article: text("search_content_articles") };
  const choices: { types: readonly SearchType[]; label: string }[] = [{ types: SEARCH_TYPES, label: text("search_type_all") }, ...SEARCH_TYPES.map((type) => ({ types: [type], label: label[type] }))];
  const current = searchTypeParam(types);
  return (
    <nav className="search-types" aria-label={text("search_types_label")}>
      <ul className="search-types__list">
        {choices.map((choice) => {
          const param = searchTypeParam(choice.types);
          return (
            <li key={choice.label}>
              <Link className="search-types__link" to={`/search?${new URLSearchParams([["q", query], ...(param ? [["type", param]] : [])]).toString()}`} aria-current={param === current ? "page" : undefined}>
                {choice.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The pages or articles a search found, each a link with the start of its text. */
function SearchHits({ id, heading, hits }: { id: string; heading: string; hits: readonly SearchHit[] }) {
  if (!hits.length) return null;
  return (
    <section className="search-hits" aria-labelledby={id}>
      <h2 className="search-hits__heading" id={id}>
        {heading}
      </h2>
      <ul className="search-hits__list">
        {hits.map((hit) => (
          <li className="search-hits__item" key={hit.url}>
            <Link className="search-hits__title" to={hit.url} prefetch="intent">
              {hit.title}
            </Link>
            {hit.excerpt ? <p className="search-hits__excerpt">{hit.excerpt}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function SearchResults({ result, filters }: { result: Route.ComponentProps["loaderData"]["result"]; filters: [string, string][] }) {
  const text = useText();
  const { query, products, total, page, pageCount, pages = [], articles = [] } = result;
  const hrefFor = (target: number) => withPage(`/search?${new URLSearchParams([["q", query], ...filters]).toString()}`, target);
  if (!query) return null;
  // The count says how many products the grid holds; nothing found of any kind says so.
  const shown = Math.min(total, products.length);
  const nothing = total === 0 && !pages.length && !articles.length;
  return (
    <>
      <SearchHits id="search-pages" heading={text("search_content_pages")} hits={pages} />
      <SearchHits id="search-articles" heading={text("search_content_articles")} hits={articles} />
      <p className="collection-toolbar__count" aria-live="polite">
        {nothing ? text("search_no_results", { query }) : total === 0 ? null : text("items_shown", { shown, total })}
      </p>
      {products.length ? <ProductGrid products={products} eagerCount={4} label={text("search_results", { query })} /> : null}
      <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />
    </>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { result, types, filters, fragment } = loaderData;
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
      {result.query ? <SearchTypes query={result.query} types={types} /> : null}
      {results}
    </main>
  );
}
