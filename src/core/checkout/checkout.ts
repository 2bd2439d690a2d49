/**
 * The checkout's rules, shared by the platform (which validates and charges)
 * and the theme (which offers the countries and shows the shipping line), so
 * what the page shows and what the order charges cannot drift apart.
 */
import { z } from "../common/zod.ts";
import { GIFT_CARD_ERRORS, normaliseGiftCardCode } from "../money/gift-cards.ts";
import { hasControlCharacter } from "../common/text.ts";
import type { OrderJson } from "../orders/order-json.ts";
import { SHIPPING_METHODS } from "./shipping-methods.ts";

/** Countries the shop ships to (the geo sites' countries plus the Channel Islands and the Isle of Man), as the form offers them. */
export const SHIPPING_COUNTRIES = [
  { code: "GB", name: "United Kingdom" },
  { code: "JE", name: "Jersey" },
  { code: "GG", name: "Guernsey" },
  { code: "IM", name: "Isle of Man" },
  { code: "IE", name: "Ireland" },
  { code: "FR", name: "France" },
  { code: "US", name: "United States" },
  { code: "AU", name: "Australia" },
  { code: "CA", name: "Canada" },
] as const;

type ShippingCountryCode = (typeof SHIPPING_COUNTRIES)[number]["code"];

export { SHIPPING_METHODS, type ShippingMethodCode } from "./shipping-methods.ts";

/** Countries whose postcodes follow the UK's pattern. */
const UK_POSTCODE_COUNTRIES: readonly string[] = ["GB", "JE", "GG", "IM"];
const UK_POSTCODE = /^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$/i;
const OTHER_POSTCODE = /^[A-Za-z0-9][A-Za-z0-9 -]{1,10}$/;

/** Whether `zip` reads as a postcode of `country`: the UK's own pattern there, letters, digits, spaces and dashes elsewhere. */
export function isValidPostcode(country: string, zip: string): boolean {
  const trimmed = zip.trim();
  return UK_POSTCODE_COUNTRIES.includes(country) ? UK_POSTCODE.test(trimmed) : OTHER_POSTCODE.test(trimmed);
}

/** A country's name for an address; a code the shop does not ship to is shown as it is. */
export function countryName(code: string): string {
  return SHIPPING_COUNTRIES.find((country) => country.code === code)?.name ?? code;
}

/**
 * A country's name in a language ("Royaume-Uni" in "fr-FR"), as Intl knows it;
 * the shop's own English name where Intl has none.
 */
export function countryNameIn(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: "region", fallback: "none" }).of(code) ?? countryName(code);
  } catch {
    return countryName(code);
  }
}

/** The catalogue key of the words beside the checkout's SMS box: what a shopper who ticks it agrees to, stored with their consent as the site wrote them. */
export const SMS_CONSENT = "checkout_sms_consent";

/** Refusal of a ticked SMS box without a number to text. */
export const SMS_NEEDS_PHONE = "form_sms_needs_phone";

/**
 * Contact and delivery details as the checkout form (or a JSON client) sends them.
 * Built by a call marked pure, so a browser page that needs only the countries
 * or the shipping rule leaves the schema, and zod with it, out of its bundle.
 */
export const checkoutFields = /* @__PURE__ */ checkoutFieldsSchema();

/** The checkout's details with the rule across fields: a ticked SMS box needs a number to text. */
export const checkoutInput = /* @__PURE__ */ checkoutFields
  .refine((input) => !input.sms_opt_in || input.phone !== undefined, { path: ["phone"], message: SMS_NEEDS_PHONE })
  // A postcode the field's own check let through must also be one of its country (said once: a malformed one is already refused).
  .refine((input) => !OTHER_POSTCODE.test(input.zip.trim()) || isValidPostcode(input.country, input.zip), { path: ["zip"], message: "form_zip_invalid" });

