/**
 * The back office's "Subscribe and save" form for one product: the group's
 * name and up to PLAN_ROWS plans, each a frequency (every N days, weeks or
 * months) and a saving (a percentage, or an amount in the shop's currency).
 * A row left without a frequency is no plan. Fields: `plans_name`, and per
 * row i `plan_<i>_count`, `plan_<i>_interval`, `plan_<i>_saving_type`
 * (`percentage`, `fixed_amount` or `none`), `plan_<i>_saving`.
 */
import { decimalAmount, parseMoney } from "../money/money.ts";
import { PLAN_INTERVALS, type PlanInterval, type PriceAdjustment, type SellingPlanGroup } from "./selling-plans.ts";

/** Rows the form offers: the plans there are and empty ones up to this many. */
export const PLAN_ROWS = 5;
export const PLAN_GROUP_NAME_MAX = 100;
/** The longest interval: a year in days, 52 weeks, 12 months. */
export const INTERVAL_COUNT_MAX: Record<PlanInterval, number> = { day: 365, week: 52, month: 12 };
export const DEFAULT_PLAN_GROUP_NAME = "Subscribe and save";

export interface PlanRow {
  count: string;
  interval: PlanInterval;
  savingType: PriceAdjustment["type"] | "none";
  saving: string;
}

export interface PlanGroupEdit {
  name: string;
  plans: { interval: PlanInterval; intervalCount: number; adjustment: PriceAdjustment | null }[];
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** The form's rows for a product's group (or none), filled up with empty rows. */
export function planRows(group: SellingPlanGroup | undefined): PlanRow[] {
  const rows: PlanRow[] = (group?.plans ?? []).map((plan) => ({
    count: String(plan.intervalCount),
    interval: plan.interval,
    savingType: plan.adjustment?.type ?? "none",
    saving: plan.adjustment === null ? "" : plan.adjustment.type === "percentage" ? String(plan.adjustment.value) : decimalAmount(plan.adjustment.value),
  }));
  while (rows.length < PLAN_ROWS) rows.push({ count: "", interval: "week", savingType: "percentage", saving: "" });
  return rows;
}

/** The posted form, checked: the plans to save (none: the product is sold once only), or the errors by field. */
export function readPlanForm(form: Record<string, unknown>): { edit: PlanGroupEdit } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const name = text(form.plans_name) || DEFAULT_PLAN_GROUP_NAME;
  if (name.length > PLAN_GROUP_NAME_MAX) errors.plans_name = `Enter a name of at most ${PLAN_GROUP_NAME_MAX} characters.`;
  const plans: PlanGroupEdit["plans"] = [];
  const seen = new Set<string>();
  for (let row = 0; row < PLAN_ROWS; row++) {
    const field = (part: string) => `plan_${row}_${part}`;
    const count = text(form[field("count")]);
    if (count === "") continue;
    const interval = text(form[field("interval")]) as PlanInterval;
    if (!PLAN_INTERVALS.includes(interval)) {
      errors[field("interval")] = "Choose days, weeks or months.";
      continue;
    }
    const intervalCount = Number(count);
    if (!/^\d+$/.test(count) || intervalCount < 1 || intervalCount > INTERVAL_COUNT_MAX[interval]) {
      errors[field("count")] = `Enter a whole number from 1 to ${INTERVAL_COUNT_MAX[interval]}.`;
      continue;
    }
    if (seen.has(`${intervalCount} ${interval}`)) {
      errors[field("count")] = "This frequency is already a plan: give each plan its own.";
      continue;
    }
    seen.add(`${intervalCount} ${interval}`);
    const savingType = text(form[field("saving_type")]) || "none";
    const saving = text(form[field("saving")]);
    let adjustment: PriceAdjustment | null = null;
    if (savingType === "percentage") {
      const percent = Number(saving);
      if (!/^\d{1,2}$/.test(saving) || percent < 1) errors[field("saving")] = "Enter a whole percentage from 1 to 99, such as 10.";
      else adjustment = { type: "percentage", value: percent };
    } else if (savingType === "fixed_amount") {
      const amount = parseMoney(saving);
      if (amount === null || amount <= 0) errors[field("saving")] = "Enter the amount saved on each delivery, such as 2.50.";
      else adjustment = { type: "fixed_amount", value: amount };
    } else if (savingType !== "none") {
      errors[field("saving_type")] = "Choose a percentage, an amount or no saving.";
    }
    plans.push({ interval, intervalCount, adjustment });
  }
  return Object.keys(errors).length ? { errors } : { edit: { name, plans } };
}
