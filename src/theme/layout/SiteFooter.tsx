import type { ShopInfo } from "../../core/storefront.ts";
import { MenuLink } from "./MenuLink.tsx";

export function SiteFooter({ shop }: { shop: ShopInfo }) {
  const links = shop.menus.footer ?? [];
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__about">
          <p className="site-footer__name">{shop.name}</p>
          <p>Considered skincare, made in small batches and shipped with care.</p>
        </div>
        {links.length ? (
          <nav className="site-footer__nav" aria-label="Footer">
            <ul>
              {links.map((item) => (
                <li key={`${item.title}-${item.url}`}>
                  <MenuLink item={item} />
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <p className="site-footer__legal">© {shop.name}</p>
      </div>
    </footer>
  );
}
