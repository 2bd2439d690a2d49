import { describe, expect, it } from "vitest";
import { isValidPostcode } from "./checkout.ts";
import { deliveryDays, quoteRate, quoteRates, shippingZones } from "./shipping-rates.ts";

const zones = shippingZones({
  shippingThreshold: 4000,
  standardShippingPrice: 395,
  expressShippingPrice: 595,
  zones: [
    { name: "European Union", countries: ["IE", "FR"], standardPrice: 995, freeOver: 8000, days: [4, 7] },
    { name: "Rest of the world", countries: ["US"], standardPrice: 1495, freeOver: null, days: [7, 12] },
  ],
});

describe("shipping zones", () => {
  it("make the home zone of every checkout country no other zone names", () => {
    expect(zones[0]?.countries).toEqual(["GB", "JE", "GG", "IM", "AU", "CA"]);
    expect(zones.map((zone) => zone.name)).toEqual(["United Kingdom", "European Union", "Rest of the world"]);
  });

  it("quote standard free from its threshold and express never free, cheapest first", () => {
    expect(quoteRates(zones, "GB", 3999, true)?.map((rate) => [rate.code, rate.price])).toEqual([
      ["standard", 395],
      ["express", 595],
    ]);
    expect(quoteRates(zones, "GB", 4000, true)?.map((rate) => [rate.code, rate.price, rate.fullPrice])).toEqual([
      ["standard", 0, 395],
      ["express", 595, 595],
    ]);
    expect(quoteRates(zones, "FR", 7999, true)?.map((rate) => rate.price)).toEqual([995]);
    expect(quoteRates(zones, "FR", 8000, true)?.map((rate) => rate.price)).toEqual([0]);
    expect(quoteRates(zones, "US", 100_000, true)?.map((rate) => rate.price)).toEqual([1495]);
  });

  it("charge nothing when nothing ships, and know no rate where the shop does not go or the method does not", () => {
    expect(quoteRates(zones, "GB", 0, false)?.map((rate) => rate.price)).toEqual([0, 0]);
    expect(quoteRates(zones, "XX", 1000, true)).toBeNull();
    expect(quoteRate(zones, "US", "express", 1000, true)).toBeNull();
    expect(quoteRate(zones, "GB", "express", 1000, true)?.price).toBe(595);
  });

  it("say delivery times in words", () => {
    expect(deliveryDays([2, 3])).toBe("2–3 working days");
    expect(deliveryDays([1, 1])).toBe("1 working day");
  });
});

describe("postcodes", () => {
  it("follow the UK's pattern in the UK, Channel Islands and Isle of Man, and a loose one elsewhere", () => {
    for (const zip of ["SW1Y 4JH", "TR11 2XX", "ec1a1bb", "JE2 3AB", "M1 1AE"]) expect(isValidPostcode("GB", zip), zip).toBe(true);
    for (const zip of ["10001", "SW1Y", "!!", "ABC 123"]) expect(isValidPostcode("GB", zip), zip).toBe(false);
    expect(isValidPostcode("US", "10001")).toBe(true);
    expect(isValidPostcode("IE", "D02 X285")).toBe(true);
    expect(isValidPostcode("FR", "!!")).toBe(false);
  });
});
