import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { parseSettings } from "../settings/settings.ts";
import { addedTax, cartTax, estimateRates, includedTax, needsTaxRegion, orderTax, siteTaxOf, taxLineLabel, taxRegionOf, taxableGoods } from "./tax.ts";
import { taxSchema } from "./tax-settings.ts";

const { tax } = parseSettings(JSON.parse(readFileSync(new URL("../../../config/settings.json", import.meta.url), "utf8")));
const site = (code: string) => siteTaxOf(tax, code);
const taxOf = (code: string, goods: number, shipping: number, country: string, province?: string) => {
  const result = orderTax(site(code), { goods, shipping }, { country, province });
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.tax;
};

describe("included tax: price × rate / (1 + rate), rounded half up", () => {
  it("takes the VAT out of a price that holds it", () => {
    expect(includedTax(2880, 20)).toBe(480);
    expect(includedTax(1200, 20)).toBe(200);
    expect(includedTax(1230, 23)).toBe(230);
    expect(includedTax(1100, 10)).toBe(100);
  });

  it("rounds half up, once, to the minor unit", () => {
    // 1 × 0.2 / 1.2 = 0.1666… → 0; 3 → 0.5 → 1; 999 → 166.5 → 167.
    expect(includedTax(1, 20)).toBe(0);
    expect(includedTax(3, 20)).toBe(1);
    expect(includedTax(999, 20)).toBe(167);
    expect(includedTax(0, 20)).toBe(0);
  });
});

describe("added tax", () => {
  it("rounds half up, with three-decimal percents exact", () => {
    expect(addedTax(1000, 7.25)).toBe(73); // 72.5 → 73
    expect(addedTax(1999, 6.25)).toBe(125); // 124.9375
    expect(addedTax(1000, 9.975)).toBe(100); // 99.75
    expect(addedTax(200, 9.975)).toBe(20); // 19.95
    expect(addedTax(0, 7.25)).toBe(0);
  });
});

describe("one rule per order: rounded per tax on the order's amount, never per line", () => {
  it("three lines of £0.99 carry the VAT of £2.97, not three times the VAT of £0.99", () => {
    const goods = taxableGoods({
      total_price: 297,
      items: [0, 1, 2].map(() => ({ gift_card: false, final_line_price: 99 })),
    });
    // Per line: 3 × round(16.5) = 51; per order: round(49.5) = 50.
    expect(taxOf("UK", goods, 0, "GB").total_tax).toBe(50);
  });

  it("leaves gift cards and untaxed variants out of what is taxed", () => {
    expect(
      taxableGoods({
        total_price: 6000,
        items: [
          { gift_card: false, final_line_price: 2400 },
          { gift_card: true, final_line_price: 2500 },
          { gift_card: false, taxable: false, final_line_price: 1100 },
        ],
      }),
    ).toBe(2400);
  });
});

describe("each site", () => {
  it.each([
    ["UK", "GB", "VAT", 0.2, 400],
    ["IE", "IE", "VAT", 0.23, 449],
    ["FR", "FR", "TVA", 0.2, 400],
    ["AU", "AU", "GST", 0.1, 218],
  ])("%s prices include %s: the order's goods and delivery hold it", (code, country, title, rate, price) => {
    const result = taxOf(code, 2000, 400, country);
    expect(result).toEqual({ taxes_included: true, total_tax: price, tax_lines: [{ title, rate, price }] });
    expect(cartTax(site(code), 2400)).toEqual(result);
  });

  it("the US and Canada include nothing: the cart says nothing of tax until the address is known", () => {
    expect(cartTax(site("US"), 2400)).toEqual({ taxes_included: false, total_tax: 0, tax_lines: [] });
    expect(cartTax(site("CA"), 2400)).toEqual({ taxes_included: false, total_tax: 0, tax_lines: [] });
  });

  it("a site the settings name no tax for charges and shows none", () => {
    expect(orderTax(null, { goods: 2000, shipping: 400 }, { country: "GB" })).toEqual({ ok: true, tax: { taxes_included: false, total_tax: 0, tax_lines: [] } });
  });
});

