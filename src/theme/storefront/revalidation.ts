/**
 * Whether a navigation only changed `?variant=`: the product page writes it as
 * the shopper picks options, and that needs no new data from the server.
 */
export function onlyVariantChanged(currentUrl: URL, nextUrl: URL): boolean {
  if (currentUrl.pathname !== nextUrl.pathname) return false;
  const current = new URLSearchParams(currentUrl.search);
  const next = new URLSearchParams(nextUrl.search);
  current.delete("variant");
  next.delete("variant");
  current.sort();
  next.sort();
  return current.toString() === next.toString();
}

/**
 * When the root's data (the shop and the cart count) is read again: after a
 * form submission (an action may have changed the cart), when the same
 * address is revalidated, and on an order's page (placing an order empties
 * the cart). Plain navigations keep it, as Hydrogen's root does: the cart
 * count follows `cart:updated` events, tabs included. So a page's data
 * request carries that page's data only, never the cart, which is what lets
 * the server make a prefetched one reusable for a while (server/prefetch-cache.ts).
 */
export function rootShouldRevalidate({ currentUrl, nextUrl, formMethod }: { currentUrl: URL; nextUrl: URL; formMethod?: string | undefined }): boolean {
  if (formMethod && formMethod.toUpperCase() !== "GET") return true;
  if (currentUrl.href === nextUrl.href) return true;
  return nextUrl.pathname.startsWith("/orders/");
}
