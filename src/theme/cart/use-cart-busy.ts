import { useSyncExternalStore } from "react";
import { isCartBusy, subscribeCartBusy } from "./cart-queue.ts";

/** The cart's loading flag: true while any cart change on this page runs. */
export function useCartBusy(): boolean {
  return useSyncExternalStore(subscribeCartBusy, isCartBusy, () => false);
}
