/**
 * The job queue across server processes on one PostgreSQL database: each
 * job runs once however many servers work the queue, and a job whose server
 * dies in the middle is taken up by another. Needs a server database, so it
 * runs when DATABASE_URL is set (CI sets it); the embedded database belongs
 * to one process.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/platform/db/database.ts";
import { migrate } from "../../src/platform/db/migrate.ts";
import { type JobQueue, openJobQueue } from "../../src/platform/jobs/job-queue.ts";
import { createMailer } from "../../src/platform/mail/create-mailer.ts";
import { openTestDatabase } from "./harness.ts";
import { startSmtpRelay } from "./smtp-relay.ts";

const WORKER = path.join(import.meta.dirname, "job-worker.ts");
const onPostgres = Boolean(process.env.DATABASE_URL);
const silent = pino({ level: "silent" });
const from = { name: "Lumen & Leaf", address: "hello@lumenandleaf.example" };

function startWorker(databaseUrl: string, smtpUrl: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WORKER], { env: { ...process.env, DATABASE_URL: databaseUrl, SMTP_URL: smtpUrl }, stdio: ["ignore", "pipe", "inherit"] });
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`job worker exited with ${code}`)));
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("READY")) resolve(child);
    });
  });
}

async function stopWorker(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  child.removeAllListeners("exit");
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  await exited;
}

async function eventually<T>(read: () => Promise<T>, holds: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (holds(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.runIf(onPostgres)("jobs across server processes", () => {
  let db: Database;
  let url = "";
  let drop: () => Promise<void> = async () => undefined;
  let queue: JobQueue;
  let workers: ChildProcess[] = [];

  beforeAll(async () => {
    const database = await openTestDatabase();
    ({ db, drop } = database);
    url = database.url ?? "";
    await migrate(db);
    // This process only adds jobs: it works none.
    queue = await openJobQueue(db, silent);
  });
  afterEach(async () => {
    await Promise.all(workers.map((worker) => stopWorker(worker)));
    workers = [];
  });
  afterAll(async () => {
    await queue?.stop(1);
    await queue?.close();
    await db?.close();
    await drop();
  });

  it("delivers each of 30 emails once, with two servers working the queue", async () => {
    const relay = await startSmtpRelay();
    try {
      workers = await Promise.all([startWorker(url, relay.url), startWorker(url, relay.url)]);
      const mailer = createMailer({ db, queue, smtpUrl: relay.url, logger: silent, from });
      const subjects = Array.from({ length: 30 }, (_, index) => `Once ${index}`);
      await Promise.all(subjects.map((subject) => mailer.send({ to: "ada@example.com", subject, text: subject, html: `<p>${subject}</p>` })));
      await relay.acceptedCount(30);
      await eventually(() => db.query<{ unsent: number }>("select count(*)::int as unsent from outbox where sent_at is null"), ([row]) => row?.unsent === 0);
      expect([...relay.accepted].sort()).toEqual([...subjects].sort());
    } finally {
      await relay.close();
    }
  });

  it("takes up the email of a server killed in the middle of sending it, on another server", async () => {
    // The mail server holds the first message unanswered, as a server stuck mid-delivery would be when killed.
    const relay = await startSmtpRelay({ hold: 1 });
    try {
      const first = await startWorker(url, relay.url);
      workers = [first];
      const mailer = createMailer({ db, queue, smtpUrl: relay.url, logger: silent, from });
      await mailer.send({ to: "grace@example.com", subject: "Survives a crash", text: "Hello", html: "<p>Hello</p>" });
      await relay.holding();
      await stopWorker(first, "SIGKILL");
      workers = [await startWorker(url, relay.url)];
      // The killed server's heartbeat stops; the job is retried on the live one.
      await relay.acceptedCount(1);
      expect(relay.accepted).toEqual(["Survives a crash"]);
      const [row] = await eventually(() => db.query<{ sent_at: Date | null; attempts: number }>("select sent_at, attempts from outbox where subject = 'Survives a crash'"), ([candidate]) => candidate?.sent_at !== null);
      expect(row!.attempts).toBe(0);
    } finally {
      await relay.close();
    }
  });
});
