/**
 * Selling plans in the shapes Shopify's AJAX API answers: the product's
 * `selling_plan_groups`, a variant's `selling_plan_allocations` and a cart
 * line's `selling_plan_allocation`. Prices come from `planPrice`.
 */
import type { LineSellingPlanAllocationJson, SellingPlanGroupJson, SellingPlanJson, VariantSellingPlanAllocationJson } from "../contract/shopify-types.ts";
import { type PlanInterval, type SellingPlan, type SellingPlanGroup, frequencyText, planName, planPrice } from "./selling-plans.ts";

export function sellingPlanJson(group: SellingPlanGroup, plan: SellingPlan): SellingPlanJson {
  return {
    id: plan.id,
    name: planName(plan),
    description: null,
    options: [{ name: group.optionName, position: 1, value: frequencyText(plan) }],
    recurring_deliveries: true,
    price_adjustments: plan.adjustment ? [{ order_count: null, position: 1, value_type: plan.adjustment.type, value: plan.adjustment.value }] : [],
  };
}

export function sellingPlanGroupJson(group: SellingPlanGroup): SellingPlanGroupJson {
  return {
    id: group.key,
    name: group.name,
    options: [{ name: group.optionName, position: 1, values: group.plans.map(frequencyText) }],
    selling_plans: group.plans.map((plan) => sellingPlanJson(group, plan)),
    app_id: null,
  };
}

/** A variant's price on every plan of the product's groups. */
export function variantAllocationsJson(groups: readonly SellingPlanGroup[], price: number): VariantSellingPlanAllocationJson[] {
  return groups.flatMap((group) =>
    group.plans.map((plan) => {
      const perDelivery = planPrice(price, plan.adjustment);
      return {
        price_adjustments: plan.adjustment ? [{ position: 1, price: perDelivery }] : [],
        price: perDelivery,
        compare_at_price: price,
        per_delivery_price: perDelivery,
        selling_plan_id: plan.id,
        selling_plan_group_id: group.key,
      };
    }),
  );
}

/** A subscription line's plan: its unit price on the plan, all charged at checkout (pay per delivery). */
export function lineAllocationJson(group: SellingPlanGroup, plan: SellingPlan, unitPrice: number, quantity: number): LineSellingPlanAllocationJson {
  const perDelivery = planPrice(unitPrice, plan.adjustment);
  return {
    price_adjustments: plan.adjustment ? [{ position: 1, price: perDelivery }] : [],
    price: perDelivery,
    compare_at_price: unitPrice,
    per_delivery_price: perDelivery,
    selling_plan: sellingPlanJson(group, plan),
    checkout_charge_amount: perDelivery * quantity,
    remaining_balance_charge_amount: 0,
  };
}

const FREQUENCY = /^(\d{1,3}) (day|week|month)s?$/;

/** A plan's frequency read back from its option value ("6 weeks", as `frequencyText` writes it); null for a plan worded otherwise. */
export function planFrequency(plan: Pick<SellingPlanJson, "options">): { interval: PlanInterval; count: number } | null {
  const match = FREQUENCY.exec(plan.options[0]?.value ?? "");
  return match ? { interval: match[2] as PlanInterval, count: Number(match[1]) } : null;
}

/** The whole percentage a variant's allocation saves on its one-time price (0 when none). */
export function allocationSavingPercent(allocation: Pick<VariantSellingPlanAllocationJson, "price" | "compare_at_price">): number {
  return allocation.compare_at_price > 0 ? Math.round(((allocation.compare_at_price - allocation.price) * 100) / allocation.compare_at_price) : 0;
}
