import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { honestViewerText, randomViewerCount } from "./viewer-count.ts";

describe("users on page", () => {
  it("is a whole number from 5 to 49", () => {
    expect(randomViewerCount(5, 49, () => 0)).toBe(5);
    expect(randomViewerCount(5, 49, () => 0.999999)).toBe(49);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (r) => {
        const count = randomViewerCount(5, 49, () => r);
        expect(Number.isInteger(count)).toBe(true);
        expect(count).toBeGreaterThanOrEqual(5);
        expect(count).toBeLessThanOrEqual(49);
      }),
    );
  });
});

describe("honestViewerText", () => {
  const texts = { users_on_page_honest: "{count} people viewed this in the last {minutes} minutes", users_on_page_honest_one: "1 person viewed this in the last {minutes} minutes" };
  const text = (key: keyof typeof texts, values: { count: number; minutes: number }) => texts[key].replace("{count}", String(values.count)).replace("{minutes}", String(values.minutes));

  it("says nothing below the merchant's minimum: alone, the shopper sees nothing by default", () => {
    expect(honestViewerText(1, 5, 2, text)).toBe("");
    expect(honestViewerText(0, 5, 1, text)).toBe("");
  });

  it("says the real count from the minimum, in the singular for one", () => {
    expect(honestViewerText(1, 5, 1, text)).toBe("1 person viewed this in the last 5 minutes");
    expect(honestViewerText(3, 5, 2, text)).toBe("3 people viewed this in the last 5 minutes");
  });
});
