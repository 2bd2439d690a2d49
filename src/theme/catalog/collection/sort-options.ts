import type { CollectionSort } from "../../../core/contract/storefront.ts";
import type { TextKey } from "../../storefront/use-shop.ts";

/** Every order a collection can be shown in, with the catalogue's text shoppers see it by. */
export const SORT_OPTIONS: readonly { value: CollectionSort; label: TextKey }[] = [
  { value: "manual", label: "sort_featured" },
  { value: "best-selling", label: "sort_best_selling" },
  { value: "title-ascending", label: "sort_title_ascending" },
  { value: "title-descending", label: "sort_title_descending" },
  { value: "price-ascending", label: "sort_price_ascending" },
  { value: "price-descending", label: "sort_price_descending" },
  { value: "created-descending", label: "sort_newest" },
];

export function parseSort(value: string | null): CollectionSort | undefined {
  return SORT_OPTIONS.find((option) => option.value === value)?.value;
}

/** A positive page number from `?page=`, or 1. */
export function parsePage(value: string | null): number {
  const page = Number.parseInt(value ?? "", 10);
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}