describe("US states: sales tax on the goods, by the delivery state", () => {
  it.each([
    ["CA", 7.25, 290],
    ["NY", 4, 160],
    ["TX", 6.25, 250],
    ["WA", 6.5, 260],
  ])("%s adds %s%%", (state, percent, price) => {
    expect(taxOf("US", 4000, 1495, "US", state)).toEqual({ taxes_included: false, total_tax: price, tax_lines: [{ title: "Sales tax", rate: percent / 100, price }] });
  });

  it("states without sales tax add nothing and list no line", () => {
    for (const state of ["OR", "DE", "MT", "NH", "AK"]) expect(taxOf("US", 4000, 0, "US", state)).toEqual({ taxes_included: false, total_tax: 0, tax_lines: [] });
  });

  it("lists every state and DC", () => {
    const us = site("US");
    expect(us?.kind === "added" && us.regions.length).toBe(51);
  });

  it("knows a state by code or name, whatever its case; an address without one is refused", () => {
    const us = site("US");
    if (us?.kind !== "added") throw new Error("US adds tax");
    expect(taxRegionOf(us, "california")?.code).toBe("CA");
    expect(taxRegionOf(us, " New York ")?.code).toBe("NY");
    expect(taxRegionOf(us, "ny")?.code).toBe("NY");
    expect(taxRegionOf(us, "Atlantis")).toBeNull();
    expect(orderTax(us, { goods: 4000, shipping: 0 }, { country: "US" })).toEqual({ ok: false, reason: "region" });
    expect(orderTax(us, { goods: 4000, shipping: 0 }, { country: "US", province: "Atlantis" })).toEqual({ ok: false, reason: "region" });
    expect(needsTaxRegion(us, "US")).toBe(true);
    expect(needsTaxRegion(us, "GB")).toBe(false);
    expect(needsTaxRegion(site("UK"), "GB")).toBe(false);
  });

  it("a delivery out of the country is an export: no sales tax", () => {
    expect(taxOf("US", 4000, 1495, "GB")).toEqual({ taxes_included: false, total_tax: 0, tax_lines: [] });
  });
});

describe("Canadian provinces: HST, or GST with the provincial tax, each on the goods and the delivery", () => {
  it("Ontario charges HST alone", () => {
    expect(taxOf("CA", 4000, 1000, "CA", "ON")).toEqual({ taxes_included: false, total_tax: 650, tax_lines: [{ title: "HST", rate: 0.13, price: 650 }] });
  });

  it("British Columbia charges GST and PST, each rounded on its own", () => {
    expect(taxOf("CA", 4001, 0, "CA", "BC").tax_lines).toEqual([
      { title: "GST", rate: 0.05, price: 200 },
      { title: "PST", rate: 0.07, price: 280 },
    ]);
  });

  it("Quebec charges GST and QST at 9.975%", () => {
    const quebec = taxOf("CA", 5000, 1000, "CA", "Quebec");
    expect(quebec.tax_lines).toEqual([
      { title: "GST", rate: 0.05, price: 300 },
      { title: "QST", rate: 0.09975, price: 599 },
    ]);
    expect(quebec.total_tax).toBe(899);
    expect(taxLineLabel(quebec.tax_lines[1]!)).toBe("QST 9.975%");
  });

  it("Alberta and the territories charge GST alone; every province and territory is listed", () => {
    expect(taxOf("CA", 4000, 0, "CA", "AB").tax_lines).toEqual([{ title: "GST", rate: 0.05, price: 200 }]);
    const ca = site("CA");
    expect(ca?.kind === "added" && ca.regions.map((region) => region.code).sort()).toEqual(["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"]);
  });
});

describe("the product page's tax estimate", () => {
  it("offers the states' and provinces' rates where tax is added, and leaves the catalog's own rates elsewhere", () => {
    expect(estimateRates(site("US"))).toContainEqual({ label: "California (7.25%)", percent: 7.25 });
    expect(estimateRates(site("US"))).toHaveLength(51);
    expect(estimateRates(site("CA"))).toContainEqual({ label: "Quebec (14.975%)", percent: 14.975 });
    expect(estimateRates(site("UK"))).toBeNull();
    expect(estimateRates(null)).toBeNull();
  });
});

describe("tax settings", () => {
  it("refuse a region listed twice and a percent finer than thousandths", () => {
    const region = { code: "CA", name: "California", taxes: [{ name: "Sales tax", percent: 7.25 }] };
    expect(taxSchema.safeParse({ sites: { US: { kind: "added", country: "US", regions: [region, region] } } }).success).toBe(false);
    expect(taxSchema.safeParse({ sites: { UK: { kind: "included", name: "VAT", percent: 20.0001 } } }).success).toBe(false);
    expect(taxSchema.safeParse({ sites: { UK: { kind: "included", name: "VAT", percent: 20 } } }).success).toBe(true);
  });
});
