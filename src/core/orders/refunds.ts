/**
 * Refunds and cancellations: what each line of an order was really paid
 * (after its share of the code discount), how much a refund of some units
 * and the shipping gives back, and where the money goes. Amounts are
 * integer minor units; refunding every unit, one at a time or all at once,
 * gives back exactly what the order cost.
 */
import type { FinancialStatus } from "../contract/storefront.ts";

/** An order as far as refunding it needs. */
export interface RefundableOrder {
  lines: readonly { quantity: number; final_line_price: number; gift_card: boolean }[];
  shipping_price: number;
  total_price: number;
  /** What a gift card paid of the total. */
  gift_card_amount: number;
  /** Tax added on top of the prices at checkout (sales tax); none where prices include it. */
  added_tax?: number;
}

/** What earlier refunds of the order gave back. */
export interface RefundHistory {
  /** Units refunded so far, per line (by the line's index in the order). */
  quantities: readonly number[];
  shippingRefunded: boolean;
  /** Money given back so far, and how much of it went back to the gift card. */
  amount: number;
  giftCardAmount: number;
}

export interface RefundSelection {
  /** Units to refund now, per line. */
  quantities: readonly number[];
  shipping: boolean;
}

export interface RefundPlan {
  lines: { index: number; quantity: number; amount: number }[];
  shipping: number;
  amount: number;
  /** Of `amount`, what goes back onto the gift card that paid; the rest goes back to the other payment. */
  giftCardAmount: number;
}

export type RefundOutcome = { ok: true; plan: RefundPlan } | { ok: false; description: string; errors: Record<string, string> };

export type { FinancialStatus } from "../contract/storefront.ts";

/** The form field that carries how many units of line `index` to refund. */
export const refundQuantityField = (index: number) => `quantity_${index}`;

/** Why an order is cancelled, as the cancel form offers it. */
export const CANCEL_REASONS = ["customer", "inventory", "fraud", "declined", "other"] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
export const CANCEL_REASON_LABELS: Record<CancelReason, string> = {
  customer: "The customer changed their mind",
  inventory: "Items unavailable",
  fraud: "Fraudulent order",
  declined: "Payment declined",
  other: "Other",
};

/** Whether an order's payment has arrived: orders placed without a provider are paid when placed. */
export type PaymentStatus = "pending" | "paid" | "voided";

/** An order's money state: waiting for its payment, never paid, or paid with nothing, some or all of it given back. */
export function financialStatus(totalPrice: number, refunded: number, payment: PaymentStatus = "paid"): FinancialStatus {
  if (payment !== "paid") return payment;
  if (refunded <= 0) return "paid";
  return refunded >= totalPrice ? "refunded" : "partially_refunded";
}

/**
 * What each line was paid: its price after line discounts, less its share
 * of the code discount. A code discounts paid lines that are not gift cards,
 * in proportion to their price; the last such line takes the rounding.
 */
export function linesPaid(order: RefundableOrder): number[] {
  const linesTotal = order.lines.reduce((sum, line) => sum + line.final_line_price, 0);
  const codeDiscount = Math.max(0, linesTotal + order.shipping_price + (order.added_tax ?? 0) - order.total_price);
  const eligible = order.lines.map((line, index) => ({ line, index })).filter(({ line }) => line.final_line_price > 0 && !line.gift_card);
  const eligibleTotal = eligible.reduce((sum, { line }) => sum + line.final_line_price, 0);
  const paid = order.lines.map((line) => line.final_line_price);
  if (eligibleTotal === 0) return paid;
  const shares = shareOut(codeDiscount, eligible.map(({ line }) => line.final_line_price));
  eligible.forEach(({ line, index }, position) => {
    paid[index] = line.final_line_price - Math.min(line.final_line_price, shares[position]!);
  });
  return paid;
}

/**
 * `amount` shared out over `weights` in proportion: each share rounded down,
 * then the cents left over one each to the shares rounded down most (the
 * later on a tie). No share is more than its weight when `amount` is at most
 * their sum, and the shares add up to `amount`.
 */
export function shareOut(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (amount * weight) / total);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact.map((value, position) => ({ position, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder || b.position - a.position);
  for (const { position } of byRemainder) {
    if (left <= 0) break;
    shares[position]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * What each line and the shipping were paid with the tax added on top
 * shared out over them in proportion, so that refunding everything gives
 * back the whole total, tax included.
 */
function paidWithAddedTax(order: RefundableOrder): { lines: number[]; shipping: number } {
  const lines = linesPaid(order);
  const addedTax = order.added_tax ?? 0;
  if (addedTax <= 0) return { lines, shipping: order.shipping_price };
  const shares = shareOut(addedTax, [...lines, order.shipping_price]);
  return { lines: lines.map((paid, index) => paid + shares[index]!), shipping: order.shipping_price + shares[lines.length]! };
}

/** Units of each line still refundable. */
export const refundableQuantities = (order: RefundableOrder, history: RefundHistory): number[] =>
  order.lines.map((line, index) => Math.max(0, line.quantity - (history.quantities[index] ?? 0)));

/**
 * A refund of some units and perhaps the shipping. Units are priced so that
 * the refunds of a line always add up to what it was paid: the first `n`
 * units of a line are worth round(paid × n / quantity).
 */
export function planRefund(order: RefundableOrder, history: RefundHistory, selection: RefundSelection): RefundOutcome {
  const remaining = refundableQuantities(order, history);
  const errors: Record<string, string> = {};
  selection.quantities.forEach((quantity, index) => {
    const left = remaining[index] ?? 0;
    if (!Number.isSafeInteger(quantity) || quantity < 0) errors[refundQuantityField(index)] = "Enter a whole number of units.";
    else if (quantity > left) errors[refundQuantityField(index)] = left === 0 ? "Every unit of this item has been refunded." : `Refund at most ${left}.`;
  });
  if (selection.shipping && history.shippingRefunded) errors.shipping = "The shipping has already been refunded.";
  if (Object.keys(errors).length) return { ok: false, description: "Check the quantities to refund.", errors };

  const { lines: paid, shipping: shippingPaid } = paidWithAddedTax(order);
  const worth = (index: number, units: number) => Math.round(((paid[index] ?? 0) * units) / (order.lines[index]?.quantity || 1));
  const lines = selection.quantities
    .map((quantity, index) => {
      const before = history.quantities[index] ?? 0;
      return { index, quantity, amount: worth(index, before + quantity) - worth(index, before) };
    })
    .filter((line) => line.quantity > 0);
  const shipping = selection.shipping && order.shipping_price > 0 ? shippingPaid : 0;
  if (lines.length === 0 && shipping === 0) {
    return { ok: false, description: "Choose at least one item or the shipping to refund.", errors: {} };
  }
  const left = Math.max(0, order.total_price - history.amount);
  const amount = Math.min(left, lines.reduce((sum, line) => sum + line.amount, 0) + shipping);
  // Money goes back the way it came: onto the gift card first, as far as it paid.
  const giftCardAmount = Math.min(amount, Math.max(0, order.gift_card_amount - history.giftCardAmount));
  return { ok: true, plan: { lines, shipping, amount, giftCardAmount } };
}

/** Cancelling refunds everything not yet refunded: every remaining unit and the shipping. */
export function planCancellation(order: RefundableOrder, history: RefundHistory): RefundPlan {
  const outcome = planRefund(order, history, { quantities: refundableQuantities(order, history), shipping: !history.shippingRefunded });
  return outcome.ok ? outcome.plan : { lines: [], shipping: 0, amount: 0, giftCardAmount: 0 };
}