function checkoutFieldsSchema() {
  // Control characters (a NUL, an escape) have no place in an address.
  const printable = (value: string) => !hasControlCharacter(value, { lineBreaks: false });
  // The messages are catalogue keys (`form_city_required`), written in the site's language at the edge.
  const text = (field: "first_name" | "last_name" | "address1" | "city", max = 120) =>
    z
      .string({ error: `form_${field}_required` })
      .trim()
      .min(1, `form_${field}_required`)
      .max(max, `form_${field}_too_long`)
      .refine(printable, `form_${field}_unprintable`);
  // An optional text field: blank means not given.
  const optionalText = (max: number) =>
    z
      .string()
      .trim()
      .max(max)
      .refine(printable, "form_unprintable")
      .optional()
      .transform((value) => value || undefined);
  return z.object({
    email: z.string({ error: "form_email_required" }).trim().pipe(z.email("form_email_invalid")),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{7,20}$/, "form_phone_invalid")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    // A gift card to pay with; blank means none.
    gift_card: z
      .string()
      .trim()
      .max(40, GIFT_CARD_ERRORS.invalid)
      .optional()
      .transform((value) => value || undefined)
      .refine((value) => value === undefined || normaliseGiftCardCode(value) !== null, GIFT_CARD_ERRORS.invalid),
    // A checkbox sends "on" when ticked and nothing otherwise; JSON clients send a boolean.
    sms_opt_in: z
      .union([z.boolean(), z.enum(["on", "true", "false", ""])])
      .optional()
      .transform((value) => value === true || value === "on" || value === "true"),
    first_name: text("first_name", 60),
    last_name: text("last_name", 60),
    address1: text("address1"),
    address2: optionalText(120),
    city: text("city", 80),
    province: optionalText(80),
    zip: z
      .string({ error: "form_zip_required" })
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,10}$/, "form_zip_invalid"),
    country: z.enum(
      SHIPPING_COUNTRIES.map((country) => country.code) as [ShippingCountryCode, ...ShippingCountryCode[]],
      { error: "form_country" },
    ),
    shipping_method: z.enum(SHIPPING_METHODS, { error: "form_shipping_method" }).optional().default("standard"),
  });
}

export type CheckoutInput = z.infer<typeof checkoutInput>;

/** Field → messages, the way the checkout form shows them beside each field. */
export function checkoutFieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/** Why an order was not placed: bad details, nothing to buy, a product gone, too little stock, too many attempts from one address, or the payment provider out of reach. */
export type CheckoutRefusalReason = "invalid" | "empty" | "unavailable" | "stock" | "limited" | "payment" | "signed_out";

export interface CheckoutRefusal {
  ok: false;
  reason: CheckoutRefusalReason;
  /** What the shopper reads above the form. */
  description: string;
  /** Field → messages; empty unless the details were invalid. */
  errors: Record<string, string[]>;
  /** For a stock refusal: the variant short of stock and how many are left. */
  variant_id?: number;
  available?: number;
  /** For a refusal of too many attempts: seconds to wait. */
  retry_after?: number;
}

/** The answer to a checkout: the placed order, or why not. */
/** A refusal the shopper can fix is a 422, as Shopify answers a checkout it cannot place; too many attempts is a 429; a payment provider that failed to answer is a 502. */
/** A subscription bought without signing in is a 401: the shopper logs in or creates an account, then places it. */
export const CHECKOUT_REFUSAL_STATUS: Record<CheckoutRefusalReason, 401 | 422 | 429 | 502> = { invalid: 422, empty: 422, unavailable: 422, stock: 422, limited: 429, payment: 502, signed_out: 401 };

export type CheckoutResult = { ok: true; order: OrderJson } | CheckoutRefusal;

/**
 * What free shipping is measured on: the cart's total less its gift cards,
 * which are money in another form and earn nothing.
 */
export function shippingSpend(cart: { total_price: number; items: readonly { gift_card: boolean; final_line_price: number }[] }): number {
  return cart.total_price - cart.items.reduce((sum, item) => (item.gift_card ? sum + item.final_line_price : sum), 0);
}

/** Whether a cart-level discount is a free-shipping code (the platform prices it as 100% off the shipping line). */
export const isFreeShippingDiscount = (application: { target_type: string }): boolean => application.target_type === "shipping_line";

/** The free-shipping code applied to the cart, if any. */
export function freeShippingCodeOf<A extends { target_type: string }>(cart: { cart_level_discount_applications: readonly A[] }): A | undefined {
  return cart.cart_level_discount_applications.find(isFreeShippingDiscount);
}

/** Whether a free-shipping code applies to the cart. */
export function hasFreeShippingCode(cart: { cart_level_discount_applications: readonly { target_type: string }[] }): boolean {
  return freeShippingCodeOf(cart) !== undefined;
}
