import type { FilterSelection } from "../../../core/catalog/collection-url.ts";
import type { CollectionPage } from "../../../core/contract/storefront.ts";

type SelectedPage = Pick<CollectionPage, "activeFilters" | "excludedFilters" | "price" | "availability">;

/** What a collection page shows as chosen: its tags, the values left out, the price range and the stock states ticked. */
export function pageSelection(page: SelectedPage): FilterSelection {
  return {
    filters: page.activeFilters,
    excluded: page.excludedFilters,
    price: page.price.gte !== null || page.price.lte !== null ? { gte: page.price.gte, lte: page.price.lte } : null,
    availability: page.availability.filter((value) => value.active).map((value) => value.value),
  };
}

/** How many filters are applied, as the "Filter and sort" button counts them: a price range is one. */
export function activeFilterCount(page: SelectedPage): number {
  return selectionCount(pageSelection(page));
}

/** How many filters a selection applies: each tag, each value left out, each stock state, and a price range as one. */
export function selectionCount({ filters, excluded = [], price = null, availability = [] }: FilterSelection): number {
  return filters.length + excluded.length + availability.length + (price ? 1 : 0);
}
