import { describe, expect, it } from "vitest";
import { discountStatus, discountValueText, otherCurrencies, readDiscountForm } from "./admin-discounts.ts";

const NOW = Date.UTC(2026, 10, 21, 12);

describe("a code's status", () => {
  const code = (enabled: boolean, startsAt: string | null, endsAt: string | null) => ({ enabled, startsAt, endsAt });
  it("is disabled when switched off, whatever its dates", () => {
    expect(discountStatus(code(false, null, null), NOW)).toBe("disabled");
    expect(discountStatus(code(false, "2099-01-01T00:00:00Z", null), NOW)).toBe("disabled");
  });
  it("is scheduled before its start, expired from its end (exclusive), active between", () => {
    expect(discountStatus(code(true, "2026-11-21T12:00:01Z", null), NOW)).toBe("scheduled");
    expect(discountStatus(code(true, "2026-11-21T12:00:00Z", "2026-11-21T12:00:01Z"), NOW)).toBe("active");
    expect(discountStatus(code(true, null, "2026-11-21T12:00:00Z"), NOW)).toBe("expired");
    expect(discountStatus(code(true, null, null), NOW)).toBe("active");
  });
});

describe("the discount form", () => {
  const read = (fields: Record<string, string>) => readDiscountForm({ code: "SAVE", type: "percentage", value: "10", enabled: "on", ...fields }, "Europe/London");
  it("reads amounts in minor units and percentages as given", () => {
    expect(read({ type: "fixed_amount", value: "£5.50", minimum_subtotal: "1,000" })).toMatchObject({ input: { type: "fixed_amount", value: 550, minimumSubtotal: 100_000 } });
    expect(read({ value: "12.5%" })).toMatchObject({ input: { value: 12.5, usageLimit: null, usageLimitPerCustomer: null, enabled: true } });
    expect(read({ type: "free_shipping", value: "" })).toMatchObject({ input: { type: "free_shipping", value: 0 } });
  });
  it("reads a missing checkbox as switched off, and limits as whole numbers", () => {
    expect(readDiscountForm({ code: "SAVE", type: "percentage", value: "10", usage_limit: "3", usage_limit_per_customer: "1" }, "UTC")).toMatchObject({
      input: { enabled: false, usageLimit: 3, usageLimitPerCustomer: 1 },
    });
  });
  it("refuses an end at or before the start, naming the end", () => {
    expect(read({ starts_at: "2026-12-01T09:00", ends_at: "2026-12-01T09:00" })).toEqual({ errors: { ends_at: "Enter an end after the start." } });
  });
  it("refuses an over-long code and a value for a kind that is not offered", () => {
    expect(read({ code: "A".repeat(65) })).toEqual({ errors: { code: "Keep the code to 64 characters or fewer." } });
    expect(read({ type: "" })).toEqual({ errors: { type: "Choose percentage off, amount off or free shipping." } });
  });
});

describe("a code's value in words", () => {
  const money = (minor: number) => `£${(minor / 100).toFixed(2)}`;
  it("says percent, amount or free shipping", () => {
    expect(discountValueText({ type: "percentage", value: 15 }, money)).toBe("15% off");
    expect(discountValueText({ type: "fixed_amount", value: 500 }, money)).toBe("£5.00 off");
    expect(discountValueText({ type: "free_shipping", value: 0 }, money)).toBe("Free shipping");
  });
});

describe("amounts in the shop's other currencies", () => {
  const read = (fields: Record<string, string>) => readDiscountForm({ code: "SAVE", type: "fixed_amount", value: "5", enabled: "on", ...fields }, "UTC", ["USD", "EUR"]);
  it("reads each currency's amounts with the shop's money rules, empty meaning converted", () => {
    expect(read({ value_USD: "$6.50", minimum_subtotal_EUR: "€1,000", value_EUR: "7 EUR" })).toMatchObject({
      input: { currencyValues: { USD: { value: 650, minimumSubtotal: null }, EUR: { value: 700, minimumSubtotal: 100_000 } } },
    });
    expect(read({})).toMatchObject({ input: { currencyValues: {} } });
    expect(read({ value_GBP: "9", value_SEK: "9" })).toMatchObject({ input: { currencyValues: {} } });
  });
  it("names the field of an amount that is not one", () => {
    expect(read({ value_USD: "6.555", minimum_subtotal_EUR: "abc", value_EUR: "0" })).toEqual({
      errors: {
        value_USD: expect.stringMatching(/amount off in USD/),
        value_EUR: expect.stringMatching(/amount off in EUR/),
        minimum_subtotal_EUR: expect.stringMatching(/minimum subtotal in EUR/),
      },
    });
  });
  it("lists every other currency the sites sell in, once", () => {
    expect(otherCurrencies([{ currency: "GBP" }, { currency: "EUR" }, { currency: "USD" }, { currency: "EUR" }], "GBP")).toEqual(["EUR", "USD"]);
  });
});
