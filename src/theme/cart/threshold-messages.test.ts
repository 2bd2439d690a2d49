import { describe, expect, it } from "vitest";
import type { ThresholdEntry } from "../../core/thresholds.ts";
import { thresholdMessages } from "./threshold-messages.ts";

const entry = (type: ThresholdEntry["type"], threshold: number, reachedMin: boolean, groupKey?: string): ThresholdEntry => ({
  type,
  threshold,
  title: `${type} ${threshold}`,
  under_text: `under ${threshold}`,
  over_text: `over ${groupKey ?? type}`,
  icon_title: "",
  reachedMin,
  isProgressActive: false,
  progressBarSegmentPct: reachedMin ? 100 : 0,
  ...(groupKey ? { groupKey } : {}),
});

describe("threshold messages", () => {
  it("always says where shipping stands, then the next gift goal", () => {
    expect(thresholdMessages([entry("gift_group", 3000, false, "a"), entry("shipping", 4000, false)]).map((message) => message.text)).toEqual(["under 4000", "under 3000"]);
  });

  it("names the closest unreached gift, measured on each group's own total", () => {
    const entries = [entry("gift_group", 3000, false, "body"), entry("gift_group", 5000, false, "balm")];
    const spent: Record<string, number> = { body: 0, balm: 4400 };
    expect(thresholdMessages(entries, (item) => item.threshold - (spent[item.groupKey ?? ""] ?? 0)).map((message) => message.text)).toEqual(["under 5000"]);
  });

  it("shows each group's reached text once", () => {
    const entries = [entry("shipping", 4000, true), entry("gift_group", 6500, true, "choose"), entry("gift_group", 10000, false, "choose"), entry("gift_group", 3500, true, "sun")];
    expect(thresholdMessages(entries).map((message) => message.text)).toEqual(["over shipping", "under 10000", "over choose", "over sun"]);
  });
});
