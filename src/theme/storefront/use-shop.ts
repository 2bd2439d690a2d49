import { moneyFormatFor, sitePath } from "../../core/sites/sites.ts";
import { useCallback } from "react";
import { useRouteLoaderData } from "react-router";
import type { Locale } from "../../core/sites/locale.ts";
import type sourceCatalogue from "../../../config/locales/en-GB.json";
import { type MessageValues, type Translate, translatorFor } from "../../core/i18n/messages.ts";
import { longDay } from "../../core/i18n/dates.ts";
import { formatMoney } from "../../core/money/money.ts";
import type { ShopInfo } from "../../core/contract/storefront.ts";
import { shopFromData } from "./shop-text.ts";
import type { RootData } from "./root-data.ts";

/**
 * The texts the theme shows when the shop could not be loaded at all (the
 * root error page's stand-in shop, which has no compiled catalogue).
 */
const DEFAULT_TEXTS = {
  add_to_cart: "Add to cart",
  adding: "Adding…",
  sold_out: "Sold out",
  make_a_selection: "Make a selection",
  pre_order: "Pre-order: this item ships as soon as new stock arrives.",
  quantity: "Quantity",
  sale_price: "Sale price",
  regular_price: "Regular price",
  increase_quantity: "Increase quantity for {title}",
  decrease_quantity: "Decrease quantity for {title}",
  remove: "Remove",
  remove_item: "Remove {title}",
  continue_shopping: "Continue shopping",
  subtotal: "Subtotal",
  total: "Total",
  dismiss_error: "Dismiss",
  cart_error_generic: "Something went wrong. Please try again.",
  search_label: "Search",
  search_placeholder: "Search products",
  sort_by: "Sort by",
  recommendations_title: "You may also like",
  chunk_load_error: "Part of this page didn't load. Check your connection, then try again.",
  retry: "Try again",
  reload_page: "Reload the page",
  shop_all_products: "Shop all products",
  go_home: "Go to the home page",
  error_eyebrow: "Something went wrong",
  page_not_found: "Page not found",
  error_title: "Sorry, this page didn’t load",
  error_text: "Please try again in a moment. Your cart is safe.",
  back_to_shop: "Back to the shop",
  reload_eyebrow: "Connection problem",
  reload_title: "This page didn’t finish loading",
  reload_text: "Part of the shop’s code didn’t arrive: the connection may have dropped, or the shop was just updated. Reloading the page fetches it again. Your cart is safe.",
  unavailable_eyebrow: "Back in a moment",
  unavailable_title: "The shop is briefly unavailable",
  unavailable_text: "We couldn’t reach our shelves just now. Please try again in a moment; your cart is safe.",
  not_found_title: "We couldn’t find that page",
  not_found_text: "It may have moved, or the link may be mistyped. Try a search, or start again from the shop.",
  // The frame around the error page (its words without plurals: the stand-in fills in variables only).
  skip_to_content: "Skip to content",
  footer_tagline: "Considered skincare, made in small batches and shipped with care.",
  footer_newsletter_heading: "Join our list",
  footer_nav_label: "Footer",
  policies_label: "Policies",
  cookie_settings: "Cookie settings",
  back_to_top: "Back to top",
  account_named: "Account, {name}",
  log_in: "Log in",
  cart_link: "Cart",
  cart_link_label: "Cart, {count}",
  cart_count_status: "{count} in your cart",
  main_nav_label: "Main",
  shop_all: "Shop all {title}",
  menu: "Menu",
  country_region: "Country/region",
  country_update: "Update",
  country_update_hidden: " country/region",
  menu_close: "Close menu",
  operations_error_reference: "If it happens again, quote this reference: {reference}",
} satisfies Partial<Locale>;

/** Every text of the source catalogue (config/locales/en-GB.json); the defaults above cover the ones the error page needs. */
export type TextKey = Extract<keyof typeof sourceCatalogue, string>;

const FALLBACK_SHOP: ShopInfo = { name: "Shop", currency: "USD", moneyFormat: "${{amount}}", menus: {}, messages: {} };

/** The stand-in shop's texts: the defaults above, their `{placeholders}` filled. */
const fallbackTranslate: Translate = (key, values = {}) =>
  ((DEFAULT_TEXTS as Partial<Record<string, string>>)[key] ?? key).replace(/\{(\w+)\}/g, (placeholder, name: string) => (name in values ? String(values[name]) : placeholder));

/** The translator of a shop's site: its compiled catalogue in its locale. */
export function shopTranslator(shop: ShopInfo): Translate {
  return shop === FALLBACK_SHOP ? fallbackTranslate : translatorFor(shop.language ?? "en-GB", shop.messages, shop.numberShape);
}

/** The translator of a shop, or the stand-in's when the shop could not be loaded (the error page's head). */
export function translatorOrFallback(shop: ShopInfo | undefined): Translate {
  return shop ? shopTranslator(shop) : fallbackTranslate;
}

/** The site's language ("fr-FR"), for dates and numbers; the source's when the shop names none. */
export function useSiteLanguage(): string {
  return useShop().language ?? "en-GB";
}

/** Writes a day in long form in the site's language ("24 novembre 2026"), the same on the server and in the browser. */
export function useLongDay(): (iso: string) => string {
  const shop = useShop();
  const language = shop.language ?? "en-GB";
  return (iso) => longDay(iso, language, shop.dayShape);
}

/** The shop every page is rendered for, from the root loader. */
export function useShop(): ShopInfo {
  const data = useRouteLoaderData<RootData>("root")?.shop;
  return (data === undefined ? undefined : shopFromData(data)) ?? FALLBACK_SHOP;
}

/** A shop address on the page's site (its prefix before it), for the links and forms React Router does not route itself. */
export function useSitePath(): (address: string) => string {
  const { site } = useShop();
  return useCallback((address: string) => (site ? sitePath(site, address) : address), [site]);
}

/** Formats minor units in the shop's money format, or in `currency`'s when an amount (a placed order) is in another. */
export function useMoney(currency?: string): (cents: number) => string {
  const inCurrency = useMoneyIn();
  const { moneyFormat, currency: own } = useShop();
  return useCallback((cents: number) => (currency && currency !== own ? inCurrency(cents, currency) : formatMoney(cents, moneyFormat)), [currency, own, moneyFormat, inCurrency]);
}

/** Formats minor units of any of the shop's currencies, each as the site selling in it writes it. */
export function useMoneyIn(): (cents: number, currency: string) => string {
  const { moneyFormat, currency: own, sites = [] } = useShop();
  return useCallback(
    (cents: number, currency: string) => formatMoney(cents, moneyFormatFor(currency, { currency: own, moneyFormat }, sites)),
    [moneyFormat, own, sites],
  );
}

/** A shopper-facing text in the site's language (ICU MessageFormat: variables, plurals), from its catalogue. */
export function useText(): (key: TextKey, values?: MessageValues) => string {
  return shopTranslator(useShop());
}
