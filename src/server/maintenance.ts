/**
 * The shop's periodic housekeeping, run by every server: abandoned carts are
 * deleted so the database does not grow with every visit, and saved-bundle
 * reminders that are due are sent. Running it on several servers at once is
 * harmless (a delete of rows already gone; each reminder is claimed before
 * it is sent).
 */
import type { Logger } from "pino";
import type { Platform } from "../platform/services.ts";

/** How often the housekeeping runs. */
const EVERY_MS = 60 * 60 * 1000;

/** `current` gives the platform of the live settings at each run. */
export function startMaintenance(current: () => Platform, logger: Logger, shopUrl: string): () => void {
  const run = () => {
    const platform = current();
    platform.catalog
      .get()
      .then((catalog) => platform.newsletter.sendBundleReminders(shopUrl, (handle) => catalog.productsByHandle.get(handle)))
      .then(
        (sent) => {
          if (sent > 0) logger.info({ sent }, "saved-bundle reminders sent");
        },
        (error: unknown) => logger.warn({ err: error }, "saved-bundle reminders could not be sent; trying again later"),
      );
    platform.carts.expireAbandoned().then(
      (deleted) => {
        if (deleted > 0) logger.info({ deleted }, "abandoned carts deleted");
      },
      (error: unknown) => logger.warn({ err: error }, "abandoned carts could not be deleted; trying again later"),
    );
  };
  run();
  const timer = setInterval(run, EVERY_MS);
  // Housekeeping never keeps the process alive on its own.
  timer.unref();
  return () => clearInterval(timer);
}
