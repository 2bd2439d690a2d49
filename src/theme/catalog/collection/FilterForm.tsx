import { Fragment } from "react";
import { AVAILABILITY_PARAM, PRICE_GTE_PARAM, PRICE_LTE_PARAM, filterParam, priceParam } from "../../../core/catalog/collection-url.ts";
import type { CollectionSort, FilterGroup, PriceFacet, StockFacet } from "../../../core/contract/storefront.ts";
import { useMoney, useSitePath, useText } from "../../storefront/use-shop.ts";
import { Dropdown } from "../../ui/Dropdown.tsx";
import { SORT_OPTIONS } from "./sort-options.ts";

interface FilterFormProps {
  filters: FilterGroup[];
  /** The price range asked for and the highest price the other filters leave. */
  price: PriceFacet;
  /** "In stock" and "Out of stock" with their counts. */
  availability: StockFacet[];
  /** The order chosen, with its field; none on a page without orders (search). */
  sort?: CollectionSort;
  /** Products matching the current filters. */
  total: number;
  hasActive: boolean;
  /** `/collections/{handle}` with the sort in its query, or `/search?q=…`, without filters or page: its other query fields go along as hidden ones. */
  baseURL: string;
  /**
   * `sidebar`: beside the grid on wide screens (and on every screen without
   * JavaScript). `drawer`: inside the "Filter and sort" dialog on narrow ones.
   */
  placement: "sidebar" | "drawer";
}

/**
 * The filter and sort form, a plain GET form that works without JavaScript:
 * its checkboxes are Shopify's filter parameters (`filter.p.m.custom.skin_type=dry`,
 * `filter.p.m.custom.key_ingredients.not=retinol` in a group shoppers may
 * leave values out of), so submitting it gives the address the script shows;
 * the collection route applies its changes through the no-reload swap. The
 * page renders it twice: once beside the grid and once in the phone drawer,
 * with distinct ids so both can live in one document.
 */
