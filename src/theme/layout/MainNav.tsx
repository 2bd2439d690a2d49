import type { MenuItem } from "../../core/shopify-types.ts";
import { MenuLink } from "./MenuLink.tsx";

/** The top level of the main menu; the mega-menu grows from here. */
export function MainNav({ items }: { items: MenuItem[] }) {
  if (!items.length) return null;
  return (
    <nav className="main-nav" aria-label="Main">
      <ul className="main-nav__list">
        {items.map((item) => (
          <li key={`${item.title}-${item.url}`}>
            <MenuLink item={item} className="main-nav__link" current />
          </li>
        ))}
      </ul>
    </nav>
  );
}
