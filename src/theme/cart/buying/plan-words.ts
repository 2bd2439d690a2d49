import type { SellingPlanJson } from "../../../core/contract/shopify-types.ts";
import { planFrequency } from "../../../core/subscriptions/selling-plan-json.ts";
import { useText } from "../../storefront/use-shop.ts";

/** "Deliver every 6 weeks" in the shop's language, or the plan's own name when it is worded otherwise. */
export function usePlanWords(): (plan: SellingPlanJson, key?: "subscription_deliver_every" | "subscription_delivers_every") => string {
  const text = useText();
  return (plan, key = "subscription_deliver_every") => {
    const frequency = planFrequency(plan);
    return frequency ? text(key, { interval: frequency.interval, count: frequency.count }) : plan.name;
  };
}
