import { Link, NavLink } from "react-router";
import type { MenuItem } from "../../core/shopify-types.ts";

const isInternal = (url: string) => url.startsWith("/") && !url.startsWith("//");

/** A menu entry: client-side navigation inside the shop, a plain link elsewhere. */
export function MenuLink({ item, className, current = false }: { item: MenuItem; className?: string; current?: boolean }) {
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
  return (
    <Link className={className} to={item.url} prefetch="intent">
      {item.title}
    </Link>
  );
}
