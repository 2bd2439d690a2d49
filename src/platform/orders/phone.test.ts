import { describe, expect, it } from "vitest";
import { e164 } from "./phone.ts";

describe("e164", () => {
  it("reads a national number in the delivery country's format", () => {
    expect(e164("07911 123456", "GB")).toBe("+447911123456");
    expect(e164("06 12 34 56 78", "FR")).toBe("+33612345678");
  });

  it("keeps a number typed with its country code, whatever the delivery country", () => {
    expect(e164("+1 (415) 555-2671", "GB")).toBe("+14155552671");
  });

  it("refuses numbers the country's plan does not have", () => {
    expect(e164("0123", "GB")).toBeNull();
    expect(e164("+44 12", "GB")).toBeNull();
  });
});
