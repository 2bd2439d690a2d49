import { describe, expect, it } from "vitest";
import { decimalAmount, formatMoney, toMajorUnits, toMinorUnits } from "./money.ts";

describe("formatMoney", () => {
  const cases: [string, number, string][] = [
    ["£{{amount}}", 123456, "£1,234.56"],
    ["£{{amount_no_decimals}}", 123456, "£1,235"],
    ["{{amount_with_comma_separator}} €", 123456, "1.234,56 €"],
    ["{{amount_no_decimals_with_comma_separator}} kr", 123456, "1.235 kr"],
    ["CHF {{amount_with_apostrophe_separator}}", 123465, "CHF 1'234.65"],
    ["{{amount_no_decimals_with_space_separator}} Kč", 113465, "1 135 Kč"],
    ["{{amount_with_space_separator}} €", 113465, "1 134,65 €"],
    ["{{amount_with_period_and_space_separator}} zł", 113465, "1 134.65 zł"],
    ["${{ amount }}", 5, "$0.05"],
    ["${{amount}}", 0, "$0.00"],
    ["${{amount}}", 100000000, "$1,000,000.00"],
    ["Rs. {{amount}}", 1999, "Rs. 19.99"],
  ];
  it.each(cases)("%s formats %d as %s", (format, cents, expected) => {
    expect(formatMoney(cents, format)).toBe(expected);
  });

  it("reads a decimal string the way Shopify's helper does, by dropping the first dot", () => {
    expect(formatMoney("3.00", "£{{amount}}")).toBe("£3.00");
  });

  it("writes negative amounts with a leading minus", () => {
    expect(formatMoney(-2550, "£{{amount}}")).toBe("£-25.50");
  });

  it("replaces an unknown placeholder with nothing", () => {
    expect(formatMoney(100, "£{{amount_in_words}}")).toBe("£");
  });

  it("uses a dollar format when none is given", () => {
    expect(formatMoney(1050)).toBe("$10.50");
  });
});

describe("toMinorUnits", () => {
  it("turns whole currency units into minor units", () => {
    expect(toMinorUnits(40)).toBe(4000);
    expect(toMinorUnits(12.5)).toBe(1250);
  });
});

describe("decimalAmount", () => {
  it("writes minor units as Shopify's two-place decimal string", () => {
    expect(decimalAmount(1250)).toBe("12.50");
    expect(decimalAmount(5)).toBe("0.05");
    expect(decimalAmount(0)).toBe("0.00");
    expect(decimalAmount(123456)).toBe("1234.56");
    expect(decimalAmount(-2550)).toBe("-25.50");
  });

  it("reads back through toMinorUnits to the same amount", () => {
    for (const minor of [0, 1, 29, 1999, 100000000]) expect(toMinorUnits(Number(decimalAmount(minor)))).toBe(minor);
  });
});

describe("toMajorUnits", () => {
  it("gives analytics whole units from minor units", () => {
    expect(toMajorUnits(1250)).toBe(12.5);
    expect(toMajorUnits(1999)).toBe(19.99);
  });
});
