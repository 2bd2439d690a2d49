/** How an order was paid, in the shopper's language; the order page and the back office's order page share it. */
import type { FinancialStatus, OrderJson } from "../../core/contract/storefront.ts";
import type { TextKey } from "../storefront/use-shop.ts";

/** Payment providers by their own names, which no language translates. */
const PROVIDER_NAMES: Record<string, string> = { stripe: "Stripe" };

/** The catalogue's text for each payment status. */
export const PAYMENT_STATUS_KEYS = {
  pending: "payment_status_pending",
  paid: "payment_status_paid",
  partially_refunded: "payment_status_partially_refunded",
  refunded: "payment_status_refunded",
  voided: "payment_status_voided",
} as const satisfies Record<FinancialStatus, string>;

/** How the order was paid, in a few words: the method the provider told, the provider, or no payment for a test order. */
export function paymentMethodText(order: Pick<OrderJson, "payment" | "test" | "gift_card_amount" | "total_price">, text: (key: TextKey) => string): string {
  const { payment } = order;
  if (payment.provider === null) return text(order.gift_card_amount >= order.total_price && order.total_price > 0 ? "payment_method_gift_card" : order.test ? "payment_method_none_test" : "payment_method_none");
  const provider = PROVIDER_NAMES[payment.provider] ?? payment.provider;
  return payment.method ? `${payment.method} (${provider})` : provider;
}
