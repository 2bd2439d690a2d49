import { pathWithinSite, sitePath } from "../../core/sites/sites.ts";

/**
 * A shop address on the page's site, for scripts outside React: the page
 * names its site's prefix on the root element (`data-site-path`), so a call
 * made from a French page goes to the French site whatever another tab did.
 */
export function onSite(address: string): string {
  if (typeof document === "undefined") return address;
  return sitePath({ path: document.documentElement.dataset.sitePath ?? "" }, address);
}

/** The page's address without its site's prefix, as the theme's routes name pages. */
export function withinSite(address: string): string {
  if (typeof document === "undefined") return address;
  return pathWithinSite({ path: document.documentElement.dataset.sitePath ?? "" }, address);
}
