/**
 * The back-in-stock sender, started with every server: every few seconds it
 * asks the service to email the confirmed requests whose variant can be
 * bought again (a batch a run, claimed in the database so servers running it
 * side by side never send one twice). A full batch means more may be due, so
 * the next run comes at once; an idle run waits the interval. Because it reads
 * the stock itself, every way stock comes back (the stock page, the CSV
 * import, a refund's restock) reaches the shoppers without those paths
 * knowing about it.
 */
import type { Logger } from "pino";
import { BACK_IN_STOCK_BATCH_SIZE } from "../core/catalog/back-in-stock.ts";
import type { Platform } from "../platform/services.ts";

/** How long an idle sender waits before looking again. */
const EVERY_MS = 15_000;

/** `current` gives the platform of the live settings at each run; answers a function that stops the sender. */
export function startBackInStockSender(current: () => Platform, logger: Logger, everyMs = EVERY_MS): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(run, ms);
    // The sender never keeps the process alive on its own.
    timer.unref();
  };
  const run = () => {
    current()
      .backInStock.sendDue()
      .then(
        (sent) => {
          if (sent > 0) logger.info({ sent }, "back-in-stock emails sent");
          schedule(sent >= BACK_IN_STOCK_BATCH_SIZE ? 0 : everyMs);
        },
        (error: unknown) => {
          logger.warn({ err: error }, "back-in-stock emails could not be sent; trying again later");
          schedule(everyMs);
        },
      );
  };
  schedule(0);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
