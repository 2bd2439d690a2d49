import { useMoney, useSitePath, useText } from "../../storefront/use-shop.ts";
import { type FilterSelection, filteredCollectionUrl } from "../../../core/catalog/collection-url.ts";
import type { FilterGroup } from "../../../core/contract/storefront.ts";

interface ActiveFilterChipsProps {
  filters: FilterGroup[];
  /** What the page shows as chosen (see `pageSelection`). */
  selection: FilterSelection;
  /** `/collections/{handle}` with the sort in its query, without filters or page. */
  baseURL: string;
}

/**
 * The applied filters as chips above the grid on narrow screens, a value left
 * out reading "Without Retinol". Each chip is a link to the same address
 * without that one filter, so it works without JavaScript; with it, the
 * collection route swaps the area in place. A tag outside every filter group
 * (`bestseller`) shows its handle.
 */
export function ActiveFilterChips({ filters, selection, baseURL }: ActiveFilterChipsProps) {
  const onSite = useSitePath();
  const text = useText();
  const money = useMoney();
  const { filters: activeFilters, excluded: excludedFilters = [], price = null, availability = [] } = selection;
  if (activeFilters.length + excludedFilters.length + availability.length === 0 && !price) return null;
  const labels = new Map(filters.flatMap((group) => group.values.map((value) => [value.value, value.label] as const)));
  // Each chip's link is the page's selection without that one choice.
  const without = (change: Partial<FilterSelection>) => filteredCollectionUrl(baseURL, { ...selection, ...change });
  const priceLabel =
    price?.gte != null && price.lte != null
      ? text("filters_price_between", { from: money(price.gte), to: money(price.lte) })
      : price?.gte != null
        ? text("filters_price_at_least", { price: money(price.gte) })
        : price?.lte != null
          ? text("filters_price_at_most", { price: money(price.lte) })
          : null;
  const chips = [
    ...activeFilters.map((handle) => ({
      key: handle,
      label: labels.get(handle) ?? handle,
      href: without({ filters: activeFilters.filter((other) => other !== handle) }),
    })),
    ...excludedFilters.map((handle) => ({
      key: `not:${handle}`,
      label: text("filters_without", { label: labels.get(handle) ?? handle }),
      href: without({ excluded: excludedFilters.filter((other) => other !== handle) }),
    })),
    ...availability.map((value) => ({
      key: `availability:${value}`,
      label: text(value === 1 ? "filters_in_stock" : "filters_out_of_stock"),
      href: without({ availability: availability.filter((other) => other !== value) }),
    })),
    ...(priceLabel ? [{ key: "price", label: priceLabel, href: without({ price: null }) }] : []),
  ];
  return (
    <ul className="filter-chips" aria-label={text("collection_active_filters")}>
      {chips.map((chip) => (
        <li key={chip.key}>
          <a className="filter-chip" href={onSite(chip.href)} data-remove-filter={chip.key}>
            <span className="visually-hidden">{text("collection_remove_filter")} </span>
            {chip.label}
            <svg className="filter-chip__icon" aria-hidden="true" focusable="false" width="12" height="12" viewBox="0 0 12 12">
              <path d="M2.5 2.5l7 7M9.5 2.5l-7 7" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
            </svg>
          </a>
        </li>
      ))}
      <li>
        <a className="filter-chips__clear" href={onSite(baseURL)} data-clear-filters>
          {text("clear_filters")}
        </a>
      </li>
    </ul>
  );
}
