import { describe, expect, it } from "vitest";
import { RETRY_AFTER_DAYS, nextRetry, retriesLeft, retrySchedule } from "./payment-retries.ts";

describe("renewal payment retries", () => {
  it("tries again 1, 3 and 7 days after the first decline, across a month end", () => {
    expect(RETRY_AFTER_DAYS).toEqual([1, 3, 7]);
    expect(retrySchedule("2026-01-28")).toEqual(["2026-01-29", "2026-01-31", "2026-02-04"]);
  });

  it("names the next try after each decline, and none after the fourth", () => {
    expect(nextRetry("2026-02-27", 1)).toBe("2026-02-28");
    expect(nextRetry("2026-02-27", 2)).toBe("2026-03-02");
    expect(nextRetry("2026-02-27", 3)).toBe("2026-03-06");
    expect(nextRetry("2026-02-27", 4)).toBeNull();
    expect(() => nextRetry("2026-02-27", 0)).toThrow(RangeError);
  });

  it("announces only the tries still to come", () => {
    expect(retriesLeft("2026-12-30", 1)).toEqual(["2026-12-31", "2027-01-02", "2027-01-06"]);
    expect(retriesLeft("2026-12-30", 3)).toEqual(["2027-01-06"]);
    expect(retriesLeft("2026-12-30", 4)).toEqual([]);
  });
});
