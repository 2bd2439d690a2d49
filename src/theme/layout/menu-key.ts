import { useContext } from "react";
import { UNSAFE_NavigationContext, useLocation } from "react-router";
import type { MenuItem } from "../../core/contract/shopify-types.ts";

/** Numbers for menus by identity: the shop info, and its menus with it, is one object until the shop changes. */
const numbers = new WeakMap<object, number>();
let counted = 0;

function numberOf(menu: object): number {
  let number = numbers.get(menu);
  if (number === undefined) {
    counted += 1;
    number = counted;
    numbers.set(menu, number);
  }
  return number;
}

/** A path as a link without a panel may be marked current for it: no query, decoded, any case, no trailing slash. */
function loosepath(address: string): string {
  let path = address.split(/[?#]/, 1)[0] ?? "";
  try {
    path = decodeURIComponent(path);
  } catch {
    // Left as written.
  }
  path = path.toLowerCase();
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

/**
 * Which page the main menu may mark as current: the address itself when a
 * top link without a panel may be the page's own, "" when none can. The
 * test is looser than the link's own, and a match keeps the address exact,
 * so two pages that differ in their marks never share a key.
 */
export function menuMark(items: readonly MenuItem[], pathname: string): string {
  const here = loosepath(pathname);
  return items.some((item) => item.items.length === 0 && loosepath(item.url) === here) ? pathname : "";
}

/**
 * What the main menu's HTML depends on (see hydrateLater's `useServerKey`):
 * its items, the site's prefix its links are written under, and the page it
 * may mark as current. Nothing of the shopper's own.
 */
export function useMenuKey({ items }: { items: MenuItem[] }): string | null {
  const { basename } = useContext(UNSAFE_NavigationContext);
  const { pathname } = useLocation();
  if (items.length === 0) return null;
  return `${numberOf(items)}\n${basename}\n${menuMark(items, pathname)}`;
}
