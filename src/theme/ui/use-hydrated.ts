/**
 * Whether the page has hydrated, read during render without a hydration
 * mismatch: the server and the first client render see false, later renders
 * true.
 */
import { useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;

/** False on the server and while hydrating, true after. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
