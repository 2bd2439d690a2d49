import type { ShopInfo } from "../../core/contract/storefront.ts";
import { useLocation } from "react-router";
import { NewsletterForm } from "../marketing/newsletter/NewsletterForm.tsx";
import { CUSTOMER_POSTED_PARAM, NEWSLETTER_OUTCOME_PARAM } from "../../core/marketing/customer-form.ts";
import { openCookieSettings } from "../marketing/consent/ConsentBanner.tsx";
import { COOKIE_SETTINGS_PARAMETER } from "../marketing/consent/consent-script.ts";
import { MenuLink } from "./MenuLink.tsx";
import { CountrySelector } from "./CountrySelector.tsx";
import { sitePath } from "../../core/sites/sites.ts";
import { hydratedPart } from "../chunks/hydrate-later.tsx";
import { useText } from "../storefront/use-shop.ts";

/** The footer menu: each top-level entry heads a column of its links. */
export function SiteFooter({ shop }: { shop: ShopInfo }) {
  const columns = shop.menus.footer ?? [];
  const legal = shop.menus.legal ?? [];
  const text = useText();
  // A sign-up posted without scripts comes back here with its outcome.
  const location = useLocation();
  // Shopify's customer form comes back with `customer_posted=true` instead.
  const search = new URLSearchParams(location.search);
  const outcome = search.get(NEWSLETTER_OUTCOME_PARAM) ?? (search.get(CUSTOMER_POSTED_PARAM) === "true" ? "sent" : null);
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__about">
          <p className="site-footer__name">{shop.name}</p>
          <p>{text("footer_tagline")}</p>
          <NewsletterForm source="footer" heading={text("footer_newsletter_heading")} outcome={outcome} />
        </div>
        {columns.length ? (
          <nav className="site-footer__nav" aria-label={text("footer_nav_label")}>
            {columns.map((column) => (
              <div key={`${column.title}-${column.url}`} className="site-footer__column">
                <h2 className="site-footer__heading">
                  <MenuLink item={column} />
                </h2>
                {column.items.length ? (
                  <ul>
                    {column.items.map((item) => (
                      <li key={`${item.title}-${item.url}`}>
                        <MenuLink item={item} />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            ))}
          </nav>
        ) : null}
        {/* The selector needs the sites; a shop of one site (or the error page's stand-in shop) has none to offer. */}
        {shop.site && shop.countryOptions && shop.sites && shop.sites.length > 1 ? (
          <div className="site-footer__localization">
            <CountrySelector site={shop.site} options={shop.countryOptions} />
          </div>
        ) : null}
        <div className="site-footer__legal">
          <span>© {shop.name}</span>
          {legal.length ? (
            <nav className="site-footer__policies" aria-label={text("policies_label")}>
              <ul>
                {legal.map((item) => (
                  <li key={item.url}>
                    <MenuLink item={item} />
                  </li>
                ))}
                <li>
                  <a
                    href={sitePath(shop.site ?? { path: "" }, `${location.pathname}?${COOKIE_SETTINGS_PARAMETER}`)}
                    onClick={(event) => {
                      // With scripts the banner opens in place; without (or before the banner's code is here), the address opens it.
                      if (!hydratedPart("consent")) return;
                      event.preventDefault();
                      openCookieSettings();
                    }}
                  >
                    {text("cookie_settings")}
                  </a>
                </li>
              </ul>
            </nav>
          ) : null}
          {/* An in-page link: scrolled smoothly to the header, whose first stop is the skip link. */}
          <a href="#top">{text("back_to_top")}</a>
        </div>
      </div>
    </footer>
  );
}
