/**
 * The shop's background work, as jobs on the one queue (job-queue.ts). Every
 * server works every queue; each job runs on one of them.
 *
 * - email: one kept message delivered through SMTP, retried with back-off,
 *   a dead letter after the last try.
 * - housekeeping, hourly (and once as a server starts, at most once an
 *   hour across servers): abandoned-cart reminders sent, abandoned carts
 *   deleted, saved-bundle reminders and review requests sent, and orders
 *   whose payment event never came settled with the payment provider.
 * - back-in-stock: the sender's run; each run asks for the next one 15 s
 *   later (at once after a full batch). The queue keeps one waiting run for
 *   the whole shop, and a schedule every minute starts the chain again if a
 *   server died holding it.
 *
 * - subscription-renewals, every 15 minutes: every subscription delivery
 *   due is placed as an order (with a payment provider, charged to the card
 *   kept at checkout; a declined one is tried again on its retry day), and the reminder of each delivery due within
 *   three days is sent, once per delivery (a batch of each per run; a full
 *   batch asks for the next run at once).
 * - price-drop: the price-drop sender's run, chained the same way.
 *
 * Every job is idempotent: deleting carts already gone deletes nothing, a
 * delivered email is not delivered again, and reminders and back-in-stock
 * requests are claimed in the database before their email goes.
 */
import type { Logger } from "pino";
import { BACK_IN_STOCK_BATCH_SIZE } from "../core/catalog/back-in-stock.ts";
import { PRICE_DROP_BATCH_SIZE } from "../core/catalog/price-drop.ts";
import { REVIEW_REQUEST_BATCH } from "../platform/catalog/reviews-service.ts";
import { sendCartReminders } from "../platform/cart/cart-reminders.ts";
import { type JobQueue, QUEUES } from "../platform/jobs/job-queue.ts";
import type { ShopMailer } from "../platform/mail/create-mailer.ts";
import type { Platform } from "../platform/services.ts";
import { RENEWAL_BATCH } from "../platform/subscriptions/subscription-service.ts";
import type { Tracing } from "./tracing.ts";

/** How long the back-in-stock sender waits after a run that left nothing due. */
export const BACK_IN_STOCK_EVERY_SECONDS = 15;
/** How long the price-drop sender waits after a run that left nothing due. */
export const PRICE_DROP_EVERY_SECONDS = 15;
const HOURLY = "0 * * * *";
const EVERY_MINUTE = "* * * * *";
const EVERY_QUARTER_HOUR = "*/15 * * * *";

export interface BackgroundJobsOptions {
  queue: JobQueue;
  /** The platform of the live settings at each run. */
  current: () => Platform;
  mailer: ShopMailer;
  logger: Pick<Logger, "info" | "warn" | "error">;
  /** The shop's public address, for links in reminders. */
  shopUrl: string;
  /** Told each job's outcome (metrics). */
  onJob?: (queue: string, outcome: "completed" | "failed", seconds: number) => void;
  /** A trace's span around each job, when traces are on. */
  tracing?: Tracing | undefined;
}

/** Who watches the jobs: the metrics and the traces. */
type JobWatch = Pick<BackgroundJobsOptions, "onJob" | "tracing">;

/** A job handler that reports its outcome and time, inside a trace's span when traces are on. */
const reported =
  <T>(queue: string, watch: JobWatch, work: (job: T) => Promise<void>) =>
  async (job: T) => {
    const started = performance.now();
    try {
      await (watch.tracing ? watch.tracing.job(queue, () => work(job)) : work(job));
      watch.onJob?.(queue, "completed", (performance.now() - started) / 1000);
    } catch (error) {
      watch.onJob?.(queue, "failed", (performance.now() - started) / 1000);
      throw error;
    }
  };

/** Review requests for every order now due: batch after batch while a batch comes back full. */
async function sendReviewRequests(platform: Platform): Promise<number> {
  let total = 0;
  for (;;) {
    const sent = await platform.reviews.sendReviewRequests(platform.settings.reviews.requestDelayDays);
    total += sent;
    if (sent < REVIEW_REQUEST_BATCH) return total;
  }
}

