/**
 * Subscribe and save, in Shopify's selling-plan terms. A product carries
 * selling plan groups; each plan is a delivery frequency and a price
 * adjustment. The price a subscription line pays is decided here, once, in
 * minor units of whatever currency the price is in: the cart, the product's
 * JSON, checkout and renewals all ask `planPrice`.
 */
import { decimalAmount } from "../money/money.ts";

export const PLAN_INTERVALS = ["day", "week", "month"] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

/** Shopify's `value_type`s: a percentage off, a fixed amount off (minor units), or a set price (minor units). */
export const ADJUSTMENT_TYPES = ["percentage", "fixed_amount", "price"] as const;
export type AdjustmentType = (typeof ADJUSTMENT_TYPES)[number];

export interface PriceAdjustment {
  type: AdjustmentType;
  /** A percentage (0–100) for `percentage`; minor units otherwise. */
  value: number;
}

export interface SellingPlan {
  id: number;
  /** Deliver every `intervalCount` `interval`s. */
  interval: PlanInterval;
  intervalCount: number;
  /** Null: the subscription costs what a one-time purchase does. */
  adjustment: PriceAdjustment | null;
}

export interface SellingPlanGroup {
  id: number;
  /** Shopify answers a group's id as an opaque string. */
  key: string;
  name: string;
  /** The plans' option name, e.g. "Deliver every". */
  optionName: string;
  plans: SellingPlan[];
}

/** What one delivery of a unit costs on a plan: never below zero nor above the one-time price. */
export function planPrice(price: number, adjustment: PriceAdjustment | null): number {
  if (!adjustment) return price;
  switch (adjustment.type) {
    case "percentage":
      return price - Math.round((price * Math.min(100, Math.max(0, adjustment.value))) / 100);
    case "fixed_amount":
      return Math.max(0, price - Math.max(0, Math.round(adjustment.value)));
    case "price":
      return Math.min(price, Math.max(0, Math.round(adjustment.value)));
  }
}

/** A plan's adjustment in another currency: a percentage stays, amounts go through `convert` (the site's rule). */
export function adjustmentInCurrency(adjustment: PriceAdjustment | null, convert: (minor: number) => number): PriceAdjustment | null {
  if (!adjustment || adjustment.type === "percentage") return adjustment;
  return { type: adjustment.type, value: convert(adjustment.value) };
}

/** The frequency as the plan's option value: "6 weeks", "1 month". */
export function frequencyText(plan: Pick<SellingPlan, "interval" | "intervalCount">): string {
  return `${plan.intervalCount} ${plan.interval}${plan.intervalCount === 1 ? "" : "s"}`;
}

/** The saving as words for the plan's name: "save 10%", "save 2.50"; empty when there is none. */
function savingText(adjustment: PriceAdjustment | null): string {
  if (!adjustment || adjustment.value <= 0) return "";
  if (adjustment.type === "percentage") return `, save ${adjustment.value}%`;
  if (adjustment.type === "fixed_amount") return `, save ${decimalAmount(adjustment.value)}`;
  return "";
}

/** The plan's name as Shopify answers it: "Deliver every 6 weeks, save 10%". */
export function planName(plan: Pick<SellingPlan, "interval" | "intervalCount" | "adjustment">): string {
  return `Deliver every ${frequencyText(plan)}${savingText(plan.adjustment)}`;
}

/** The plan of a group (or of any group) by id. */
export function findPlan(groups: readonly SellingPlanGroup[], planId: number): { group: SellingPlanGroup; plan: SellingPlan } | null {
  for (const group of groups) {
    const plan = group.plans.find((candidate) => candidate.id === planId);
    if (plan) return { group, plan };
  }
  return null;
}

/** The percentage a plan saves on a price, whole, for "Save 10%" (0 when it saves nothing). */
export function savingPercent(price: number, adjustment: PriceAdjustment | null): number {
  if (price <= 0) return 0;
  if (adjustment?.type === "percentage") return Math.min(100, Math.max(0, adjustment.value));
  return Math.round(((price - planPrice(price, adjustment)) * 100) / price);
}
