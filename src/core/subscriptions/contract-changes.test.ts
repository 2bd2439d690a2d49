import { describe, expect, it } from "vitest";
import { calendarDay, deliveryDate } from "./delivery-dates.ts";
import { delayedDate, isCalendarDate, readDelay, readPriceOverride, readQuantity, reanchored, reminderDue, reminderHorizon, rescheduledDate } from "./contract-changes.ts";

describe("delaying a delivery", () => {
  it("moves it one or two weeks on, across month and year ends", () => {
    expect(delayedDate("2026-01-28", "2026-01-20", { weeks: 1 })).toBe("2026-02-04");
    expect(delayedDate("2026-12-25", "2026-12-20", { weeks: 2 })).toBe("2027-01-08");
    expect(delayedDate("2028-02-26", "2028-02-20", { weeks: 1 })).toBe("2028-03-04");
  });

  it("keeps the calendar day when the clocks change in between", () => {
    // Europe's clocks go back on 25 October 2026 and forward on 28 March 2027.
    expect(delayedDate("2026-10-22", "2026-10-20", { weeks: 1 })).toBe("2026-10-29");
    expect(delayedDate("2027-03-25", "2027-03-20", { weeks: 2 })).toBe("2027-04-08");
    // The shop's day on each side of the change is the day the clock shows there.
    expect(calendarDay(new Date("2026-10-24T23:30:00Z"), "Europe/London")).toBe("2026-10-25");
    expect(calendarDay(new Date("2026-10-25T23:30:00Z"), "Europe/London")).toBe("2026-10-25");
    expect(calendarDay(new Date("2027-03-27T23:30:00Z"), "Europe/Paris")).toBe("2027-03-28");
  });

  it("takes a chosen day only after the present date and today, and at most 90 days on", () => {
    expect(delayedDate("2026-12-01", "2026-11-29", { date: "2026-12-20" })).toBe("2026-12-20");
    expect(delayedDate("2026-12-01", "2026-11-29", { date: "2026-12-01" })).toBeNull();
    expect(delayedDate("2026-12-01", "2026-11-29", { date: "2026-11-30" })).toBeNull();
    expect(delayedDate("2026-12-01", "2026-11-29", { date: "2027-03-01" })).toBe("2027-03-01");
    expect(delayedDate("2026-12-01", "2026-11-29", { date: "2027-03-02" })).toBeNull();
    expect(delayedDate("2026-12-01", "2026-11-29", { date: "2027-02-30" })).toBeNull();
  });

  it("reads the form's choice", () => {
    expect(readDelay({ delay: "1w" })).toEqual({ weeks: 1 });
    expect(readDelay({ delay: "2w" })).toEqual({ weeks: 2 });
    expect(readDelay({ delay: "date", date: " 2026-12-20 " })).toEqual({ date: "2026-12-20" });
    expect(readDelay({ delay: "date", date: "20/12/2026" })).toBeNull();
    expect(readDelay({ delay: "3w" })).toBeNull();
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2027-02-29")).toBe(false);
  });
});

describe("a schedule after a change", () => {
  it("counts from the new next delivery, keeping a month end without drifting", () => {
    const { anchor, deliveries, nextDate } = reanchored("2027-01-31");
    expect(nextDate).toBe("2027-01-31");
    expect(deliveryDate(anchor, "month", 1, deliveries + 1)).toBe("2027-02-28");
    expect(deliveryDate(anchor, "month", 1, deliveries + 2)).toBe("2027-03-31");
    expect(deliveryDate(anchor, "week", 6, deliveries + 1)).toBe("2027-03-14");
  });
});

describe("quantities", () => {
  it("are whole numbers from 1 to 10", () => {
    expect(readQuantity("3")).toBe(3);
    expect(readQuantity(10)).toBe(10);
    for (const bad of ["0", "11", "2.5", "-1", "", "two", undefined]) expect(readQuantity(bad)).toBeNull();
  });
});

describe("the reminder before a renewal", () => {
  it("is due in the three days before the delivery, not on the day", () => {
    expect(reminderDue("2026-12-02", "2026-11-29")).toBe(true);
    expect(reminderDue("2026-11-30", "2026-11-29")).toBe(true);
    expect(reminderDue("2026-12-03", "2026-11-29")).toBe(false);
    expect(reminderDue("2026-11-29", "2026-11-29")).toBe(false);
    expect(reminderHorizon("2026-12-30")).toBe("2027-01-02");
  });
});

describe("the merchant's next date", () => {
  it("takes any real day after today, earlier or later, at most 90 days past the later of today and the present date", () => {
    expect(rescheduledDate("2026-12-20", "2026-11-29", "2026-12-01")).toBe("2026-12-01");
    expect(rescheduledDate("2026-12-20", "2026-11-29", " 2027-03-20 ")).toBe("2027-03-20");
    expect(rescheduledDate("2026-12-20", "2026-11-29", "2027-03-21")).toBeNull();
    expect(rescheduledDate("2026-12-20", "2026-11-29", "2026-11-29")).toBeNull();
    expect(rescheduledDate("2026-12-20", "2026-11-29", "2026-12-20")).toBeNull();
    expect(rescheduledDate("2026-12-20", "2026-11-29", "2027-02-30")).toBeNull();
    expect(rescheduledDate("2026-12-20", "2026-11-29", 20261201)).toBeNull();
  });
});

describe("a price override", () => {
  const lines = [
    { variant_id: 7, price: 2250 },
    { variant_id: 8, price: 1000 },
  ];
  const field = (id: number) => `price_${id}`;
  it("reads the prices typed as money, keeping only those that change", () => {
    const read = readPriceOverride(lines, { price_7: "£18", price_8: "10.00" }, field);
    expect(read).toEqual({ ok: true, prices: new Map([[7, 1800]]) });
    expect(readPriceOverride(lines, { price_7: "0", price_8: "10" }, field)).toEqual({ ok: true, prices: new Map([[7, 0]]) });
  });
  it("names each field that is not an amount", () => {
    expect(readPriceOverride(lines, { price_7: "-1", price_8: "" }, field)).toEqual({ ok: false, errors: { price_7: expect.any(String), price_8: expect.any(String) } });
  });
});
