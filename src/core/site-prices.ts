/**
 * A price on another of the shop's sites, in that site's currency: the
 * merchant's fixed price for the site when there is one, else the base
 * price converted at the site's rate and rounded by the site's rule. Money
 * is integer minor units throughout (every site's currency has two decimals).
 */

/** How a converted price is rounded: to the minor unit, up to a whole unit, or up to the next .95 or .99. */
export type PriceRounding = "none" | "whole" | "0.95" | "0.99";

export interface SitePricing {
  /** Units of the site's currency for one unit of the base currency. */
  rate: number;
  rounding: PriceRounding;
}

const ending = { "0.95": 95, "0.99": 99 } as const;

/** The base price converted and rounded for a site; a free item stays free. */
export function convertPrice(baseMinor: number, site: SitePricing): number {
  if (!Number.isFinite(baseMinor) || baseMinor <= 0 || !Number.isFinite(site.rate) || site.rate <= 0) return 0;
  const converted = Math.round(baseMinor * site.rate);
  switch (site.rounding) {
    case "none":
      return converted;
    case "whole":
      return Math.ceil(converted / 100) * 100;
    case "0.95":
    case "0.99": {
      const cents = ending[site.rounding];
      return Math.max(0, Math.ceil((converted - cents) / 100)) * 100 + cents;
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
  return Math.round((baseMinor * site.rate) / 100) * 100;
}
