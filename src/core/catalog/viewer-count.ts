/**
 * The 'people viewing' counter's rules: a random number in the merchant's
 * range, or the honest count of viewers in the window. Only the lazily loaded
 * counter uses them, so they stay out of the product page's first load.
 */
/** The random 'users on page' number: a whole number from `min` to `max` inclusive (5 to 49). */
export function randomViewerCount(min = 5, max = 49, random: () => number = Math.random): number {
  const low = Math.ceil(Math.min(min, max));
  const high = Math.floor(Math.max(min, max));
  return low + Math.min(high - low, Math.floor(random() * (high - low + 1)));
}

/** By default the honest counter says nothing while the asker is the only viewer. */
export const MIN_HONEST_VIEWERS = 2;

/**
 * What the honest counter says: the real number of viewers in the window, or
 * nothing below the merchant's minimum. One viewer is the shopper themself.
 */
export function honestViewerText(count: number, minutes: number, minViewers: number, text: (key: "users_on_page_honest" | "users_on_page_honest_one", values: { count: number; minutes: number }) => string): string {
  if (count < Math.max(1, minViewers)) return "";
  return text(count === 1 ? "users_on_page_honest_one" : "users_on_page_honest", { count, minutes });
}
