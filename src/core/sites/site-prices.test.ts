import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decideGifts } from "../cart/free-gifts.ts";
import { type Settings, parseSettings } from "../settings/settings.ts";
import { quoteRate, zonesOf } from "../checkout/shipping-rates.ts";
import { type PricedSite, type PriceRounding, convertPrice, priceForSite, settingsForSite, thresholdForSite, upperLimitForSite } from "./site-prices.ts";

const euro = { rate: 1.17, rounding: "0.95" as const };

describe("prices on another site", () => {
  it("converts at the site's rate and rounds by its rule", () => {
    expect(convertPrice(2400, { rate: 1.17, rounding: "none" })).toBe(2808);
    expect(convertPrice(2400, { rate: 1.17, rounding: "whole" })).toBe(2900);
    expect(convertPrice(2400, euro)).toBe(2895);
    expect(convertPrice(2400, { rate: 1.17, rounding: "0.99" })).toBe(2899);
    // Already on the ending: it stays.
    expect(convertPrice(2895, { rate: 1, rounding: "0.95" })).toBe(2895);
    expect(convertPrice(2896, { rate: 1, rounding: "0.95" })).toBe(2995);
    expect(convertPrice(50, { rate: 1, rounding: "0.95" })).toBe(95);
  });

  it("keeps a free item free and a fixed price as the merchant set it", () => {
    expect(convertPrice(0, euro)).toBe(0);
    expect(priceForSite(2400, euro, 2500)).toBe(2500);
    expect(priceForSite(2400, euro, 0)).toBe(0);
    expect(priceForSite(2400, euro, null)).toBe(2895);
  });

  it("puts thresholds in whole units of the site's currency", () => {
    expect(thresholdForSite(4000, { rate: 1.17, rounding: "0.95" })).toBe(4700);
    expect(thresholdForSite(4000, { rate: 1.27, rounding: "none" })).toBe(5100);
  });

  const rounding = fc.constantFrom<PriceRounding>("none", "whole", "0.95", "0.99");
  const site = fc.record({ rate: fc.double({ min: 0.01, max: 500, noNaN: true }), rounding });

  it("never answers a negative or fractional minor unit", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), site, fc.option(fc.integer({ min: 0, max: 100_000_000 })), (base, target, fixed) => {
        const price = priceForSite(base, target, fixed);
        expect(Number.isSafeInteger(price)).toBe(true);
        expect(price).toBeGreaterThanOrEqual(0);
        expect(Number.isSafeInteger(thresholdForSite(base, target))).toBe(true);
      }),
    );
  });

  it("a fixed price always wins, and a dearer base price is never cheaper on the site", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), site, fc.integer({ min: 0, max: 10_000_000 }), (a, b, target, fixed) => {
        expect(priceForSite(a, target, fixed)).toBe(fixed);
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(convertPrice(low, target)).toBeLessThanOrEqual(convertPrice(high, target));
      }),
    );
  });
});

// --- Properties over the whole range of prices a shop holds ---------------------------------

/**
 * Prices and rates whose conversion stays far inside the safe integers (base × rate ≤ 10^15).
 * Beyond 2^53 the functions answer unsafe integers (and Infinity for a huge rate): not covered here.
 */
