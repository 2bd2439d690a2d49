import { describe, expect, it } from "vitest";
import { adjustmentInCurrency, findPlan, frequencyText, planName, planPrice, savingPercent } from "./selling-plans.ts";

describe("planPrice", () => {
  it("takes a percentage off, rounding the saving to the nearest minor unit", () => {
    expect(planPrice(2800, { type: "percentage", value: 10 })).toBe(2520);
    expect(planPrice(1999, { type: "percentage", value: 10 })).toBe(1799);
    expect(planPrice(105, { type: "percentage", value: 15 })).toBe(89);
  });
  it("takes a fixed amount off, never below zero", () => {
    expect(planPrice(2800, { type: "fixed_amount", value: 300 })).toBe(2500);
    expect(planPrice(200, { type: "fixed_amount", value: 300 })).toBe(0);
  });
  it("sets a price, never above the one-time price", () => {
    expect(planPrice(2800, { type: "price", value: 2400 })).toBe(2400);
    expect(planPrice(2000, { type: "price", value: 2400 })).toBe(2000);
  });
  it("charges the one-time price without an adjustment, and bounds a percentage to 0–100", () => {
    expect(planPrice(2800, null)).toBe(2800);
    expect(planPrice(2800, { type: "percentage", value: 150 })).toBe(0);
    expect(planPrice(2800, { type: "percentage", value: -5 })).toBe(2800);
  });
  it("keeps a percentage in every currency and converts amounts by the site's rule", () => {
    const toEuros = (minor: number) => Math.round(minor * 1.17);
    expect(adjustmentInCurrency({ type: "percentage", value: 10 }, toEuros)).toEqual({ type: "percentage", value: 10 });
    expect(adjustmentInCurrency({ type: "fixed_amount", value: 300 }, toEuros)).toEqual({ type: "fixed_amount", value: 351 });
    expect(adjustmentInCurrency(null, toEuros)).toBeNull();
  });
});

describe("plan words", () => {
  it("names the frequency and the saving as Shopify apps do", () => {
    expect(frequencyText({ interval: "week", intervalCount: 6 })).toBe("6 weeks");
    expect(frequencyText({ interval: "month", intervalCount: 1 })).toBe("1 month");
    expect(planName({ interval: "week", intervalCount: 4, adjustment: { type: "percentage", value: 10 } })).toBe("Deliver every 4 weeks, save 10%");
    expect(planName({ interval: "month", intervalCount: 2, adjustment: null })).toBe("Deliver every 2 months");
  });
  it("says what share of the price a plan saves", () => {
    expect(savingPercent(2800, { type: "percentage", value: 10 })).toBe(10);
    expect(savingPercent(2000, { type: "fixed_amount", value: 500 })).toBe(25);
    expect(savingPercent(0, { type: "fixed_amount", value: 500 })).toBe(0);
  });
  it("finds a plan in any group", () => {
    const groups = [{ id: 1, key: "a", name: "Subscribe and save", optionName: "Deliver every", plans: [{ id: 7, interval: "week" as const, intervalCount: 4, adjustment: null }] }];
    expect(findPlan(groups, 7)?.group.id).toBe(1);
    expect(findPlan(groups, 8)).toBeNull();
  });
});

describe("plan frequency read back from Shopify's shape", () => {
  it("reads what frequencyText writes, and nothing else", async () => {
    const { planFrequency, allocationSavingPercent } = await import("./selling-plan-json.ts");
    const option = (value: string) => ({ options: [{ name: "Deliver every", position: 1, value }] });
    expect(planFrequency(option(frequencyText({ interval: "week", intervalCount: 6 })))).toEqual({ interval: "week", count: 6 });
    expect(planFrequency(option("1 month"))).toEqual({ interval: "month", count: 1 });
    expect(planFrequency(option("Monthly"))).toBeNull();
    expect(allocationSavingPercent({ price: 2520, compare_at_price: 2800 })).toBe(10);
  });
});
