import { useCallback, useSyncExternalStore } from "react";

/** Whether a media query matches now; false on the server. Sliders mount and unmount with it. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false);
}

/** Shoppers who asked their system for less motion. */
export const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";