const anyRounding = fc.constantFrom<PriceRounding>("none", "whole", "0.95", "0.99");
const anyRate = fc.oneof(fc.double({ min: 1e-6, max: 1000, noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0.01, 0.5, 1, 1.17, 1.27, 1.74, 1.95, 100));
const anySite = fc.record({ rate: anyRate, rounding: anyRounding });
const anyBase = fc.oneof(fc.integer({ min: 0, max: 1_000_000_000_000 }), fc.integer({ min: 0, max: 100_000 }), fc.constantFrom(0, 1, 49, 50, 51, 95, 99, 100, 2400, 3800));
const isMinorUnits = (value: number) => Number.isSafeInteger(value) && value >= 0 && !Object.is(value, -0);

describe("site prices: properties", () => {
  it("convertPrice, priceForSite and thresholdForSite answer non-negative safe integers", () => {
    fc.assert(
      fc.property(anyBase, anySite, fc.option(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER })), (base, site, fixed) => {
        expect(isMinorUnits(convertPrice(base, site))).toBe(true);
        expect(isMinorUnits(priceForSite(base, site, fixed))).toBe(true);
        expect(isMinorUnits(thresholdForSite(base, site))).toBe(true);
      }),
    );
  });

  it("answers 0 for a free item, and for a rate or base that is not a positive number", () => {
    fc.assert(
      fc.property(anySite, fc.constantFrom(0, -1, -2400, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY), (site, bad) => {
        expect(convertPrice(bad, site)).toBe(0);
        expect(thresholdForSite(bad, site)).toBe(0);
      }),
    );
    fc.assert(
      fc.property(anyBase, anyRounding, fc.constantFrom(0, -1.17, Number.NaN, Number.POSITIVE_INFINITY), (base, rounding, rate) => {
        expect(convertPrice(base, { rate, rounding })).toBe(0);
        expect(thresholdForSite(base, { rate, rounding })).toBe(0);
      }),
    );
  });

  it("a fixed price (a non-negative safe integer) always wins; anything else falls back to the converted price", () => {
    fc.assert(
      fc.property(anyBase, anySite, fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (base, site, fixed) => {
        expect(priceForSite(base, site, fixed)).toBe(fixed);
      }),
    );
    fc.assert(
      fc.property(anyBase, anySite, fc.constantFrom(null, -1, 12.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1), (base, site, bad) => {
        expect(priceForSite(base, site, bad)).toBe(convertPrice(base, site));
      }),
    );
  });

  it("charm rounding ends in .95 or .99, is never below the plain conversion and less than a unit above it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000_000 }), anyRate, fc.constantFrom("0.95" as const, "0.99" as const), (base, rate, rounding) => {
        const plain = convertPrice(base, { rate, rounding: "none" });
        const charmed = convertPrice(base, { rate, rounding });
        expect(charmed % 100).toBe(rounding === "0.95" ? 95 : 99);
        expect(charmed).toBeGreaterThanOrEqual(plain);
        expect(charmed - plain).toBeLessThan(100);
      }),
    );
  });

  it("whole rounding ends in 00, is never below the plain conversion and less than a unit above it", () => {
    fc.assert(
      fc.property(anyBase, anyRate, (base, rate) => {
        const plain = convertPrice(base, { rate, rounding: "none" });
        const whole = convertPrice(base, { rate, rounding: "whole" });
        expect(whole % 100).toBe(0);
        expect(whole).toBeGreaterThanOrEqual(plain);
        expect(whole - plain).toBeLessThan(100);
      }),
    );
  });

  it("plain conversion is the nearest minor unit", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), anyRate, (base, rate) => {
        // The nearest minor unit, except that a paid item is never rounded down to free.
        const price = convertPrice(base, { rate, rounding: "none" });
        if (base * rate < 0.5) expect(price).toBe(1);
        else expect(Math.abs(price - base * rate)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });

  it("a threshold is the nearest whole unit of the site's currency, whatever the site's rounding", () => {
    fc.assert(
      fc.property(anyBase, anySite, (base, site) => {
        const threshold = thresholdForSite(base, site);
        expect(threshold % 100).toBe(0);
        expect(Math.abs(threshold - base * site.rate)).toBeLessThanOrEqual(50 + 1e-3);
        expect(thresholdForSite(base, { ...site, rounding: "none" })).toBe(threshold);
      }),
    );
  });

  it("is monotone for every rounding: a dearer base price or threshold is never cheaper on the site", () => {
    fc.assert(
      fc.property(anyBase, anyBase, anySite, (a, b, site) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(convertPrice(low, site)).toBeLessThanOrEqual(convertPrice(high, site));
        expect(thresholdForSite(low, site)).toBeLessThanOrEqual(thresholdForSite(high, site));
      }),
    );
    // Neighbouring prices, where rounding boundaries lie.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), anySite, (base, site) => {
        expect(convertPrice(base, site)).toBeLessThanOrEqual(convertPrice(base + 1, site));
        expect(thresholdForSite(base, site)).toBeLessThanOrEqual(thresholdForSite(base + 1, site));
      }),
    );
  });

  it("is monotone in the rate too: a dearer currency never shows a lower number", () => {
    fc.assert(
      fc.property(anyBase, anyRate, anyRate, anyRounding, (base, r1, r2, rounding) => {
        const [low, high] = r1 <= r2 ? [r1, r2] : [r2, r1];
        expect(convertPrice(base, { rate: low, rounding })).toBeLessThanOrEqual(convertPrice(base, { rate: high, rounding }));
      }),
    );
  });

  it("leaves a price alone at rate 1 when it already has the site's ending", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (units) => {
        expect(convertPrice(units * 100 + 95, { rate: 1, rounding: "0.95" })).toBe(units * 100 + 95);
        expect(convertPrice(units * 100 + 99, { rate: 1, rounding: "0.99" })).toBe(units * 100 + 99);
        expect(convertPrice(units * 100 + 100, { rate: 1, rounding: "whole" })).toBe(units * 100 + 100);
        expect(convertPrice(units * 100 + 37, { rate: 1, rounding: "none" })).toBe(units * 100 + 37);
      }),
    );
  });
});

