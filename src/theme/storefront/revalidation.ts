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
