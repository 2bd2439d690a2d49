import { describe, expect, it } from "vitest";
import { bookingFieldErrors, bookingSchema, isBookableDate } from "./booking.ts";

const schema = bookingSchema(["Bristol, Clifton"], "2026-11-23");

describe("the booking form", () => {
  it("takes each kind of booking with its own details", () => {
    expect(schema.parse({ type: "video", name: " Ada ", email: "ada@example.com", date: "2026-11-24", time: "09:30" })).toMatchObject({ name: "Ada", time: "09:30" });
    expect(schema.parse({ type: "in-store", name: "Ada", email: "ada@example.com", date: "2026-12-01", store: "Bristol, Clifton" })).toMatchObject({ store: "Bristol, Clifton" });
    expect(schema.parse({ type: "email", name: "Ada", email: "ada@example.com", message: "Dry patches on my cheeks in winter." })).toMatchObject({ type: "email" });
  });

  it("names each bad field", () => {
    const result = schema.safeParse({ type: "in-store", name: "", email: "nope", date: "2026-11-23", store: "Paris" });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(bookingFieldErrors(result.error)).toEqual({
        name: ["Name is required"],
        email: ["Enter a valid email address"],
        date: ["Choose a date from tomorrow up to 8 weeks ahead"],
        store: ["Choose a store"],
      });
  });

  it("books from tomorrow up to eight weeks ahead", () => {
    expect(isBookableDate("2026-11-24", "2026-11-23")).toBe(true);
    expect(isBookableDate("2027-01-18", "2026-11-23")).toBe(true);
    expect(isBookableDate("2027-01-19", "2026-11-23")).toBe(false);
    expect(isBookableDate("2026-11-23", "2026-11-23")).toBe(false);
    expect(isBookableDate("not-a-date", "2026-11-23")).toBe(false);
  });
});
