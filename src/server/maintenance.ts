/**
 * The shop's periodic housekeeping, run by every server: abandoned carts are
 * deleted so the database does not grow with every visit. Running it on
 * several servers at once is harmless (a delete of rows already gone).
 */
import type { Logger } from "pino";
import type { Platform } from "../platform/platform.ts";

/** How often the housekeeping runs. */
const EVERY_MS = 60 * 60 * 1000;

export function startMaintenance(platform: Platform, logger: Logger): () => void {
  const run = () => {
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