// --- The settings as a site sees them ---------------------------------------------------------

const shipped = parseSettings(JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../../config/settings.json"), "utf8")), "config/settings.json");
const siteOf = (code: string): PricedSite => {
  const site = shipped.geo.sites.find((candidate) => candidate.code === code);
  if (!site) throw new Error(`no site ${code} in the shipped settings`);
  return site;
};

type MoneyKind = "threshold" | "upper" | "price";
interface MoneyField {
  at: string;
  kind: MoneyKind;
  value: number | null;
}

/** Every amount of money in the settings, where it is and how a site converts it. */
function moneyFields(settings: Settings): MoneyField[] {
  const fields: MoneyField[] = [
    { at: "sideCart.shippingThreshold", kind: "threshold", value: settings.sideCart.shippingThreshold },
    { at: "discountLink.threshold", kind: "threshold", value: settings.discountLink.threshold },
    { at: "checkout.standardShippingPrice", kind: "price", value: settings.checkout.standardShippingPrice },
    { at: "checkout.expressShippingPrice", kind: "price", value: settings.checkout.expressShippingPrice },
  ];
  settings.sideCart.freeGiftsData.forEach((group, g) => {
    group.products.forEach((product, p) => {
      fields.push({ at: `sideCart.freeGiftsData[${g}].products[${p}].min_spend`, kind: "threshold", value: product.min_spend });
      fields.push({ at: `sideCart.freeGiftsData[${g}].products[${p}].max_spend`, kind: "upper", value: product.max_spend });
    });
    group.choice_thresholds.forEach((band, b) => {
      fields.push({ at: `sideCart.freeGiftsData[${g}].choice_thresholds[${b}].min`, kind: "threshold", value: band.min });
      fields.push({ at: `sideCart.freeGiftsData[${g}].choice_thresholds[${b}].max`, kind: "upper", value: band.max });
    });
  });
  settings.checkout.zones.forEach((zone, z) => {
    fields.push({ at: `checkout.zones[${z}].standardPrice`, kind: "price", value: zone.standardPrice });
    fields.push({ at: `checkout.zones[${z}].freeOver`, kind: "threshold", value: zone.freeOver });
  });
  settings.builders.kit.steps.forEach((step, s) => {
    step.products.forEach((product, p) => fields.push({ at: `builders.kit.steps[${s}].products[${p}].price_override`, kind: "price", value: product.price_override }));
  });
  return fields;
}

/** The settings with every amount of money blanked out, to compare what is not money. */
function withoutMoney(settings: Settings): unknown {
  const copy = structuredClone(settings);
  copy.sideCart.shippingThreshold = 0;
  copy.discountLink.threshold = 0;
  copy.checkout.standardShippingPrice = 0;
  copy.checkout.expressShippingPrice = 0;
  for (const group of copy.sideCart.freeGiftsData) {
    for (const product of group.products) Object.assign(product, { min_spend: 0, max_spend: 0 });
    for (const band of group.choice_thresholds) Object.assign(band, { min: 0, max: 0 });
  }
  for (const zone of copy.checkout.zones) Object.assign(zone, { standardPrice: 0, freeOver: 0 });
  for (const step of copy.builders.kit.steps) for (const product of step.products) product.price_override = 0;
  return copy;
}

/** The announcement bar as a site shows it: the messages for every site and those naming it. */
function announcementsFor(settings: Settings, code: string): Settings["announcementBar"] {
  return { ...settings.announcementBar, messages: settings.announcementBar.messages.filter((message) => message.sites.length === 0 || message.sites.includes(code)) };
}

/** Paths at which two values differ (leaves only). */
function differences(a: unknown, b: unknown, at = ""): string[] {
  if (Object.is(a, b)) return [];
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return [at];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].flatMap((key) => differences((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], Array.isArray(a) ? `${at}[${key}]` : at ? `${at}.${key}` : key));
}

