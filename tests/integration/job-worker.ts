/**
 * One server's job workers on the database named by DATABASE_URL, delivering
 * email through SMTP_URL: what a shop server runs beside its HTTP listener,
 * with the queue's checks shortened so a test sees a dead worker's job taken
 * up within seconds. Prints READY once it works the queues.
 */
import path from "node:path";
import pino from "pino";
import { openDatabase } from "../../src/platform/db/database.ts";
import { openJobQueue } from "../../src/platform/jobs/job-queue.ts";
import { createMailer } from "../../src/platform/mail/create-mailer.ts";
import { createPlatform } from "../../src/platform/platform.ts";
import { loadSettings } from "../../src/platform/settings/load.ts";
import { startBackgroundJobs } from "../../src/server/background-jobs.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const logger = pino({ level: "silent" });
const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: "" });
const queue = await openJobQueue(db, logger, { pollingSeconds: 0.5, superviseSeconds: 1, monitorSeconds: 1, queues: { email: { heartbeatSeconds: 10, retryDelay: 1, retryDelayMax: 1 } } });
const mailer = createMailer({ db, queue, smtpUrl: process.env.SMTP_URL, logger, from: { name: "Lumen & Leaf", address: "hello@lumenandleaf.example" } });
const platform = createPlatform(db, loadSettings(path.join(ROOT, "config/settings.json")), { mailer });
await startBackgroundJobs({ queue, current: () => platform, mailer, logger, shopUrl: "http://shop.test" });
console.log("READY");
process.once("SIGTERM", () => {
  void queue
    .stop(5)
    .then(() => queue.close())
    .then(() => db.close())
    .then(() => process.exit(0));
});