/** The hourly housekeeping: every part runs even when one fails; the job fails (and is retried) if any did. */
export async function houseKeep(platform: Platform, shopUrl: string, logger: BackgroundJobsOptions["logger"]): Promise<void> {
  // Cart reminders go before expiry: a cart deleted in the same pass is one nobody would have been reminded of anyway.
  const cartReminders = await sendCartReminders(platform, shopUrl).then(
    (sent) => ({ status: "fulfilled" as const, value: sent }),
    (reason: unknown) => ({ status: "rejected" as const, reason }),
  );
  const [reminders, carts, reviewRequests, lapsedPayments] = await Promise.allSettled([
    platform.catalog.get().then((catalog) => platform.newsletter.sendBundleReminders(shopUrl, (handle) => catalog.productsByHandle.get(handle))),
    platform.carts.expireAbandoned(),
    sendReviewRequests(platform),
    platform.payments ? platform.payments.settleLapsed() : Promise.resolve(0),
  ]);
  if (cartReminders.status === "fulfilled" && cartReminders.value > 0) logger.info({ sent: cartReminders.value }, "abandoned-cart reminders sent");
  if (reminders.status === "fulfilled" && reminders.value > 0) logger.info({ sent: reminders.value }, "saved-bundle reminders sent");
  if (carts.status === "fulfilled" && carts.value > 0) logger.info({ deleted: carts.value }, "abandoned carts deleted");
  if (reviewRequests.status === "fulfilled" && reviewRequests.value > 0) logger.info({ sent: reviewRequests.value }, "review requests sent");
  if (lapsedPayments.status === "fulfilled" && lapsedPayments.value > 0) logger.info({ settled: lapsedPayments.value }, "orders whose payment event never came settled with the provider");
  const failed = [cartReminders, reminders, carts, reviewRequests, lapsedPayments].find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
}

export async function startBackgroundJobs(options: BackgroundJobsOptions): Promise<void> {
  const { queue, current, mailer, logger, shopUrl, onJob, tracing } = options;
  const watch: JobWatch = { onJob, tracing };

  await queue.work<{ outboxId: number }>(
    QUEUES.email,
    reported(QUEUES.email, watch, (job) => mailer.deliverKept(job.data.outboxId, job.retryCount >= job.retryLimit)),
  );

  await queue.work(QUEUES.housekeeping, reported(QUEUES.housekeeping, watch, () => houseKeep(current(), shopUrl, logger)));
  await queue.boss.schedule(QUEUES.housekeeping, HOURLY);
  // A server starting runs it too, at most once an hour however many servers start.
  await queue.boss.sendThrottled(QUEUES.housekeeping, null, null, 3600, "start");

  await queue.work(
    QUEUES.backInStock,
    reported(QUEUES.backInStock, watch, async () => {
      let sent = 0;
      try {
        sent = await current().backInStock.sendDue();
        if (sent > 0) logger.info({ sent }, "back-in-stock emails sent");
      } finally {
        // A full batch means more may be due: the next run comes at once.
        await queue.send(QUEUES.backInStock, null, { startAfterSeconds: sent >= BACK_IN_STOCK_BATCH_SIZE ? 0 : BACK_IN_STOCK_EVERY_SECONDS });
      }
    }),
  );
  await queue.boss.schedule(QUEUES.backInStock, EVERY_MINUTE);
  await queue.send(QUEUES.backInStock, null);

  await queue.work(
    QUEUES.subscriptionRenewals,
    reported(QUEUES.subscriptionRenewals, watch, async () => {
      const placed = await current().subscriptions.renewDue();
      if (placed > 0) logger.info({ placed }, "subscription renewals placed");
      const reminded = await current().subscriptions.sendReminders();
      if (reminded > 0) logger.info({ reminded }, "subscription reminders sent");
      // A full batch means more are due: the next run comes at once.
      if (placed >= RENEWAL_BATCH || reminded >= RENEWAL_BATCH) await queue.send(QUEUES.subscriptionRenewals, null);
    }),
  );
  await queue.boss.schedule(QUEUES.subscriptionRenewals, EVERY_QUARTER_HOUR);
  await queue.send(QUEUES.subscriptionRenewals, null);

  await queue.work(
    QUEUES.priceDrop,
    reported(QUEUES.priceDrop, watch, async () => {
      let sent = 0;
      try {
        sent = await current().priceDrops.sendDue();
        if (sent > 0) logger.info({ sent }, "price-drop emails sent");
      } finally {
        // A full batch means more may be due: the next run comes at once.
        await queue.send(QUEUES.priceDrop, null, { startAfterSeconds: sent >= PRICE_DROP_BATCH_SIZE ? 0 : PRICE_DROP_EVERY_SECONDS });
      }
    }),
  );
  await queue.boss.schedule(QUEUES.priceDrop, EVERY_MINUTE);
  await queue.send(QUEUES.priceDrop, null);
}