/** The shipped settings with arbitrary amounts of money in every money field. */
const anySettings = fc
  .record({
    shipping: fc.integer({ min: 0, max: 10_000_000 }),
    link: fc.integer({ min: 0, max: 10_000_000 }),
    standard: fc.integer({ min: 0, max: 1_000_000 }),
    express: fc.integer({ min: 0, max: 1_000_000 }),
    amounts: fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 64, maxLength: 64 }),
    nulls: fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }),
  })
  .map(({ shipping, link, standard, express, amounts, nulls }) => {
    const settings = structuredClone(shipped);
    let i = 0;
    const next = () => amounts[i++ % amounts.length] ?? 0;
    const maybe = () => (nulls[i % nulls.length] ? null : next());
    settings.sideCart.shippingThreshold = shipping;
    settings.discountLink.threshold = link;
    settings.checkout.standardShippingPrice = standard;
    settings.checkout.expressShippingPrice = express;
    for (const group of settings.sideCart.freeGiftsData) {
      for (const product of group.products) {
        product.min_spend = next();
        const max = maybe();
        product.max_spend = max === null ? null : product.min_spend + max;
      }
      for (const band of group.choice_thresholds) {
        band.min = next();
        const max = maybe();
        band.max = max === null ? null : band.min + max;
      }
    }
    for (const zone of settings.checkout.zones) {
      zone.standardPrice = next();
      zone.freeOver = maybe();
    }
    for (const step of settings.builders.kit.steps) for (const product of step.products) product.price_override = maybe();
    return settings;
  });

const anyForeignSite = fc.record({
  code: fc.constantFrom("FR", "IE", "US", "AU", "CA", "XX"),
  currency: fc.constantFrom("EUR", "USD", "AUD", "CAD"),
  moneyFormat: fc.constantFrom("€{{amount}}", "{{amount_with_comma_separator}} €", "${{amount}}"),
  moneyWithCurrencyFormat: fc.constantFrom("€{{amount}} EUR", "${{amount}} USD"),
  rate: fc.double({ min: 0.01, max: 500, noNaN: true, noDefaultInfinity: true }),
  rounding: anyRounding,
});

