/**
 * Keeps keyboard focus through a swap of the collection area: the element
 * that had focus is described by what the server renders the same way in
 * every fragment (an id, a filter's name and value, a load-more direction),
 * and the same element in the new markup gets focus back.
 */
export function focusKeyOf(element: Element | null, area: Element | null): string | null {
  if (!element || !area?.contains(element)) return null;
  if (element instanceof HTMLInputElement && element.name) return `input[name="${CSS.escape(element.name)}"][value="${CSS.escape(element.value)}"]`;
  if (element.id) return `#${CSS.escape(element.id)}`;
  const load = element.closest<HTMLElement>("[data-load]")?.dataset.load;
  if (load) return `[data-load="${CSS.escape(load)}"]`;
  if (element.closest("[data-clear-filters]")) return "[data-apply-filters]";
  return null;
}

export function restoreFocus(key: string | null, area: Element | null): void {
  if (!key || !area) return;
  const target = area.querySelector<HTMLElement>(key);
  target?.focus({ preventScroll: true });
}
