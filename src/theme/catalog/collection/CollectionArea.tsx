import type { CollectionPage } from "../../../core/contract/storefront.ts";
import { withPage } from "../../../core/catalog/collection-url.ts";
import { type GridProduct, ProductGrid } from "../product/ProductGrid.tsx";
import { useSitePath, useText } from "../../storefront/use-shop.ts";
import { ActiveFilterChips } from "./ActiveFilterChips.tsx";
import { FilterForm } from "./FilterForm.tsx";
import { FilterToggle } from "./FilterToggle.tsx";
import { activeFilterCount, pageSelection } from "./page-selection.ts";

interface CollectionAreaProps {
  page: Omit<CollectionPage, "products"> & { products: GridProduct[] };
  /** `/collections/{handle}` with the sort in its query, without filters or page. */
  baseURL: string;
  /** The page's own address: `{baseURL}?{filter parameters}` with the sort. */
  address: string;
}

/**
 * The collection page area: filter form (with the sort), count, products and
 * the load-more links; on narrow screens a "Filter and sort" button and the
 * active filters as chips stand in for the form (CSS decides, so the first
 * paint is right at every width). The server renders it for full pages and
 * for `?view=ajax` (the fragment the filter and load-more scripts fetch); its
 * markup is plain HTML whose behaviour is wired by delegation (see
 * `useCollectionArea`), so a swapped-in fragment works exactly like the first
 * render and the form works without JavaScript.
 */
export function CollectionAreaContent({ page, baseURL, address }: CollectionAreaProps) {
  const onSite = useSitePath();
  const text = useText();
  const { products, total, perPage, pageCount, filters, sort } = page;
  // The count says how many products the grid holds: arriving at a later page shows that page's alone.
  const shown = Math.min(total, products.length);
  const activeCount = activeFilterCount(page);
  const hasActive = activeCount > 0;
  return (
    <div className="collection-area__inner">
      <FilterForm filters={filters} price={page.price} availability={page.availability} sort={sort} total={total} hasActive={hasActive} baseURL={baseURL} placement="sidebar" />

      <div className="collection-results">
        <div className="collection-results__bar">
          {/* Narrow screens with scripts: opens the drawer holding the filters and the sort (the collection route listens). */}
          <FilterToggle label={text("collection_filter_sort")} count={activeCount} activeLabel={text("collection_filter_sort_active", { count: activeCount })} />
          <p className="collection-toolbar__count" aria-live="polite" data-section-id="product-count" data-collection-count data-total={total} data-per-page={perPage} data-first-page={page.page} data-last-page={page.page}>
            {total === 0 ? text("collection_no_match") : text("items_shown", { shown, total })}
          </p>
        </div>
        <ActiveFilterChips filters={filters} selection={pageSelection(page)} baseURL={baseURL} />
        {page.page > 1 ? (
          <p className="load-more load-more--previous">
            <a className="button button--secondary" href={onSite(withPage(address, page.page - 1))} rel="prev" data-load="previous">
              {text("collection_load_previous")}
            </a>
          </p>
        ) : null}
        {products.length ? (
          <>
            <h2 className="visually-hidden">{text("collection_products")}</h2>
            <ProductGrid products={products} eagerCount={4} comparable={page.collection.products_count > 1} />
          </>
        ) : (
          <p className="collection-empty">{hasActive ? text("collection_no_match_filters") : text("collection_empty")}</p>
        )}
        {page.page < pageCount ? (
          <p className="load-more load-more--next">
            <a className="button button--secondary" href={onSite(withPage(address, page.page + 1))} rel="next" data-load="next">
              {text("collection_load_more")}
            </a>
          </p>
        ) : null}
      </div>
    </div>
  );
}