describe("settingsForSite", () => {
  it("the shipped settings hold money in every field this test converts (so the walk below reaches them all)", () => {
    const kinds = new Set(moneyFields(shipped).map((field) => field.at.replace(/\[\d+\]/g, "[]")));
    expect([...kinds].sort()).toEqual(
      [
        "builders.kit.steps[].products[].price_override",
        "checkout.expressShippingPrice",
        "checkout.standardShippingPrice",
        "checkout.zones[].freeOver",
        "checkout.zones[].standardPrice",
        "discountLink.threshold",
        "sideCart.freeGiftsData[].choice_thresholds[].max",
        "sideCart.freeGiftsData[].choice_thresholds[].min",
        "sideCart.freeGiftsData[].products[].max_spend",
        "sideCart.freeGiftsData[].products[].min_spend",
        "sideCart.shippingThreshold",
      ].sort(),
    );
    expect(moneyFields(shipped).filter((field) => field.value !== null && field.value > 0).length).toBeGreaterThan(10);
  });

  it("converts every money field: thresholds to whole units, prices like prices, nulls kept", () => {
    fc.assert(
      fc.property(anySettings, anyForeignSite, (settings, site) => {
        const converted = settingsForSite(settings, site);
        const before = moneyFields(settings);
        const after = moneyFields(converted);
        expect(after.map((field) => field.at)).toEqual(before.map((field) => field.at));
        before.forEach((field, i) => {
          const convert = { threshold: thresholdForSite, upper: upperLimitForSite, price: convertPrice }[field.kind];
          const expected = field.value === null ? null : convert(field.value, site);
          expect(after[i]?.value, field.at).toBe(expected);
          if (field.kind === "threshold" && expected !== null) expect(expected % 100, field.at).toBe(0);
        });
      }),
      { numRuns: 60 },
    );
  });

  it("changes nothing but the money, the currency and its formats, and leaves its input alone", () => {
    fc.assert(
      fc.property(anySettings, anyForeignSite, (settings, site) => {
        const snapshot = structuredClone(settings);
        const converted = settingsForSite(settings, site);
        expect(settings).toEqual(snapshot);
        expect(converted.currency).toBe(site.currency);
        expect(converted.moneyFormat).toBe(site.moneyFormat);
        expect(converted.moneyWithCurrencyFormat).toBe(site.moneyWithCurrencyFormat);
        expect(withoutMoney(converted)).toEqual({
          ...(withoutMoney(settings) as Settings),
          currency: site.currency,
          moneyFormat: site.moneyFormat,
          moneyWithCurrencyFormat: site.moneyWithCurrencyFormat,
          announcementBar: announcementsFor(settings, site.code),
        });
      }),
      { numRuns: 60 },
    );
  });

  it("differs from the shipped settings on the French site only where money or its writing is", () => {
    const changed = differences(shipped, settingsForSite(shipped, siteOf("FR"))).map((at) => at.replace(/\[\d+\]/g, "[]"));
    const allowed = new Set([...moneyFields(shipped).map((field) => field.at.replace(/\[\d+\]/g, "[]")), "currency", "moneyFormat", "moneyWithCurrencyFormat"]);
    // Announcements are chosen, not converted: compared on their own below.
    changed.splice(0, changed.length, ...changed.filter((at) => !at.startsWith("announcementBar.")));
    expect(changed.filter((at) => !allowed.has(at))).toEqual([]);
    expect(changed).toContain("sideCart.shippingThreshold");
  });

  it("leaves the base site's settings as they are (its formats aside)", () => {
    const uk = siteOf("UK");
    expect(settingsForSite(shipped, uk)).toEqual({ ...shipped, announcementBar: announcementsFor(shipped, "UK"), moneyFormat: uk.moneyFormat, moneyWithCurrencyFormat: uk.moneyWithCurrencyFormat });
    fc.assert(
      fc.property(anySettings, (settings) => {
        const base = { ...uk, moneyFormat: "£{{amount}}", moneyWithCurrencyFormat: "£{{amount}} GBP" };
        expect(settingsForSite(settings, base)).toEqual({ ...settings, announcementBar: announcementsFor(settings, "UK"), moneyFormat: base.moneyFormat, moneyWithCurrencyFormat: base.moneyWithCurrencyFormat });
      }),
      { numRuns: 30 },
    );
  });

  it("converts the shipped settings for France as a merchant would expect", () => {
    const french = settingsForSite(shipped, siteOf("FR"));
    expect(french.currency).toBe("EUR");
    // £40 free shipping: €46.80, to the whole euro.
    expect(french.sideCart.shippingThreshold).toBe(4700);
    // £3.95 standard and £5.95 express shipping: prices, so charm-rounded.
    expect(french.checkout.standardShippingPrice).toBe(495);
    expect(french.checkout.expressShippingPrice).toBe(795);
    expect(french.discountLink.threshold).toBe(thresholdForSite(shipped.discountLink.threshold, siteOf("FR")));
    const kitPrice = shipped.builders.kit.steps.flatMap((step) => step.products).find((product) => product.price_override !== null);
    const frenchKitPrice = french.builders.kit.steps.flatMap((step) => step.products).find((product) => product.handle === kitPrice?.handle);
    expect(frenchKitPrice?.price_override).toBe(convertPrice(kitPrice?.price_override ?? 0, siteOf("FR")));
    expect((frenchKitPrice?.price_override ?? 0) % 100).toBe(95);
  });
});

