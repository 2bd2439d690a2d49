/**
 * Shipping zones and their rates, shared by the platform (which quotes
 * rates and charges the checkout) and the theme (which offers the methods),
 * so what a shopper is offered is what they pay. The home zone (the
 * countries no other zone names) has the standard rate the side cart's
 * free-shipping bar measures, and an express rate; every other zone has
 * the standard rate the merchant set for it.
 */
import { SHIPPING_COUNTRIES, type ShippingMethodCode, hasFreeShippingCode, shippingSpend } from "./checkout.ts";

export { SHIPPING_METHODS, type ShippingMethodCode } from "./checkout.ts";

export interface ShippingRate {
  code: ShippingMethodCode;
  name: string;
  /** Minor units. */
  price: number;
  /** The spend from which this rate is free, in minor units; null: never free. */
  freeFrom: number | null;
  /** Working days from dispatch to delivery, fewest and most. */
  days: readonly [number, number];
}

export interface ShippingZone {
  name: string;
  countries: readonly string[];
  rates: readonly ShippingRate[];
}

/** The settings the zones are made from, money in minor units. */
export interface ShippingSettings {
  shippingThreshold: number;
  standardShippingPrice: number;
  expressShippingPrice: number;
  zones: readonly { name: string; countries: readonly string[]; standardPrice: number; freeOver: number | null; days: readonly [number, number] }[];
}

export const HOME_ZONE_NAME = "United Kingdom";
const HOME_STANDARD_DAYS = [2, 3] as const;
const HOME_EXPRESS_DAYS = [1, 1] as const;

export function shippingZones(settings: ShippingSettings): ShippingZone[] {
  const elsewhere = new Set(settings.zones.flatMap((zone) => zone.countries));
  const home: ShippingZone = {
    name: HOME_ZONE_NAME,
    countries: SHIPPING_COUNTRIES.map((country) => country.code).filter((code) => !elsewhere.has(code)),
    rates: [
      { code: "standard", name: "Standard", price: settings.standardShippingPrice, freeFrom: settings.shippingThreshold, days: HOME_STANDARD_DAYS },
      { code: "express", name: "Express", price: settings.expressShippingPrice, freeFrom: null, days: HOME_EXPRESS_DAYS },
    ],
  };
  return [
    home,
    ...settings.zones.map((zone) => ({
      name: zone.name,
      countries: zone.countries,
      rates: [{ code: "standard" as const, name: "Standard", price: zone.standardPrice, freeFrom: zone.freeOver, days: zone.days }],
    })),
  ];
}

export function zoneOf(zones: readonly ShippingZone[], country: string): ShippingZone | null {
  return zones.find((zone) => zone.countries.includes(country)) ?? null;
}

/** A rate as it stands for one cart: its price after the free-shipping threshold. */
export interface QuotedRate {
  code: ShippingMethodCode;
  name: string;
  /** Minor units; 0 when the spend has reached the rate's threshold. */
  price: number;
  /** Minor units, before the threshold. */
  fullPrice: number;
  days: readonly [number, number];
}

/**
 * The rates a cart can ship at to `country`, cheapest first; null when the
 * shop does not ship there. Nothing to ship costs nothing. `spend` is what
 * free shipping is measured on (`shippingSpend`); a free-shipping code on
 * the cart (`hasFreeShippingCode`) makes every rate free.
 */
export function quoteRates(zones: readonly ShippingZone[], country: string, spend: number, requiresShipping: boolean, freeShippingCode = false): QuotedRate[] | null {
  const zone = zoneOf(zones, country);
  if (!zone) return null;
  return zone.rates
    .map((rate) => ({
      code: rate.code,
      name: rate.name,
      price: !requiresShipping || freeShippingCode || (rate.freeFrom !== null && spend >= rate.freeFrom) ? 0 : rate.price,
      fullPrice: rate.price,
      days: rate.days,
    }))
    .sort((a, b) => a.price - b.price);
}

/** The rate a checkout pays for `method` to `country`, or null when that method does not go there. */
export function quoteRate(zones: readonly ShippingZone[], country: string, method: ShippingMethodCode, spend: number, requiresShipping: boolean, freeShippingCode = false): QuotedRate | null {
  return quoteRates(zones, country, spend, requiresShipping, freeShippingCode)?.find((rate) => rate.code === method) ?? null;
}

/** What the shipping rule reads of a cart: what it ships, what it spends and its codes. */
export type ShippingCart = Parameters<typeof shippingSpend>[0] & Parameters<typeof hasFreeShippingCode>[0] & { requires_shipping: boolean };

/** The rates `cart` ships at to `country`, cheapest first (the side cart, the checkout, the order and `/cart/shipping_rates.json` all quote this); null when the shop does not ship there. */
export function quoteCartRates(zones: readonly ShippingZone[], country: string, cart: ShippingCart): QuotedRate[] | null {
  return quoteRates(zones, country, shippingSpend(cart), cart.requires_shipping, hasFreeShippingCode(cart));
}

/** The rate a shopper is shown for `method`: that rate where the country has it, else the country's cheapest. */
export function chosenRate(rates: readonly QuotedRate[], method: ShippingMethodCode): QuotedRate | undefined {
  return rates.find((rate) => rate.code === method) ?? rates[0];
}

/**
 * The country a site's carts are quoted to before the shopper gives an
 * address: the site's first country the shop ships to, else the home zone's
 * first (the United Kingdom).
 */
export function quoteCountryOf(zones: readonly ShippingZone[], siteCountries: readonly string[]): string {
  return siteCountries.find((country) => zoneOf(zones, country) !== null) ?? zones[0]?.countries[0] ?? SHIPPING_COUNTRIES[0].code;
}

/** "2–3 working days", "1 working day". */
export function deliveryDays([fewest, most]: readonly [number, number]): string {
  if (fewest === most) return `${fewest} working ${fewest === 1 ? "day" : "days"}`;
  return `${fewest}–${most} working days`;
}

/** The shop's zones from its settings: the home zone's standard rate is the side cart's free-shipping threshold and price. */
export function zonesOf(settings: { sideCart: { shippingThreshold: number }; checkout: { standardShippingPrice: number; expressShippingPrice: number; zones: ShippingSettings["zones"] } }): ShippingZone[] {
  return shippingZones({
    shippingThreshold: settings.sideCart.shippingThreshold,
    standardShippingPrice: settings.checkout.standardShippingPrice,
    expressShippingPrice: settings.checkout.expressShippingPrice,
    zones: settings.checkout.zones,
  });
}
