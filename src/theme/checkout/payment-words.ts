/** What the shopper and staff read about an order's payment; kept together so the words move into the message catalogues in one piece. */
import type { FinancialStatus, OrderJson } from "../../core/contract/storefront.ts";

export const PAYMENT_WORDS = {
  checkoutProvider: "You pay on Stripe's secure page next. Your order is confirmed once the payment arrives.",
  placeProviderOrder: "Continue to payment",
  heading: "Payment",
  pendingTitle: (name: string) => `Order ${name} is waiting for your payment`,
  pendingBody: "We hold your items while you pay. Your order is confirmed, and a confirmation emailed, once the payment arrives.",
  payNow: "Pay now",
  voidedTitle: (name: string) => `Order ${name} was not paid`,
  voidedBody: "The payment was not completed, so the order was cancelled and nothing was taken. Your items are back in stock for anyone to order.",
  testOrder: "Test order: no payment was taken.",
  paidBy: (method: string) => `Paid by ${method}`,
  reference: "Payment reference",
  provider: { stripe: "Stripe" } as Record<string, string>,
  status: { pending: "Awaiting payment", paid: "Paid", partially_refunded: "Paid, partly refunded", refunded: "Refunded", voided: "Not paid" } satisfies Record<FinancialStatus, string>,
};

/** How the order was paid, in a few words: the method the provider told, the provider, or no payment for a test order. */
export function paymentMethodText(order: Pick<OrderJson, "payment" | "test" | "gift_card_amount" | "total_price">): string {
  const { payment } = order;
  if (payment.provider === null) return order.gift_card_amount >= order.total_price && order.total_price > 0 ? "Gift card" : order.test ? "None (test order)" : "None";
  const provider = PAYMENT_WORDS.provider[payment.provider] ?? payment.provider;
  return payment.method ? `${payment.method} (${provider})` : provider;
}