describe("thresholds compare in one currency", () => {
  const euro = siteOf("FR");
  const french = settingsForSite(shipped, euro);
  const frenchZones = zonesOf(french);
  const anyEuroTotal = fc.oneof(
    fc.integer({ min: 0, max: 50_000 }),
    fc.constantFrom(...moneyFields(french).flatMap((field) => (field.value === null ? [] : [field.value - 1, field.value, field.value + 1]))),
  );

  it("free shipping: a cart total in euros against the euro threshold, at the side cart and the checkout alike", () => {
    fc.assert(
      fc.property(anyEuroTotal, (total) => {
        const free = total >= french.sideCart.shippingThreshold;
        // The home zone, which the side cart and the checkout both quote.
        expect(quoteRate(frenchZones, "GB", "standard", total, true)?.price).toBe(free ? 0 : 495);
        // France's own zone: €9.95 converted to the site's ending, free from its converted threshold.
        const zone = shipped.checkout.zones.find((candidate) => candidate.countries.includes("FR"));
        const rate = quoteRate(frenchZones, "FR", "standard", total, true);
        expect(rate?.fullPrice).toBe(convertPrice(zone?.standardPrice ?? 0, euro));
        const freeOver = zone?.freeOver === null || zone?.freeOver === undefined ? null : thresholdForSite(zone.freeOver, euro);
        expect(rate?.price).toBe(freeOver !== null && total >= freeOver ? 0 : rate?.fullPrice);
      }),
    );
  });

  it("a cart that reaches the UK threshold in pounds is measured again in euros, not in pounds", () => {
    // £40.00 of goods reaches the UK's £40 threshold; the same goods at €46.95 are under the €47 threshold.
    const pounds = 4000;
    const euros = convertPrice(pounds, euro);
    expect(quoteRate(zonesOf(shipped), "GB", "standard", pounds, true)?.price).toBe(0);
    expect(euros).toBe(4695);
    expect(quoteRate(frenchZones, "GB", "standard", euros, true)?.price).toBe(495);
  });

  it("gifts: a total in euros unlocks a gift at the gift's euro minimum", () => {
    const now = Date.parse("2026-06-01T12:00:00Z");
    const product = (handle: string) => ({ handle, variants: [{ id: 1, sku: "", available: true }] });
    // The paid line is in every collection a group counts, so each group measures the whole total.
    const everyLimitedCollection = [...new Set(french.sideCart.freeGiftsData.flatMap((group) => group.limit_to_collections))];
    fc.assert(
      fc.property(anyEuroTotal.filter((total) => total > 0), (total) => {
        const lines = [{ key: "1:a", handle: "paid", variantId: 2, linePrice: total, collections: everyLimitedCollection, properties: {}, addedOrder: 1 }];
        const decision = decideGifts({ groups: french.sideCart.freeGiftsData, lines, product, now });
        decision.groups.forEach((group, g) => {
          const settings = french.sideCart.freeGiftsData[g]!;
          if (!group.live) return;
          group.gifts.forEach((gift, p) => {
            const min = thresholdForSite(shipped.sideCart.freeGiftsData[g]!.products[p]!.min_spend, euro);
            expect(gift.minSpend).toBe(min);
            if (total < min) expect(gift.valid).toBe(false);
          });
          // The band chosen holds the total, in euros.
          if (group.threshold) {
            expect(total).toBeGreaterThanOrEqual(group.threshold.min);
            if (group.threshold.max !== null) expect(total).toBeLessThanOrEqual(group.threshold.max);
            expect(settings.choice_thresholds).toContainEqual(group.threshold);
          } else {
            expect(settings.choice_thresholds.every((band) => total < band.min || (band.max !== null && total > band.max))).toBe(true);
          }
        });
      }),
    );
  });
});

describe("settingsForSite: announcements", () => {
  it("shows each site the messages for every site and those naming it, and no other's amounts", () => {
    for (const site of shipped.geo.sites) {
      const shown = settingsForSite(shipped, site).announcementBar.messages;
      expect(shown).toEqual(shipped.announcementBar.messages.filter((message) => message.sites.length === 0 || message.sites.includes(site.code)));
    }
    const french = settingsForSite(shipped, siteOf("FR")).announcementBar.messages.map((message) => message.text).join(" ");
    expect(french).not.toContain("£");
  });
});

describe("edges of conversion", () => {
  it("a paid item never becomes free, however small the rate", () => {
    for (const rounding of ["none", "whole", "0.95", "0.99"] as const) expect(convertPrice(1, { rate: 0.3, rounding })).toBeGreaterThan(0);
  });

  it("never answers beyond a safe integer, even for the largest price or rate", () => {
    for (const rounding of ["none", "whole", "0.95", "0.99"] as const) {
      expect(Number.isSafeInteger(convertPrice(Number.MAX_SAFE_INTEGER, { rate: 2, rounding }))).toBe(true);
      expect(Number.isSafeInteger(convertPrice(100, { rate: 1e308, rounding }))).toBe(true);
    }
    expect(Number.isSafeInteger(thresholdForSite(100, { rate: 1e308, rounding: "none" }))).toBe(true);
  });

  it("an inclusive upper limit ends one minor unit below where the next band starts on the site", () => {
    expect(upperLimitForSite(9999, euro)).toBe(thresholdForSite(10000, euro) - 1);
    expect(upperLimitForSite(0, euro)).toBe(0);
  });

  it("gift bands that meet in pounds still meet, without overlapping, on every site", () => {
    for (const site of shipped.geo.sites) {
      const groups = settingsForSite(shipped, site).sideCart.freeGiftsData;
      for (const group of groups) {
        const bands = [...group.choice_thresholds].sort((a, b) => a.min - b.min);
        for (let i = 1; i < bands.length; i += 1) {
          const before = bands[i - 1]!;
          if (before.max === null) continue;
          expect(before.max, `${site.code} ${group.key}`).toBeLessThan(bands[i]!.min);
        }
      }
    }
  });
});
