/**
 * Addresses that open the side cart on arrival: `?show-cart=1` (the form the
 * theme writes) or `?show_cart` (any value but 0/false), e.g. a link in an
 * abandoned-cart email.
 */
export const SHOW_CART_PARAMETERS = ["show-cart", "show_cart"] as const;

export function wantsCartShown(search: string): boolean {
  const params = new URLSearchParams(search);
  return SHOW_CART_PARAMETERS.some((name) => params.has(name) && !["0", "false"].includes((params.get(name) ?? "").toLowerCase()));
}
