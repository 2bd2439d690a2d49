/**
 * The review request sender, started with every server: every few minutes
 * it asks the reviews service to email the customers whose orders were
 * fulfilled the merchant's delay ago (claimed in the database, so servers
 * running it side by side never ask twice). A full batch means more may be
 * due, so the next run comes at once. `sendReviewRequests` is one call, so a
 * job queue can run it in this loop's place.
 */
import type { Logger } from "pino";
import { REVIEW_REQUEST_BATCH } from "../platform/catalog/reviews-service.ts";
import type { Platform } from "../platform/services.ts";

/** How long an idle sender waits before looking again. */
const EVERY_MS = 5 * 60_000;

/** `current` gives the platform of the live settings at each run; answers a function that stops the sender. */
export function startReviewRequestSender(current: () => Platform, logger: Logger, everyMs = EVERY_MS): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(run, ms);
    // The sender never keeps the process alive on its own.
    timer.unref();
  };
  const run = () => {
    const platform = current();
    platform.reviews.sendReviewRequests(platform.settings.reviews.requestDelayDays).then(
      (sent) => {
        if (sent > 0) logger.info({ sent }, "review requests sent");
        schedule(sent >= REVIEW_REQUEST_BATCH ? 0 : everyMs);
      },
      (error: unknown) => {
        logger.warn({ err: error }, "review requests could not be sent; trying again later");
        schedule(everyMs);
      },
    );
  };
  schedule(everyMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
