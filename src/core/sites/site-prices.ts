/**
 * A price on another of the shop's sites, in that site's currency: the
 * merchant's fixed price for the site when there is one, else the base
 * price converted at the site's rate and rounded by the site's rule. Money
 * is integer minor units throughout (every site's currency has two decimals).
 */

import type { Settings } from "../settings/settings.ts";
import { type SettingWords, shownOnSite, translateSettingTexts } from "../settings/settings-texts.ts";

/** How a converted price is rounded: to the minor unit, up to a whole unit, or up to the next .95 or .99. */
export type PriceRounding = "none" | "whole" | "0.95" | "0.99";

export interface SitePricing {
  /** Units of the site's currency for one unit of the base currency. */
  rate: number;
  rounding: PriceRounding;
}

const ending = { "0.95": 95, "0.99": 99 } as const;

/** No amount goes beyond what integer arithmetic holds exactly. */
const safe = (minor: number) => (Number.isSafeInteger(minor) ? minor : Number.MAX_SAFE_INTEGER);

/** The base price converted and rounded for a site; a free item stays free and a paid one never becomes free. */
export function convertPrice(baseMinor: number, site: SitePricing): number {
  if (!Number.isFinite(baseMinor) || baseMinor <= 0 || !Number.isFinite(site.rate) || site.rate <= 0) return 0;
  const converted = Math.max(1, Math.round(baseMinor * site.rate));
  switch (site.rounding) {
    case "none":
      return safe(converted);
    case "whole":
      return safe(Math.ceil(converted / 100) * 100);
    case "0.95":
    case "0.99": {
      const cents = ending[site.rounding];
      return safe(Math.max(0, Math.ceil((converted - cents) / 100)) * 100 + cents);
    }
  }
}

/** A variant's price on a site: the merchant's fixed price for it wins, else the converted base price. */
export function priceForSite(baseMinor: number, site: SitePricing, fixedMinor: number | null = null): number {
  if (fixedMinor !== null && Number.isSafeInteger(fixedMinor) && fixedMinor >= 0) return fixedMinor;
  return convertPrice(baseMinor, site);
}

/** A threshold (free shipping, a gift, a code's minimum) on a site: whole units of its currency, never charm-rounded. */
export function thresholdForSite(baseMinor: number, site: SitePricing): number {
  if (!Number.isFinite(baseMinor) || baseMinor <= 0 || !Number.isFinite(site.rate) || site.rate <= 0) return 0;
  return safe(Math.round((baseMinor * site.rate) / 100) * 100);
}

/**
 * A band's inclusive upper limit on a site (a gift band's "99.99" below the
 * next band's "100"): the minor unit below where the next band starts there,
 * so converted bands meet without overlapping.
 */
export function upperLimitForSite(baseMinor: number, site: SitePricing): number {
  return Math.max(0, thresholdForSite(baseMinor + 1, site) - 1);
}

/** What a site's settings need to know about the site: its currency, formats and pricing. */
export interface PricedSite extends SitePricing {
  code: string;
  currency: string;
  moneyFormat: string;
  moneyWithCurrencyFormat: string;
}

/**
 * The shop's settings as one site sees them: its currency and money formats,
 * its thresholds (free shipping, gifts, the discount link) in whole units of
 * its currency, its shipping and kit prices converted like any price, only
 * the announcements meant for it, and the merchant's texts in the site's
 * language where `words` translates them (the original where not).
 */
export function settingsForSite(settings: Settings, site: PricedSite, words?: SettingWords): Settings {
  const priced = pricedForSite(settings, site);
  return words ? translateSettingTexts(priced, words) : priced;
}

function pricedForSite(settings: Settings, site: PricedSite): Settings {
  const announcementBar = {
    ...settings.announcementBar,
    messages: settings.announcementBar.messages.filter((message) => shownOnSite(message, site.code)),
  };
  if (site.currency === settings.currency && site.rate === 1) {
    return { ...settings, announcementBar, moneyFormat: site.moneyFormat, moneyWithCurrencyFormat: site.moneyWithCurrencyFormat };
  }
  const threshold = (minor: number) => thresholdForSite(minor, site);
  const upTo = (minor: number) => upperLimitForSite(minor, site);
  const price = (minor: number) => convertPrice(minor, site);
  const { sideCart, discountLink, checkout, builders } = settings;
  return {
    ...settings,
    announcementBar,
    currency: site.currency,
    moneyFormat: site.moneyFormat,
    moneyWithCurrencyFormat: site.moneyWithCurrencyFormat,
    sideCart: {
      ...sideCart,
      shippingThreshold: threshold(sideCart.shippingThreshold),
      freeGiftsData: sideCart.freeGiftsData.map((group) => ({
        ...group,
        products: group.products.map((product) => ({
          ...product,
          min_spend: threshold(product.min_spend),
          max_spend: product.max_spend === null ? null : upTo(product.max_spend),
        })),
        choice_thresholds: group.choice_thresholds.map((band) => ({ ...band, min: threshold(band.min), max: band.max === null ? null : upTo(band.max) })),
      })),
    },
    discountLink: { ...discountLink, threshold: threshold(discountLink.threshold) },
    checkout: {
      ...checkout,
      standardShippingPrice: price(checkout.standardShippingPrice),
      expressShippingPrice: price(checkout.expressShippingPrice),
      zones: checkout.zones.map((zone) => ({ ...zone, standardPrice: price(zone.standardPrice), freeOver: zone.freeOver === null ? null : threshold(zone.freeOver) })),
    },
    builders: {
      ...builders,
      kit: {
        ...builders.kit,
        steps: builders.kit.steps.map((step) => ({
          ...step,
          products: step.products.map((product) => ({ ...product, price_override: product.price_override === null ? null : price(product.price_override) })),
        })),
      },
    },
  };
}
