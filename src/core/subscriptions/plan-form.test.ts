import { describe, expect, it } from "vitest";
import { PLAN_ROWS, planRows, readPlanForm } from "./plan-form.ts";

describe("the back office's subscribe-and-save form", () => {
  it("reads each filled row as a plan, in order, and skips empty rows", () => {
    const read = readPlanForm({
      plans_name: " Subscribe and save ",
      plan_0_count: "4",
      plan_0_interval: "week",
      plan_0_saving_type: "percentage",
      plan_0_saving: "10",
      plan_1_count: "",
      plan_2_count: "2",
      plan_2_interval: "month",
      plan_2_saving_type: "fixed_amount",
      plan_2_saving: "2.50",
      plan_3_count: "30",
      plan_3_interval: "day",
      plan_3_saving_type: "none",
    });
    expect(read).toEqual({
      edit: {
        name: "Subscribe and save",
        plans: [
          { interval: "week", intervalCount: 4, adjustment: { type: "percentage", value: 10 } },
          { interval: "month", intervalCount: 2, adjustment: { type: "fixed_amount", value: 250 } },
          { interval: "day", intervalCount: 30, adjustment: null },
        ],
      },
    });
  });

  it("names each problem by its field", () => {
    const read = readPlanForm({
      plan_0_count: "0",
      plan_0_interval: "week",
      plan_1_count: "6",
      plan_1_interval: "fortnight",
      plan_2_count: "6",
      plan_2_interval: "week",
      plan_2_saving_type: "percentage",
      plan_2_saving: "100",
      plan_3_count: "13",
      plan_3_interval: "month",
    });
    expect(read).toEqual({
      errors: {
        plan_0_count: "Enter a whole number from 1 to 52.",
        plan_1_interval: "Choose days, weeks or months.",
        plan_2_saving: "Enter a whole percentage from 1 to 99, such as 10.",
        plan_3_count: "Enter a whole number from 1 to 12.",
      },
    });
  });

  it("refuses the same frequency twice", () => {
    const read = readPlanForm({ plan_0_count: "6", plan_0_interval: "week", plan_1_count: "6", plan_1_interval: "week" });
    expect(read).toEqual({ errors: { plan_1_count: "This frequency is already a plan: give each plan its own." } });
  });

  it("fills the form from the saved plans, with empty rows to add more", () => {
    const rows = planRows({ id: 1, key: "k", name: "S", optionName: "Deliver every", plans: [{ id: 2, interval: "week", intervalCount: 6, adjustment: { type: "fixed_amount", value: 250 } }] });
    expect(rows).toHaveLength(PLAN_ROWS);
    expect(rows[0]).toEqual({ count: "6", interval: "week", savingType: "fixed_amount", saving: "2.50" });
    expect(rows[1]?.count).toBe("");
  });
});
