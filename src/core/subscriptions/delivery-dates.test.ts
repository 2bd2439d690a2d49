import { describe, expect, it } from "vitest";
import { addDays, addInterval, addMonths, calendarDay, daysBetween, deliveryDate } from "./delivery-dates.ts";

describe("delivery dates", () => {
  it("moves by weeks across month and year ends", () => {
    expect(addInterval("2026-11-29", "week", 6)).toBe("2027-01-10");
    expect(addInterval("2026-12-31", "day", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });
  it("keeps the day of the month, or the month's last day when it has fewer", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2026-10-31", 2)).toBe("2026-12-31");
    expect(addMonths("2026-12-15", 1)).toBe("2027-01-15");
    expect(addMonths("2027-01-15", -1)).toBe("2026-12-15");
  });
  it("counts monthly deliveries from the first one, so a short month does not pull the rest earlier", () => {
    const dates = [0, 1, 2, 3].map((n) => deliveryDate("2026-01-31", "month", 1, n));
    expect(dates).toEqual(["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"]);
  });
  it("is a calendar day, untouched by daylight-saving changes", () => {
    // Europe/Paris leaves summer time on 25 October 2026: four weeks from 10 October is still 7 November.
    expect(addInterval("2026-10-10", "week", 4)).toBe("2026-11-07");
    expect(calendarDay(new Date("2026-10-24T22:30:00Z"), "Europe/Paris")).toBe("2026-10-25");
    expect(calendarDay(new Date("2026-10-25T23:30:00Z"), "Europe/Paris")).toBe("2026-10-26");
    expect(daysBetween("2026-10-24", "2026-10-27")).toBe(3);
  });
  it("refuses what is not a calendar date", () => {
    expect(() => addDays("29/11/2026", 1)).toThrow(RangeError);
  });
});
