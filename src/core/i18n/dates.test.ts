import { describe, expect, it, vi } from "vitest";
import { LONG_DAY, dayShapeOf, longDay } from "./dates.ts";

describe("a day in long form", () => {
  const days = ["2026-11-12T09:30:00Z", "2026-01-01", "2024-02-29T23:59:59Z", "2026-05-09", "1999-12-31T00:00:00.000Z"];

  it("is written as Intl writes it, with and without the language's shape", () => {
    for (const language of ["en-GB", "en-US", "en-IE", "en-AU", "en-CA", "fr-FR", "de-DE", "nl-NL", "es-ES"]) {
      const shape = dayShapeOf(language);
      expect(shape, language).not.toBeNull();
      const intl = new Intl.DateTimeFormat(language, LONG_DAY);
      for (const day of days) {
        expect(longDay(day, language, shape), `${language} ${day}`).toBe(intl.format(new Date(day)));
        expect(longDay(day, language)).toBe(intl.format(new Date(day)));
      }
    }
    expect(longDay("2026-11-12", "en-GB", dayShapeOf("en-GB"))).toBe("12 November 2026");
    expect(longDay("2026-11-12", "en-US", dayShapeOf("en-US"))).toBe("November 12, 2026");
    expect(longDay("2026-11-12", "fr-FR", dayShapeOf("fr-FR"))).toBe("12 novembre 2026");
  });

  it("needs no date formatter where the shape is known", () => {
    const shape = dayShapeOf("fr-FR");
    const made = vi.spyOn(Intl, "DateTimeFormat");
    try {
      expect(longDay("2026-03-02", "fr-FR", shape)).toBe("2 mars 2026");
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });

  it("has no shape where the language writes other digits, and refuses a day that is not one", () => {
    expect(dayShapeOf("ar-EG")).toBeNull();
    expect(longDay("2026-11-12", "ar-EG", dayShapeOf("ar-EG"))).toBe(new Intl.DateTimeFormat("ar-EG", LONG_DAY).format(new Date("2026-11-12")));
    expect(() => longDay("not a day", "en-GB", dayShapeOf("en-GB"))).toThrow(RangeError);
  });
});
