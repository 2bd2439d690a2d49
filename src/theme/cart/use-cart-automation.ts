import { useSyncExternalStore } from "react";
import { type AutomationSnapshot, automationSnapshot, subscribeAutomation } from "./cart-automation.ts";

export function useCartAutomation(): AutomationSnapshot {
  return useSyncExternalStore(subscribeAutomation, automationSnapshot, automationSnapshot);
}
