import type { CollectionSort } from "../../core/contract/storefront.ts";

/** Every order a collection can be shown in, with the words shoppers see. */
export const SORT_OPTIONS: readonly { value: CollectionSort; label: string }[] = [
  { value: "manual", label: "Featured" },
  { value: "best-selling", label: "Best selling" },
  { value: "title-ascending", label: "Alphabetically, A–Z" },
  { value: "title-descending", label: "Alphabetically, Z–A" },
  { value: "price-ascending", label: "Price, low to high" },
  { value: "price-descending", label: "Price, high to low" },
  { value: "created-descending", label: "Newest" },
];

export function parseSort(value: string | null): CollectionSort | undefined {
  return SORT_OPTIONS.find((option) => option.value === value)?.value;
}

/** A positive page number from `?page=`, or 1. */
export function parsePage(value: string | null): number {
  const page = Number.parseInt(value ?? "", 10);
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}
