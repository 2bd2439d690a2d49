import { Link, type ShouldRevalidateFunctionArgs, redirect } from "react-router";
import type { Route } from "./+types/search";
import { SEARCH_TYPES, readSearchTypes, searchTypeParam } from "../../core/catalog/search-types.ts";
import type { SearchHit, SearchType } from "../../core/contract/storefront.ts";
import { type FilterSelection, blankFilterParams, filterParams, readPage, selectsAnything, shopifyAvailability, shopifyPriceRange, withPage } from "../../core/catalog/collection-url.ts";
import { toGridProduct } from "../../core/catalog/product-card.ts";
import { ActiveFilterChips } from "../catalog/collection/ActiveFilterChips.tsx";
import { FilterForm } from "../catalog/collection/FilterForm.tsx";
import { FilterSwapPage } from "../catalog/collection/FilterSwapPage.tsx";
import { FilterToggle } from "../catalog/collection/FilterToggle.tsx";
import { Pagination } from "../catalog/collection/Pagination.tsx";
import { swapRevalidation } from "../catalog/collection/swap-revalidation.ts";
import { selectionCount } from "../catalog/collection/page-selection.ts";
import { SearchForm } from "../layout/SearchForm.tsx";
import { ProductGrid } from "../catalog/product/ProductGrid.tsx";
import { storefrontContext } from "../storefront/context.ts";
import { headTextOf, pageTitle, shopNameOf } from "../storefront/meta.ts";
import { useText } from "../storefront/use-shop.ts";
import "../catalog/collection/collection.css";

const PER_PAGE = 24;
export const SEARCH_RESULTS_ID = "search-results";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(loaderData?.result.query ? headTextOf(matches)("search_title_query", { query: loaderData.result.query }) : headTextOf(matches)("search_label"), shopNameOf(matches)) },
  { name: "robots", content: "noindex" },
];

/**
 * `/search?q=&page=&type=` through the platform's search: products, and on the first page the
 * pages and articles it finds (Shopify's `type` narrows the kinds), within Shopify's price and stock filters
 * (`filter.v.price.gte|lte`, `filter.v.availability`), chosen with the collections' filter form and chips and
 * applied the same way without a reload; `?view=ajax` answers only the results area and the drawer's form.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The form without scripts submits its empty price fields too: the same search without them is the address the script shows.
  const kept = [...url.searchParams].filter(([name, value]) => !blankFilterParams(name, value));
  if (kept.length < [...url.searchParams].length) throw redirect(`${url.pathname}?${new URLSearchParams(kept).toString()}`);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = readPage(url);
  const price = shopifyPriceRange(url);
  const availability = shopifyAvailability(url);
  const types = readSearchTypes(url);
  const found = query
    ? await context.get(storefrontContext).search(query, { types, page, perPage: PER_PAGE, ...(price ? { price } : {}), ...(availability.length ? { availability } : {}) })
    : { query, products: [], total: 0, page: 1, pageCount: 0, perPage: PER_PAGE };
  const result = { ...found, products: found.products.map(toGridProduct) };
  // The search without its filters and page, and what the address chose: the form, the chips and the pages build on them.
  const type = searchTypeParam(types);
  const baseURL = `/search?${new URLSearchParams([["q", query], ...(type ? [["type", type]] : [])]).toString()}`;
  const selection: FilterSelection = { filters: [], price, availability };
  return { result, types, baseURL, selection, fragment: url.searchParams.get("view") === "ajax" };
}

export function shouldRevalidate({ nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return swapRevalidation(nextUrl, defaultShouldRevalidate);
}

type SearchData = Route.ComponentProps["loaderData"];

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

/** Whether the products found can be filtered: a search for products that found some, or whose filters left none. */
function filterable({ result, selection, types }: Pick<SearchData, "result" | "selection" | "types">): boolean {
  return Boolean(result.query && types.includes("product") && result.price && result.availability && (result.total > 0 || selectsAnything(selection)));
}

/** The price and stock form for the drawer on narrow screens (the area holds the one beside the results). */
function DrawerForm({ result, selection, types, baseURL }: Pick<SearchData, "result" | "selection" | "types" | "baseURL">) {
  if (!filterable({ result, selection, types }) || !result.price || !result.availability) return null;
  return <FilterForm filters={[]} price={result.price} availability={result.availability} total={result.total} hasActive={selectsAnything(selection)} baseURL={baseURL} placement="drawer" />;
}

/** The results area: the filter form beside the results, the count, the chips, what was found and the pages. */
function SearchArea({ result, selection, types, baseURL }: Pick<SearchData, "result" | "selection" | "types" | "baseURL">) {
  const text = useText();
  const { query, products, total, page, pageCount, pages = [], articles = [] } = result;
  if (!query) return null;
  const hasActive = selectsAnything(selection);
  const hrefFor = (target: number) => withPage(`/search?${new URLSearchParams([...new URLSearchParams(baseURL.split("?")[1]), ...filterParams(selection)]).toString()}`, target);
  // The count says how many products the grid holds; nothing found of any kind says so.
  const shown = Math.min(total, products.length);
  const nothing = total === 0 && !pages.length && !articles.length;
  const results = (
    <div id={SEARCH_RESULTS_ID} className="search-results collection-results">
      <div className="collection-results__bar">
        {filterable({ result, selection, types }) ? <FilterToggle label={text("filters_title")} count={selectionCount(selection)} activeLabel={text("filters_title_active", { count: selectionCount(selection) })} /> : null}
        <p className="collection-toolbar__count" aria-live="polite" data-collection-count data-total={total}>
          {nothing ? (hasActive ? text("collection_no_match_filters") : text("search_no_results", { query })) : total === 0 ? null : text("items_shown", { shown, total })}
        </p>
      </div>
      <ActiveFilterChips filters={[]} selection={selection} baseURL={baseURL} />
      <SearchHits id="search-pages" heading={text("search_content_pages")} hits={pages} />
      <SearchHits id="search-articles" heading={text("search_content_articles")} hits={articles} />
      {products.length ? <ProductGrid products={products} eagerCount={4} label={text("search_results", { query })} /> : null}
      <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />
    </div>
  );
  if (!filterable({ result, selection, types }) || !result.price || !result.availability) return results;
  return (
    <div className="collection-area__inner">
      <FilterForm filters={[]} price={result.price} availability={result.availability} total={total} hasActive={hasActive} baseURL={baseURL} placement="sidebar" />
      {results}
    </div>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { result, types, baseURL, selection, fragment } = loaderData;
  const text = useText();
  const header = (
    <>
      <header className="collection-header">
        <h1 className="collection-header__title">{result.query ? text("search_results", { query: result.query }) : text("search_label")}</h1>
      </header>
      <SearchForm className="search-form--page" defaultValue={result.query} key={result.query} />
      {result.query ? <SearchTypes query={result.query} types={types} /> : null}
    </>
  );
  // The same no-reload filtering as a collection's: the area and the drawer's form swapped in from `?view=ajax`.
  return (
    <FilterSwapPage
      pageClass="page--search"
      sectionId="main-search"
      baseURL={baseURL}
      filterTemplate={null}
      fragment={fragment}
      header={header}
      area={<SearchArea result={result} selection={selection} types={types} baseURL={baseURL} />}
      drawerForm={<DrawerForm result={result} selection={selection} types={types} baseURL={baseURL} />}
      drawerTitle={text("filters_title")}
    />
  );
}
