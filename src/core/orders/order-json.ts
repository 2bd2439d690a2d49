/** A placed order as the shop answers it: its lines, its savings, its payment and where it stands. */
import type { ShippingMethodCode } from "../checkout/shipping-methods.ts";
import type { TaxLine } from "../tax/tax.ts";

/** A placed order, as `GET /orders/{token}.json` answers it. Money in minor units. */
export interface OrderJson {
  id: number;
  name: string;
  token: string;
  email: string;
  created_at: string;
  currency: string;
  line_items: OrderLineJson[];
  shipping_address: { first_name: string; last_name: string; address1: string; address2?: string | undefined; city: string; province?: string | undefined; zip: string; country: string };
  discount_codes: string[];
  /** The codes taken off the order (a shipping code makes shipping free), each with what it took; the lines' own savings are on the lines. */
  discount_applications: OrderDiscountApplication[];
  /** The lines' prices before any saving. */
  subtotal_price: number;
  total_discount: number;
  shipping_price: number;
  /** The delivery method chosen at checkout. */
  shipping_method: ShippingMethodCode;
  /** Everything the shopper pays, sales tax added where the site adds it. */
  total_price: number;
  /** The order's taxes, each with its rate, in Shopify's shape; their sum; whether the prices included them. */
  tax_lines: TaxLine[];
  total_tax: number;
  taxes_included: boolean;
  /** The language of the site it was placed on ("fr-FR", Shopify's name): its emails speak it. */
  customer_locale: string;
  test: boolean;
  /** What a gift card paid of `total_price`, and the card's last four characters. */
  gift_card_amount: number;
  gift_card_last_characters: string | null;
  /** What is left to pay after the gift card. */
  total_outstanding: number;
  /** The phone given at checkout, in E.164 (`+447911123456`), or null. */
  phone: string | null;
  /** The SMS marketing consent given with the order, in Shopify's shape, or null when the box was left empty. */
  sms_marketing_consent: SmsConsent | null;
  /** Where the order stands: waiting to be sent, sent (with its parcel's tracking number) or cancelled. */
  fulfillment_status: FulfillmentStatus;
  tracking_number: string | null;
  fulfilled_at: string | null;
  /** Whether the order is paid for (or still waiting for its payment), and whether any of its money has been given back, and how much. */
  financial_status: FinancialStatus;
  /** How the order is paid: by the payment provider (with its reference), or nothing taken for a test order. */
  payment: OrderPayment;
  total_refunded: number;
  cancelled_at: string | null;
}

/** A line of a placed order, as its cart line was priced. */
export interface OrderLineJson {
  key: string;
  variant_id: number;
  title: string;
  quantity: number;
  price: number;
  /** After the line's own savings. */
  final_line_price: number;
  sku: string | null;
  properties: Record<string, string>;
  handle: string;
  /** The line's own savings (a bundle's, a gift's) by name, as its cart line's `discounts`. */
  discounts: { title: string; amount: number }[];
  /** For a kit: each product it holds and how many of it this line holds. */
  components: { title: string; quantity: number }[];
  /** Subscribe and save: the selling plan the line was bought on (its id and name, as the cart line answered them). */
  selling_plan?: { id: number; name: string };
}

/** A code applied to a whole order. */
export interface OrderDiscountApplication {
  key: string;
  title: string;
  amount: number;
  target_type: "line_item" | "shipping_line";
}

export type FulfillmentStatus = "unfulfilled" | "fulfilled" | "cancelled";

/** Shopify's words: `pending` waits for the provider's payment, `voided` was never paid (its payment session ended). */
export type FinancialStatus = "pending" | "paid" | "partially_refunded" | "refunded" | "voided";

/** An order's payment as its pages show it. */
export interface OrderPayment {
  /** `stripe` for a payment through Stripe; null for a test order (or one paid in full by gift card), where no provider took money. */
  provider: "stripe" | null;
  /** How the shopper paid, as the provider tells it ("Visa •••• 4242"); null until known. */
  method: string | null;
  /** The provider's reference for the payment (a PaymentIntent id); null until paid. */
  reference: string | null;
  /** While the order waits for its payment: the provider's page where the shopper pays. */
  pay_url: string | null;
}

export interface SmsConsent {
  state: "subscribed";
  opt_in_level: "single_opt_in";
  consent_updated_at: string;
  consent_collected_from: "ONLINE_STORE";
  /** The words the shopper agreed to. */
  consent_text: string;
  /** The number consented for, E.164. */
  phone: string;
}
