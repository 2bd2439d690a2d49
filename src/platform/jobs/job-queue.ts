/**
 * The shop's one job queue: pg-boss, in the shop's own database (schema
 * `pgboss`), on PostgreSQL and on the embedded PGlite alike (pg-boss ships
 * an adapter for PGlite). Every background task is a job on it: a job is
 * claimed by one worker of one server (`for update skip locked`), retried
 * with back-off when it fails, and taken up again by any server when the
 * one running it died (its heartbeat stops, or it outlives its expiry).
 */
import { PgBoss, fromPglite, type Job, type JobWithMetadata, type Queue } from "pg-boss";
import type { Logger } from "pino";
import type { Database, Queryable } from "../db/database.ts";

/** The shop's queues. */
export const QUEUES = {
  /** One email to deliver through SMTP (`{ outboxId }`). */
  email: "email",
  /** Emails whose every delivery attempt failed: the dead letters, kept for a person to look at. */
  emailFailed: "email-failed",
  /** The hourly housekeeping: abandoned carts deleted, reminders sent. */
  housekeeping: "housekeeping",
  /** The back-in-stock sender's next run. */
  backInStock: "back-in-stock",
  /** Subscription renewals due: each contract's delivery placed as an order, once per contract and date. */
  subscriptionRenewals: "subscription-renewals",
  /** The price-drop sender's next run. */
  priceDrop: "price-drop",
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** How the shop's queues retry, expire and keep their jobs. */
const QUEUE_OPTIONS: Record<QueueName, Omit<Queue, "name">> = {
  // Dead letters are not worked: they wait 90 days for a person (the back office lists them). Made before the queue that sends to it.
  "email-failed": { retentionSeconds: 90 * 24 * 3600, deleteAfterSeconds: 90 * 24 * 3600 },
  // Six tries over about two hours (30 s, 1 min, 2 min, … capped at an hour), then the dead letters.
  // A server that dies mid-delivery stops its heartbeat; another takes the email up within a minute.
  email: { retryLimit: 6, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 120, heartbeatSeconds: 30, deadLetter: QUEUES.emailFailed },
  // One run at a time in the whole shop (a second asked for while one waits is dropped).
  housekeeping: { policy: "stately", retryLimit: 2, retryDelay: 60, expireInSeconds: 900, heartbeatSeconds: 60 },
  "back-in-stock": { policy: "stately", retryLimit: 0, expireInSeconds: 300, heartbeatSeconds: 30 },
  // One run at a time; a failed run is retried (a renewal already placed is not placed again).
  "subscription-renewals": { policy: "stately", retryLimit: 3, retryDelay: 60, expireInSeconds: 900, heartbeatSeconds: 60 },
  "price-drop": { policy: "stately", retryLimit: 0, expireInSeconds: 300, heartbeatSeconds: 30 },
};

/** Tuning that tests shorten; the shop runs with the defaults. */
export interface JobQueueTuning {
  /** How often an idle worker asks for a job (seconds, at least 0.5). */
  pollingSeconds?: number;
  /** How often expired or silent jobs are looked for and retried (seconds; a queue is checked at most every `monitorSeconds`). */
  superviseSeconds?: number;
  monitorSeconds?: number;
  /** Queue options changed per queue (tests shorten heartbeats and retry delays). */
  queues?: Partial<Record<QueueName, Omit<Queue, "name">>>;
}

export interface JobQueue {
  readonly boss: PgBoss;
  /** Adds a job, in the transaction `tx` when given (so it exists only if that transaction commits). */
  send(queue: QueueName, data: object | null, options?: { tx?: Queryable; singletonKey?: string; startAfterSeconds?: number }): Promise<string | null>;
  /** Runs `handler` for this queue's jobs on this server, one at a time; each job has its metadata (retry count). */
  work<T extends object>(queue: QueueName, handler: (job: JobWithMetadata<T>) => Promise<void>): Promise<void>;
  /** Jobs waiting, running and failed per queue, as stored now. */
  depths(): Promise<{ queue: string; queued: number; active: number; failed: number }[]>;
  /**
   * Stops taking jobs and waits (at most `timeoutSeconds`) for the ones running here to finish; one still
   * running then is failed back to the queue, to be retried by another server. Jobs can still be added.
   */
  stop(timeoutSeconds?: number): Promise<void>;
  /** Closes the queue's own connections (after `stop`). */
  close(): Promise<void>;
}

/** A transaction of the shop's as pg-boss's database, so a job is added in the same commit as the rows it is about. */
const inTransaction = (tx: Queryable) => ({ executeSql: async (text: string, values?: unknown[]) => ({ rows: await tx.query(text, values) }) });

export async function openJobQueue(db: Database, logger: Pick<Logger, "warn" | "error">, tuning: JobQueueTuning = {}): Promise<JobQueue> {
  const connection = db.jobConnection;
  const common = {
    schema: "pgboss",
    superviseIntervalSeconds: tuning.superviseSeconds ?? 60,
    monitorIntervalSeconds: tuning.monitorSeconds ?? 60,
    // The shop's instance list and spans are not wanted: the shop has its own metrics.
    registerInstance: false,
  };
  const boss =
    connection.kind === "postgres"
      ? new PgBoss({ ...common, connectionString: connection.url, max: 4, application_name: "shop-jobs" })
      : new PgBoss({ ...common, db: fromPglite(connection.pglite), backend: "pglite" });
  boss.on("error", (error) => logger.error({ err: error }, "job queue error"));
  boss.on("warning", (warning) => logger.warn({ warning }, "job queue warning"));
  await boss.start();
  for (const [name, options] of Object.entries(QUEUE_OPTIONS) as [QueueName, Omit<Queue, "name">][]) {
    const wanted = { ...options, ...tuning.queues?.[name] };
    // Created once by whichever server starts first; later starts bring the options up to date.
    if (await boss.getQueue(name)) {
      const { policy: _policy, ...changeable } = wanted;
      await boss.updateQueue(name, changeable);
    } else await boss.createQueue(name, wanted).catch(async (error: unknown) => {
      // Another server created it between the look and the create.
      if (!(await boss.getQueue(name))) throw error;
    });
  }
  const polling = { pollingIntervalSeconds: tuning.pollingSeconds ?? 2 };
  return {
    boss,
    send: (queue, data, options = {}) =>
      boss.send(queue, data, {
        ...(options.tx ? { db: inTransaction(options.tx) } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      }),
    async work<T extends object>(queue: QueueName, handler: (job: JobWithMetadata<T>) => Promise<void>) {
      await boss.work<T>(queue, { ...polling, batchSize: 1, includeMetadata: true }, async (jobs: JobWithMetadata<T>[] | Job<T>[]) => {
        for (const job of jobs) await handler(job as JobWithMetadata<T>);
      });
    },
    async depths() {
      // Counted now, not from pg-boss's once-a-minute cache; the table holds a few days of jobs at most.
      const rows = await db.query<{ name: string; queued: number; active: number; failed: number }>(
        `select name, count(*) filter (where state in ('created', 'retry'))::int as queued, count(*) filter (where state = 'active')::int as active,
           count(*) filter (where state = 'failed')::int as failed
         from pgboss.job where name = any($1) group by name`,
        [Object.values(QUEUES)],
      );
      const counted = new Map(rows.map((row) => [row.name, row]));
      return Object.values(QUEUES).map((queue) => ({ queue, queued: counted.get(queue)?.queued ?? 0, active: counted.get(queue)?.active ?? 0, failed: counted.get(queue)?.failed ?? 0 }));
    },
    stop: (timeoutSeconds = 20) => boss.stop({ graceful: true, timeout: timeoutSeconds * 1000, close: false }),
    close: () => boss.stop({ close: true }),
  };
}
