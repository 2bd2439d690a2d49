/**
 * Shipping rates for the shopper's cart, in Shopify's shapes:
 *
 *   GET  /cart/shipping_rates.json?shipping_address[zip]=&shipping_address[country]=&shipping_address[province]=
 *   POST /cart/prepare_shipping_rates.json   (the same address; answers null once the rates can be read)
 *   GET  /cart/async_shipping_rates.json     (the same address; the rates)
 *
 * The rates are the checkout's own (shipping-rates.ts), priced on the cart
 * as the server prices it. An address the shop cannot ship to is answered
 * field by field with 422, as Shopify does.
 */
import { decimalAmount } from "../../core/money/money.ts";
import type { Context } from "hono";
import { Hono } from "hono";
import { SHIPPING_COUNTRIES, isValidPostcode } from "../../core/checkout/checkout.ts";
import { type QuotedRate, deliveryDays, quoteCartRates, zonesOf } from "../../core/checkout/shipping-rates.ts";
import type { Platform } from "../services.ts";
import { cartJson } from "../cart/cart-json.ts";
import { readBody } from "./body.ts";
import { cartToken } from "./cookies.ts";
import { ApiError } from "./errors.ts";
import { postLimit } from "./requests.ts";


/** The address fields from a query or a body, read as Shopify names them (`shipping_address[zip]`) or nested. */
function readAddress(source: Record<string, unknown>): { zip: string; country: string; province: string } {
  const nested = (source.shipping_address ?? {}) as Record<string, unknown>;
  const field = (name: string) => {
    const value = source[`shipping_address[${name}]`] ?? nested[name];
    return typeof value === "string" ? value.trim() : "";
  };
  return { zip: field("zip"), country: field("country"), province: field("province") };
}

/** A country given by code ("GB") or by name ("United Kingdom"), as the checkout lists it. */
function countryCodeOf(value: string): string | null {
  const wanted = value.toLowerCase();
  return SHIPPING_COUNTRIES.find((country) => country.code.toLowerCase() === wanted || country.name.toLowerCase() === wanted)?.code ?? null;
}

/** The working day `days` working days after `from`, as YYYY-MM-DD (weekends skipped). */
function workingDaysAfter(from: Date, days: number): string {
  const date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}

function rateJson(rate: QuotedRate, currency: string, now: Date) {
  return {
    name: rate.name,
    presentment_name: rate.name,
    code: rate.name,
    price: decimalAmount(rate.price),
    markup: null,
    source: "shopify",
    delivery_date: null,
    delivery_range: [workingDaysAfter(now, rate.days[0]), workingDaysAfter(now, rate.days[1])],
    delivery_days: [rate.days[0], rate.days[1]],
    compare_price: rate.price < rate.fullPrice ? decimalAmount(rate.fullPrice) : null,
    phone_required: false,
    currency,
    carrier_identifier: null,
    delivery_category: null,
    using_merchant_account: null,
    carrier_service_id: null,
    description: deliveryDays(rate.days),
    api_client_id: null,
    requested_fulfillment_service_id: null,
    shipment_options: null,
    charge_items: null,
    has_restrictions: null,
    rating_classification: null,
    accepts_instructions: false,
  };
}

export function shippingRoutes(platform: Platform): Hono {
  const app = new Hono();
  const { settings } = platform;
  const zones = zonesOf(settings);

  /** The rates for the cart of `c` to the address given, or the refusal Shopify would give. */
  const ratesFor = async (c: Context, source: Record<string, unknown>) => {
    const address = readAddress(source);
    // No address at all (theme-cart's getShippingRates()): an estimate for the site's own country, as Shopify's estimate uses the shopper's known country.
    const estimate = !address.country && !address.zip ? (platform.site.countries[0] ?? null) : null;
    const country = estimate ?? countryCodeOf(address.country);
    if (!estimate) {
      if (!address.country) throw new ApiError(422, { country: ["can't be blank"] });
      if (!country) throw new ApiError(422, { country: ["is not supported"] });
      const countryName = SHIPPING_COUNTRIES.find((entry) => entry.code === country)?.name ?? country;
      if (!address.zip) throw new ApiError(422, { zip: ["can't be blank"] });
      if (!isValidPostcode(country, address.zip)) throw new ApiError(422, { zip: [`is not valid for ${countryName}`] });
    }
    if (!country) throw new ApiError(422, { country: ["can't be blank"] });
    const stored = await platform.carts.read(cartToken(c));
    const cart = cartJson(stored, await platform.catalog.get(), { currency: settings.currency, tax: platform.siteTax }, await platform.discounts.pricingFor(stored));
    if (!cart.requires_shipping) throw new ApiError(422, { error: ["This cart does not require shipping"] });
    const rates = quoteCartRates(zones, country, cart) ?? [];
    const now = new Date();
    return { shipping_rates: rates.map((rate) => rateJson(rate, settings.currency, now)) };
  };

  app.get("/cart/shipping_rates.json", async (c) => c.json(await ratesFor(c, c.req.query())));

  // Shopify computes rates in the background after this call; ours are ready at once, so it checks the address and says so.
  app.post("/cart/prepare_shipping_rates.json", postLimit, async (c) => {
    const body = await readBody(c);
    await ratesFor(c, { ...c.req.query(), ...body });
    return c.json(null);
  });

  app.get("/cart/async_shipping_rates.json", async (c) => c.json(await ratesFor(c, c.req.query())));

  return app;
}