export function FilterForm({ filters, price, availability, sort, total, hasActive, baseURL, placement }: FilterFormProps) {
  const onSite = useSitePath();
  const text = useText();
  const money = useMoney();
  const drawer = placement === "drawer";
  const idOf = (name: string) => `${name}-${placement}`;
  const sortField = sort ? (
    <div className="collection-filters__sort">
      <Dropdown id={drawer ? "collection-sort-drawer" : "collection-sort"} name="sort_by" label={text("sort_by")} labelClassName="sort-form__label" options={SORT_OPTIONS.map(({ value, label }) => ({ value, label: text(label) }))} value={sort} />
    </div>
  ) : null;
  const [action = baseURL, query = ""] = baseURL.split("?");
  // The search's words (and kind) go along with the filters when the form is sent without scripts.
  const carried = [...new URLSearchParams(query)].filter(([name]) => name !== "sort_by");
  return (
    <form className={`collection-filters collection-filters--${placement}`} method="get" action={onSite(action)} data-collection-filters>
      {carried.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {drawer ? sortField : <h2 className="visually-hidden">{text("collection_filters")}</h2>}
      {filters.map((group) => (
        <Fragment key={group.prefix}>
          <fieldset className="collection-filters__group">
            <legend className="collection-filters__legend">{group.label}</legend>
            <ul className="collection-filters__values">
              {group.values.map((value) => {
                const [name, paramValue] = filterParam(value.value);
                return (
                  <li key={value.value}>
                    <label className={`collection-filters__value${value.active ? " is-active" : ""}${value.count === 0 && !value.active ? " is-empty" : ""}`}>
                      <input type="checkbox" name={name} value={paramValue} defaultChecked={value.active} disabled={value.count === 0 && !value.active} />
                      <span className="collection-filters__text">
                        <span>{value.label}</span> <span className="collection-filters__count">({value.count})</span>
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
          {group.exclude && group.values.length > 0 ? (
            // "Key ingredient to avoid": ticking a value leaves out every product carrying it.
            <fieldset className="collection-filters__group collection-filters__group--avoid">
              <legend className="collection-filters__legend">{text("filters_avoid_legend", { group: group.label })}</legend>
              <ul className="collection-filters__values">
                {group.values.map((value) => {
                  const [name, paramValue] = filterParam(value.value, true);
                  const empty = value.excludedCount === 0 && !value.excluded;
                  return (
                    <li key={value.value}>
                      <label className={`collection-filters__value${value.excluded ? " is-active" : ""}${empty ? " is-empty" : ""}`}>
                        <input type="checkbox" name={name} value={paramValue} defaultChecked={value.excluded} disabled={empty} />
                        <span className="collection-filters__text">
                          <span className="visually-hidden">{text("filters_without_prefix")} </span>
                          <span>{value.label}</span> <span className="collection-filters__count">({value.excludedCount})</span>
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          ) : null}
        </Fragment>
      ))}
      {availability.length > 0 ? (
        // Shopify's `filter.v.availability`: 1 in stock, 0 out of stock, each with what ticking it would show.
        <fieldset className="collection-filters__group">
          <legend className="collection-filters__legend">{text("filters_availability_legend")}</legend>
          <ul className="collection-filters__values">
            {availability.map((value) => (
              <li key={value.value}>
                <label className={`collection-filters__value${value.active ? " is-active" : ""}${value.count === 0 && !value.active ? " is-empty" : ""}`}>
                  <input type="checkbox" name={AVAILABILITY_PARAM} value={String(value.value)} defaultChecked={value.active} disabled={value.count === 0 && !value.active} />
                  <span className="collection-filters__text">
                    <span>{text(value.value === 1 ? "filters_in_stock" : "filters_out_of_stock")}</span> <span className="collection-filters__count">({value.count})</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      {price.highest > 0 ? (
        // Shopify's price range as Dawn draws it: the highest price, then "From" and "To" in the site's currency, whole or with cents.
        <fieldset className="collection-filters__group collection-filters__group--price" aria-describedby={idOf("price-highest")}>
          <legend className="collection-filters__legend">{text("filters_price_legend")}</legend>
          <p className="collection-filters__note" id={idOf("price-highest")}>
            {text("filters_price_highest", { price: money(price.highest) })}
          </p>
          <div className="collection-filters__price">
            <label className="collection-filters__price-field" htmlFor={idOf("price-gte")}>
              <span>{text("filters_price_from")}</span>
              <input id={idOf("price-gte")} type="number" inputMode="decimal" name={PRICE_GTE_PARAM} min={0} max={priceParam(price.highest)} step="0.01" placeholder="0" defaultValue={price.gte === null ? "" : priceParam(price.gte)} />
            </label>
            <label className="collection-filters__price-field" htmlFor={idOf("price-lte")}>
              <span>{text("filters_price_to")}</span>
              <input id={idOf("price-lte")} type="number" inputMode="decimal" name={PRICE_LTE_PARAM} min={0} max={priceParam(price.highest)} step="0.01" placeholder={priceParam(price.highest)} defaultValue={price.lte === null ? "" : priceParam(price.lte)} />
            </label>
          </div>
        </fieldset>
      ) : null}
      {drawer ? null : sortField}
      <div className="collection-filters__actions">
        {drawer ? (
          <>
            {hasActive ? (
              <a className="collection-filters__clear" href={onSite(baseURL)} data-clear-filters>
                {text("clear_filters")}
              </a>
            ) : null}
            <button className="button button--small collection-filters__apply" type="submit" data-apply-filters>
              {/* "Show 5 products": the drawer's apply button also says what the shopper will get. */}
              {text("collection_show_products", { count: total })}
            </button>
          </>
        ) : (
          <>
            <button className="button button--small" type="submit" data-apply-filters>
              {text("collection_apply")}
            </button>
            {hasActive ? (
              <a className="collection-filters__clear" href={onSite(baseURL)} data-clear-filters>
                {text("collection_clear_filters")}
              </a>
            ) : null}
          </>
        )}
      </div>
    </form>
  );
}
