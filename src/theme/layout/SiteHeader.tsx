import { type ReactNode, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import type { ShopInfo } from "../../core/contract/storefront.ts";
import { AccountLink, type HeaderCustomer } from "./AccountLink.tsx";
import { CartLink } from "./CartLink.tsx";
import { hydrateLater } from "../chunks/hydrate-later.tsx";
import { useHeaderScroll } from "./use-header-scroll.ts";
import { useMenuKey } from "./menu-key.ts";
import "./layout.css";
import { useText } from "../storefront/use-shop.ts";

// The menu and the search box work as links and a form until their code arrives (idle, or the shopper reaching for them).
// The menu is the same on every page of a site: the server draws it once and keeps its HTML.
const MainNav = hydrateLater("menu", () => import("./MainNav.tsx").then((module) => module.MainNav), import.meta.env.SSR ? { useServerKey: useMenuKey } : {});
const PredictiveSearch = hydrateLater("search", () => import("./PredictiveSearch.tsx").then((module) => module.PredictiveSearch));

/** `announcement`: the announcement bar, shown above the header's row and after the skip link, which stays the first stop for the keyboard. */
export function SiteHeader({ shop, cartCount, customer = null, announcement }: { shop: ShopInfo; cartCount: number; customer?: HeaderCustomer | null; announcement?: ReactNode }) {
  const [searchParams] = useSearchParams();
  const text = useText();
  const headerRef = useRef<HTMLElement>(null);
  useHeaderScroll(headerRef, { hideOnScroll: shop.header?.hideOnScroll ?? true, shrinkOffset: shop.header?.shrinkOffset ?? 120 });
  return (
    <header className="site-header" id="top" ref={headerRef}>
      <a className="skip-link" href="#main">
        {text("skip_to_content")}
      </a>
      {announcement}
      <div className="site-header__inner">
        <Link className="site-header__logo" to="/" prefetch="intent">
          {shop.name}
        </Link>
        <MainNav items={shop.menus["main-menu"] ?? []} />
        <PredictiveSearch className="site-header__search" defaultValue={searchParams.get("q") ?? ""} key={searchParams.get("q") ?? ""} />
        <div className="site-header__tools">
          <AccountLink customer={customer} />
          <CartLink count={cartCount} />
        </div>
      </div>
    </header>
  );
}
