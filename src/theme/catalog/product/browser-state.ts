/**
 * Browser facts read during render without a hydration mismatch: the server
 * and the first client render see the server snapshot, later renders the
 * real value.
 */
import { useSyncExternalStore } from "react";

function subscribeHash(onChange: () => void) {
  window.addEventListener("hashchange", onChange);
  return () => window.removeEventListener("hashchange", onChange);
}

/** The address hash ("#variant=123"), "" on the server. */
export function useLocationHash(): string {
  return useSyncExternalStore(
    subscribeHash,
    () => window.location.hash,
    () => "",
  );
}
