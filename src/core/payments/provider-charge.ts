/**
 * What the payment provider is asked to take for an order, from the order as
 * the shop priced and stored it, so the provider's total is always the
 * order's `total_outstanding`: one item per order line at what the line was
 * really paid (its price after its own savings — bundles, free gifts — and
 * its share of a code, by the rule refunds use), the shipping, any tax the
 * order adds on top of its prices, less what a gift card paid, shared over
 * them in proportion. Amounts are integer minor units.
 */
import { linesPaid, shareOut } from "../orders/refunds.ts";

/** An order as far as charging it needs. */
export interface ChargeableOrder {
  lines: readonly { title: string; quantity: number; final_line_price: number; gift_card: boolean }[];
  shipping_price: number;
  total_price: number;
  gift_card_amount: number;
  /** Tax lines the order carries, in Shopify's shape; added to the charge only when the prices do not include them. */
  tax_lines?: readonly { title: string; price: number }[] | undefined;
  taxes_included?: boolean | undefined;
}

/** One item on the provider's page: `quantity` units at `unit_amount` each. */
export interface ChargeItem {
  name: string;
  quantity: number;
  unit_amount: number;
}

export interface ProviderCharge {
  items: ChargeItem[];
  /** The shipping, after its share of the gift card. */
  shipping: number;
  /** Everything the provider takes: the items and the shipping. */
  total: number;
}

/** An amount for `quantity` units: as that many units when they divide it evenly, otherwise as one item naming the count. */
function itemOf(name: string, quantity: number, amount: number): ChargeItem {
  if (quantity > 1 && amount % quantity === 0) return { name, quantity, unit_amount: amount / quantity };
  return { name: quantity > 1 ? `${name} × ${quantity}` : name, quantity: 1, unit_amount: amount };
}

export function providerCharge(order: ChargeableOrder): ProviderCharge {
  const taxes = order.taxes_included ? [] : (order.tax_lines ?? []).filter((tax) => tax.price > 0);
  // The code's discount is what the lines and shipping cost beyond the total before tax added on top.
  const paid = linesPaid({ ...order, total_price: order.total_price - taxes.reduce((sum, tax) => sum + tax.price, 0) });
  // Parts a gift card pays for: every line but gift cards bought (a gift card does not pay for other gift cards), the shipping and the tax.
  const parts = [
    ...order.lines.map((line, index) => ({ name: line.title, quantity: line.quantity, amount: paid[index] ?? 0, giftCardPays: !line.gift_card })),
    ...taxes.map((tax) => ({ name: tax.title, quantity: 1, amount: tax.price, giftCardPays: true })),
    { name: "", quantity: 1, amount: order.shipping_price, giftCardPays: true },
  ];
  const covered = parts.filter((part) => part.giftCardPays);
  const giftCardShares = shareOut(Math.min(order.gift_card_amount, covered.reduce((sum, part) => sum + part.amount, 0)), covered.map((part) => part.amount));
  covered.forEach((part, position) => {
    part.amount -= giftCardShares[position] ?? 0;
  });
  const shipping = parts.at(-1)?.amount ?? 0;
  const items = parts.slice(0, -1).map((part) => itemOf(part.name, part.quantity, part.amount));
  const total = items.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0) + shipping;
  const outstanding = order.total_price - order.gift_card_amount;
  // Never ask for a different sum than the order records: a total made of parts this rule does not know is refused, not guessed.
  if (total !== outstanding) throw new Error(`the order's parts add up to ${total}, but ${outstanding} is outstanding`);
  return { items, shipping, total };
}
