import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type RefundHistory, type RefundableOrder, financialStatus, linesPaid, planCancellation, planRefund } from "./refunds.ts";

const NONE: RefundHistory = { quantities: [], shippingRefunded: false, amount: 0, giftCardAmount: 0 };

/** Two serums at £20 each with 10% off by code, a £25 gift card and £3.95 shipping. */
const ORDER: RefundableOrder = {
  lines: [
    { quantity: 2, final_line_price: 4000, gift_card: false },
    { quantity: 1, final_line_price: 2500, gift_card: true },
  ],
  shipping_price: 395,
  total_price: 4000 - 400 + 2500 + 395,
  gift_card_amount: 0,
};

const after = (history: RefundHistory, plan: { lines: { index: number; quantity: number }[]; shipping: number; amount: number; giftCardAmount: number }): RefundHistory => {
  const quantities = [...history.quantities];
  for (const line of plan.lines) quantities[line.index] = (quantities[line.index] ?? 0) + line.quantity;
  return { quantities, shippingRefunded: history.shippingRefunded || plan.shipping > 0, amount: history.amount + plan.amount, giftCardAmount: history.giftCardAmount + plan.giftCardAmount };
};

describe("refunds", () => {
  it("gives each line its price less its share of the code, and gift cards no share", () => {
    expect(linesPaid(ORDER)).toEqual([3600, 2500]);
  });

  it("refunds one serum of two at what it was paid", () => {
    const outcome = planRefund(ORDER, NONE, { quantities: [1, 0], shipping: false });
    expect(outcome).toEqual({ ok: true, plan: { lines: [{ index: 0, quantity: 1, amount: 1800 }], shipping: 0, amount: 1800, giftCardAmount: 0 } });
  });

  it("names the line when more units are asked than are left, and refuses an empty refund", () => {
    const first = planRefund(ORDER, NONE, { quantities: [2, 0], shipping: true });
    if (!first.ok) throw new Error("the first refund should be planned");
    const history = after(NONE, first.plan);
    expect(planRefund(ORDER, history, { quantities: [1, 0], shipping: false })).toMatchObject({ ok: false, errors: { quantity_0: "Every unit of this item has been refunded." } });
    expect(planRefund(ORDER, history, { quantities: [0, 2], shipping: false })).toMatchObject({ ok: false, errors: { quantity_1: "Refund at most 1." } });
    expect(planRefund(ORDER, history, { quantities: [0, 0], shipping: true })).toMatchObject({ ok: false, errors: { shipping: "The shipping has already been refunded." } });
    expect(planRefund(ORDER, NONE, { quantities: [0, 0], shipping: false })).toMatchObject({ ok: false, description: "Choose at least one item or the shipping to refund." });
  });

  it("gives money back onto the gift card that paid first", () => {
    const paidByCard = { ...ORDER, gift_card_amount: 2000 };
    const first = planRefund(paidByCard, NONE, { quantities: [1, 0], shipping: false });
    if (!first.ok) throw new Error("planned");
    expect(first.plan.giftCardAmount).toBe(1800);
    const second = planRefund(paidByCard, after(NONE, first.plan), { quantities: [1, 0], shipping: false });
    if (!second.ok) throw new Error("planned");
    expect(second.plan.giftCardAmount).toBe(200);
  });

  it("cancelling gives back the whole order, and then the order reads refunded", () => {
    const plan = planCancellation(ORDER, NONE);
    expect(plan.amount).toBe(ORDER.total_price);
    expect(financialStatus(ORDER.total_price, plan.amount)).toBe("refunded");
    expect(financialStatus(ORDER.total_price, 1)).toBe("partially_refunded");
    expect(financialStatus(ORDER.total_price, 0)).toBe("paid");
  });

  it("refunds in any steps add up to exactly what the order cost, sales tax added on top included", () => {
    const line = fc.record({ quantity: fc.integer({ min: 1, max: 9 }), unit: fc.integer({ min: 0, max: 50_000 }), gift_card: fc.boolean() });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        fc.integer({ min: 0, max: 15 }),
        (raw, shipping, percentOff, picks, taxPercent) => {
          const lines = raw.map((l) => ({ quantity: l.quantity, final_line_price: l.unit * l.quantity, gift_card: l.gift_card }));
          const eligible = lines.filter((l) => l.final_line_price > 0 && !l.gift_card).reduce((sum, l) => sum + l.final_line_price, 0);
          const code = Math.floor((eligible * percentOff) / 100);
          const beforeTax = lines.reduce((sum, l) => sum + l.final_line_price, 0) - code + shipping;
          const addedTax = Math.round((beforeTax * taxPercent) / 100);
          const total = beforeTax + addedTax;
          const order: RefundableOrder = { lines, shipping_price: shipping, total_price: total, gift_card_amount: Math.floor(total / 3), added_tax: addedTax };
          let history = NONE;
          // Refund one unit of a chosen line at a time, then cancel the rest.
          for (const pick of picks) {
            const index = pick % lines.length;
            const quantities = lines.map((_, i) => (i === index ? 1 : 0));
            const outcome = planRefund(order, history, { quantities, shipping: false });
            if (outcome.ok) {
              expect(outcome.plan.amount).toBeGreaterThanOrEqual(0);
              history = after(history, outcome.plan);
            }
          }
          history = after(history, planCancellation(order, history));
          expect(history.amount).toBe(total);
          expect(history.giftCardAmount).toBe(order.gift_card_amount);
        },
      ),
    );
  });
});

describe("what the customer reads", () => {
  const money = (cents: number) => `£${(cents / 100).toFixed(2)}`;
  it("says how much came back, in part or in full, and the history says so beside the fulfilment", async () => {
    const { orderStatus, refundText } = await import("../accounts/account.ts");
    expect(refundText({ financial_status: "paid", total_refunded: 0 }, money)).toBeNull();
    expect(refundText({ financial_status: "partially_refunded", total_refunded: 1600 }, money)).toBe("Partly refunded: £16.00");
    expect(refundText({ financial_status: "refunded", total_refunded: 3595 }, money)).toBe("Refunded in full: £35.95");
    expect(orderStatus({ test: false, fulfillment_status: "unfulfilled", tracking_number: null, financial_status: "partially_refunded" })).toBe("Placed · partly refunded");
    expect(orderStatus({ test: true, fulfillment_status: "cancelled", tracking_number: null, financial_status: "refunded" })).toBe("Cancelled · refunded · test order, no payment taken");
  });
});
