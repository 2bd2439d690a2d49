import { useContext } from "react";
import { Link, NavLink, UNSAFE_NavigationContext } from "react-router";
import type { MenuItem } from "../../core/contract/shopify-types.ts";
import { sitePath } from "../../core/sites/sites.ts";

const isInternal = (url: string) => url.startsWith("/") && !url.startsWith("//");

/** Rendering on the server: no document. */
const ON_SERVER = typeof document === "undefined";

/** A shop path as a link writes it under the site's prefix (React Router's `basename`, "/" for none). */
export const hrefUnder = (basename: string, url: string): string => sitePath({ path: basename === "/" ? "" : basename }, url);

/** A menu entry: client-side navigation inside the shop, a plain link elsewhere. */
export function MenuLink({ item, className, current = false }: { item: MenuItem; className?: string; current?: boolean }) {
  const { basename } = useContext(UNSAFE_NavigationContext);
  if (!isInternal(item.url)) {
    return (
      <a className={className} href={item.url}>
        {item.title}
      </a>
    );
  }
  if (current) {
    return (
      <NavLink className={className} to={item.url} prefetch="intent" end>
        {item.title}
      </NavLink>
    );
  }
  // The menus hold a hundred links: on the server each is written as the anchor a Link renders, without
  // resolving its path through the router again; the browser hydrates it as a Link.
  if (ON_SERVER) {
    return (
      <a className={className} href={hrefUnder(basename, item.url)} data-discover="true">
        {item.title}
      </a>
    );
  }
  return (
    <Link className={className} to={item.url} prefetch="intent">
      {item.title}
    </Link>
  );
}
