/**
 * Keeps keyboard focus through a swap of the collection area or the filter
 * drawer's form: the element that had focus is described by what the server
 * renders the same way in every fragment (an id, a filter's name and value,
 * a load-more direction), and the same element in the new markup gets focus
 * back. A control that leaves with the swap (a removed chip, "Clear all")
 * names the places focus goes instead, best first.
 */
export function focusKeyOf(element: Element | null, region: Element | null): string[] {
  if (!element || !region?.contains(element)) return [];
  if (element instanceof HTMLInputElement && element.name) return [`input[name="${CSS.escape(element.name)}"][value="${CSS.escape(element.value)}"]`];
  if (element.id) return [`#${CSS.escape(element.id)}`];
  const load = element.closest<HTMLElement>("[data-load]")?.dataset.load;
  if (load) return [`[data-load="${CSS.escape(load)}"]`];
  // After a chip goes, the next chip; after the last, the button that opens the filters.
  if (element.closest("[data-remove-filter]")) return ["[data-remove-filter]", "[data-open-filter-drawer]"];
  // "Clear filters" goes with the filters: the form's apply button, or on narrow screens the drawer's opener.
  if (element.closest("[data-clear-filters]")) return ["[data-apply-filters]", "[data-open-filter-drawer]"];
  if (element.closest("[data-open-filter-drawer]")) return ["[data-open-filter-drawer]"];
  return [];
}

/** Focuses the first of `keys` that the new markup shows (a control hidden at this width is passed over). */
export function restoreFocus(keys: readonly string[], region: Element | null): void {
  if (!region) return;
  for (const key of keys) {
    const target = region.querySelector<HTMLElement>(key);
    if (target && target.getClientRects().length > 0) {
      target.focus({ preventScroll: true });
      return;
    }
  }
}
