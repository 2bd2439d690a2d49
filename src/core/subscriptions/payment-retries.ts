/**
 * When a renewal whose off-session charge was declined is tried again: 1, 3
 * and 7 days after the first decline (four tries in all). After the last one
 * fails the subscription is `failed` until the card is updated.
 */
import { addDays } from "./delivery-dates.ts";

/** Days after the first declined try on which the charge is tried again. */
export const RETRY_AFTER_DAYS: readonly number[] = [1, 3, 7];

/** Every retry date of a renewal first declined on `firstDeclined` (`YYYY-MM-DD`), in order. */
export function retrySchedule(firstDeclined: string): string[] {
  return RETRY_AFTER_DAYS.map((days) => addDays(firstDeclined, days));
}

/**
 * The day of the next try after `declined` tries have failed (the first on
 * `firstDeclined`), or null when that was the last: the subscription fails.
 */
export function nextRetry(firstDeclined: string, declined: number): string | null {
  if (!Number.isSafeInteger(declined) || declined < 1) throw new RangeError(`declined tries must be 1 or more: ${declined}`);
  return retrySchedule(firstDeclined)[declined - 1] ?? null;
}

/** The tries still to come after `declined` failed ones: what the "payment failed" email announces. */
export function retriesLeft(firstDeclined: string, declined: number): string[] {
  return retrySchedule(firstDeclined).slice(Math.max(0, declined - 1));
}
