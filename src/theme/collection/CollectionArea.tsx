import type { CollectionPage } from "../../core/storefront.ts";
import { withPage } from "../../core/collection-url.ts";
import { type GridProduct, ProductGrid } from "../product/ProductGrid.tsx";
import { useText } from "../storefront/use-shop.ts";
import { Dropdown } from "../ui/Dropdown.tsx";
import { SORT_OPTIONS } from "./sort-options.ts";

interface CollectionAreaProps {
  page: Omit<CollectionPage, "products"> & { products: GridProduct[] };
  /** `/collections/{handle}` with the sort in its query, without filters or page. */
  baseURL: string;
  /** The page's own address: `{baseURL}/{filters}` with the sort. */
  address: string;
}

/**
 * The collection page area: filter form, count, sort, products and the
 * load-more links. The server renders it for full pages and for `?view=ajax`
 * (the fragment the filter and load-more scripts fetch); its markup is plain
 * HTML whose behaviour is wired by delegation (see `useCollectionArea`), so a
 * swapped-in fragment works exactly like the first render and the form works
 * without JavaScript.
 */
export function CollectionAreaContent({ page, baseURL, address }: CollectionAreaProps) {
  const text = useText();
  const { products, total, perPage, pageCount, filters, activeFilters, sort } = page;
  // The count says how many products the grid holds: arriving at a later page shows that page's alone.
  const shown = Math.min(total, products.length);
  const hasActive = activeFilters.length > 0;
  return (
    <div className="collection-area__inner">
      <form className="collection-filters" method="get" action={baseURL.split("?")[0]} data-collection-filters>
        <h2 className="visually-hidden">Filters</h2>
        {filters.map((group) => (
          <fieldset key={group.prefix} className="collection-filters__group">
            <legend className="collection-filters__legend">{group.label}</legend>
            <ul className="collection-filters__values">
              {group.values.map((value) => (
                <li key={value.value}>
                  <label className={`collection-filters__value${value.active ? " is-active" : ""}${value.count === 0 && !value.active ? " is-empty" : ""}`}>
                    <input type="checkbox" name="filter" value={value.value} defaultChecked={value.active} disabled={value.count === 0 && !value.active} />
                    <span>{value.label}</span> <span className="collection-filters__count">({value.count})</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ))}
        <div className="collection-filters__sort">
          <Dropdown id="collection-sort" name="sort_by" label={text("sort_by")} labelClassName="sort-form__label" options={SORT_OPTIONS} value={sort} />
        </div>
        <div className="collection-filters__actions">
          <button className="button button--small" type="submit" data-apply-filters>
            Apply
          </button>
          {hasActive ? (
            <a className="collection-filters__clear" href={baseURL} data-clear-filters>
              Clear filters
            </a>
          ) : null}
        </div>
      </form>

      <div className="collection-results">
        <p className="collection-toolbar__count" aria-live="polite" data-collection-count data-total={total} data-per-page={perPage} data-first-page={page.page} data-last-page={page.page}>
          {total === 0 ? "No products match" : text("items_shown", { shown, total })}
        </p>
        {page.page > 1 ? (
          <p className="load-more load-more--previous">
            <a className="button button--secondary" href={withPage(address, page.page - 1)} rel="prev" data-load="previous">
              Load previous
            </a>
          </p>
        ) : null}
        {products.length ? (
          <>
            <h2 className="visually-hidden">Products</h2>
            <ProductGrid products={products} eagerCount={4} comparable={page.collection.products_count > 1} />
          </>
        ) : (
          <p className="collection-empty">{hasActive ? "No products match these filters." : "There are no products in this collection yet."}</p>
        )}
        {page.page < pageCount ? (
          <p className="load-more load-more--next">
            <a className="button button--secondary" href={withPage(address, page.page + 1)} rel="next" data-load="next">
              Load more
            </a>
          </p>
        ) : null}
      </div>
    </div>
  );
}
