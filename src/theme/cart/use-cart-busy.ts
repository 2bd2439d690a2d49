import { useCartState } from "./cart-store.ts";

/** The cart's loading flag: true while any cart change on this page runs. */
export function useCartBusy(): boolean {
  return useCartState().busy > 0;
}
