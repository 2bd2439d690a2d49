import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ChargeableOrder, providerCharge } from "./provider-charge.ts";

/** Two serums at £20 each with 10% off by code, a free gift, and £3.95 shipping. */
const ORDER: ChargeableOrder = {
  lines: [
    { title: "Serum", quantity: 2, final_line_price: 4000, gift_card: false },
    { title: "Travel balm (gift)", quantity: 1, final_line_price: 0, gift_card: false },
  ],
  shipping_price: 395,
  total_price: 4000 - 400 + 395,
  gift_card_amount: 0,
};

describe("what the provider is asked to take", () => {
  it("charges each line at what it was paid after the code, the free gift at nothing, and the shipping", () => {
    expect(providerCharge(ORDER)).toEqual({
      items: [
        { name: "Serum", quantity: 2, unit_amount: 1800 },
        { name: "Travel balm (gift)", quantity: 1, unit_amount: 0 },
      ],
      shipping: 395,
      total: 3995,
    });
  });

  it("names the count when a line's units do not share its amount evenly", () => {
    const order: ChargeableOrder = { lines: [{ title: "Toner", quantity: 3, final_line_price: 1000, gift_card: false }], shipping_price: 0, total_price: 1000, gift_card_amount: 0 };
    expect(providerCharge(order).items).toEqual([{ name: "Toner × 3", quantity: 1, unit_amount: 1000 }]);
  });

  it("takes what a gift card paid off the lines and shipping it pays for, never off a gift card bought", () => {
    const order: ChargeableOrder = {
      lines: [
        { title: "Serum", quantity: 1, final_line_price: 3000, gift_card: false },
        { title: "Gift card", quantity: 1, final_line_price: 2500, gift_card: true },
      ],
      shipping_price: 1000,
      total_price: 6500,
      gift_card_amount: 2000,
    };
    const charge = providerCharge(order);
    expect(charge.items[1]).toEqual({ name: "Gift card", quantity: 1, unit_amount: 2500 });
    expect(charge.items[0]!.unit_amount + charge.shipping).toBe(2000);
    expect(charge.total).toBe(4500);
  });

  it("adds tax the prices do not include, and leaves included tax inside them", () => {
    const added: ChargeableOrder = { ...ORDER, total_price: ORDER.total_price + 320, tax_lines: [{ title: "Sales tax", price: 320 }], taxes_included: false };
    expect(providerCharge(added).items.at(-1)).toEqual({ name: "Sales tax", quantity: 1, unit_amount: 320 });
    expect(providerCharge(added).total).toBe(3995 + 320);
    expect(providerCharge({ ...ORDER, tax_lines: [{ title: "VAT", price: 666 }], taxes_included: true })).toEqual(providerCharge(ORDER));
  });

  it("refuses an order whose total is made of parts it does not know", () => {
    expect(() => providerCharge({ ...ORDER, total_price: 4000 + 395 + 1 })).toThrow(/add up/);
  });

  it("always asks for exactly what the order has outstanding, never a negative amount", () => {
    const line = fc.record({ title: fc.constant("Item"), quantity: fc.integer({ min: 1, max: 5 }), final_line_price: fc.integer({ min: 0, max: 20_000 }), gift_card: fc.boolean() });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 5 }), fc.integer({ min: 0, max: 2000 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (lines, shipping, codeRate, cardRate) => {
        const linesTotal = lines.reduce((sum, item) => sum + item.final_line_price, 0);
        const codeBase = lines.filter((item) => !item.gift_card).reduce((sum, item) => sum + item.final_line_price, 0);
        const total = linesTotal - Math.floor(codeBase * codeRate * 0.5) + shipping;
        const cardPays = total - lines.filter((item) => item.gift_card).reduce((sum, item) => sum + item.final_line_price, 0);
        const order: ChargeableOrder = { lines, shipping_price: shipping, total_price: total, gift_card_amount: Math.floor(Math.max(0, cardPays) * cardRate) };
        const charge = providerCharge(order);
        expect(charge.total).toBe(order.total_price - order.gift_card_amount);
        for (const item of charge.items) expect(item.unit_amount).toBeGreaterThanOrEqual(0);
        expect(charge.shipping).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
