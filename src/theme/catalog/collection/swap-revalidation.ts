/**
 * A swapped-in collection fragment already shows the new address's content,
 * so the navigation that puts that address in the bar (pushState through
 * React Router) must not load the same page again. Every other navigation,
 * Back and Forward included, revalidates as usual.
 */
let skipped: string | null = null;

/** The next navigation to `address` (path and query) keeps the current loader data; null clears. */
export function skipRevalidationOf(address: string | null): void {
  skipped = address;
}

export function swapRevalidation(nextUrl: URL, defaultShouldRevalidate: boolean): boolean {
  if (skipped !== null && `${nextUrl.pathname}${nextUrl.search}` === skipped) return false;
  return defaultShouldRevalidate;
}
