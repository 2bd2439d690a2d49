/**
 * The job queue on this run's database (PGlite, or PostgreSQL with
 * DATABASE_URL): an email is delivered by the queue's worker, a delivery
 * the mail server refuses is tried again and then becomes a dead letter the
 * back office lists, and the hourly housekeeping runs as a job.
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type JobQueue, QUEUES, openJobQueue } from "../../src/platform/jobs/job-queue.ts";
import { type ShopMailer, createMailer } from "../../src/platform/mail/create-mailer.ts";
import { listFailedEmails } from "../../src/platform/mail/outbox.ts";
import { startBackgroundJobs } from "../../src/server/background-jobs.ts";
import { type TestShop, openTestShop } from "./harness.ts";
import { type SmtpRelay, startSmtpRelay } from "./smtp-relay.ts";

const silent = pino({ level: "silent" });
const from = { name: "Lumen & Leaf", address: "hello@lumenandleaf.example" };

let shop: TestShop;
let queue: JobQueue;
let relay: SmtpRelay;
let mailer: ShopMailer;

beforeAll(async () => {
  shop = await openTestShop();
  // Retries a second apart, so the test sees the last try without waiting out the shop's back-off.
  queue = await openJobQueue(shop.db, silent, { pollingSeconds: 0.5, queues: { email: { retryLimit: 2, retryDelay: 1, retryDelayMax: 1 } } });
  relay = await startSmtpRelay();
  mailer = createMailer({ db: shop.db, queue, smtpUrl: relay.url, logger: silent, from });
  await startBackgroundJobs({ queue, current: () => shop.platform, mailer, logger: silent, shopUrl: "http://shop.test" });
});
afterAll(async () => {
  await queue?.stop(1);
  await queue?.close();
  await relay?.close();
  await shop?.close();
});

/** Polls `check` until it holds (the queue's workers poll the database; nothing here waits a fixed time). */
async function eventually<T>(read: () => Promise<T>, holds: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (holds(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("emails through the job queue", () => {
  it("keeps and queues a message in one go, and the worker delivers it once, marking it sent", async () => {
    await mailer.send({ to: "ada@example.com", subject: "Queued hello", text: "Hello", html: "<p>Hello</p>" });
      const [kept] = await shop.db.query<{ id: number }>("select id from outbox where subject = 'Queued hello'");
      const jobs = await queue.boss.findJobs<{ outboxId: number }>(QUEUES.email, { data: { outboxId: kept!.id } });
      expect(jobs).toHaveLength(1);
      await relay.acceptedCount(1);
      const [row] = await eventually(
        () => shop.db.query<{ sent_at: Date | null; text_body: string | null; attempts: number }>("select sent_at, text_body, attempts from outbox where id = $1", [kept!.id]),
        ([candidate]) => candidate?.sent_at !== null,
      );
      expect(row!.text_body).toBeNull();
      expect(row!.attempts).toBe(0);
      // Delivering the same kept message again (a job run twice) sends nothing more.
      await mailer.deliverKept(kept!.id, false);
      expect(relay.accepted).toEqual(["Queued hello"]);
  });

  it("tries a refused delivery again, then gives up: the message is a dead letter, listed with its error, content kept", async () => {
    // This test's mail server refuses everything: the email worker is this test's own.
    await queue.boss.offWork(QUEUES.email, { wait: true });
    const refusing = await startSmtpRelay({ refuse: true });
    const refused = createMailer({ db: shop.db, queue, smtpUrl: refusing.url, logger: silent, from });
    await queue.work<{ outboxId: number }>(QUEUES.email, (job) => refused.deliverKept(job.data.outboxId, job.retryCount >= job.retryLimit));
    try {
      await refused.send({ to: "grace@example.com", subject: "Never arrives", text: "Text kept", html: "<p>Kept</p>" });
      const [failed] = await eventually(() => listFailedEmails(shop.db), (list) => list.some((email) => email.subject === "Never arrives"));
      // The first try and two retries.
      expect(failed).toMatchObject({ subject: "Never arrives", attempts: 3 });
      expect(failed!.error).toMatch(/451|try later/i);
      expect(refusing.refusals).toBe(3);
      const [row] = await shop.db.query<{ text_body: string | null; sent_at: Date | null }>("select text_body, sent_at from outbox where id = $1", [failed!.id]);
      expect(row).toEqual({ text_body: "Text kept", sent_at: null });
      // pg-boss keeps the job in the dead-letter queue too.
      const dead = await eventually(() => queue.boss.findJobs<{ outboxId: number }>(QUEUES.emailFailed, { data: { outboxId: failed!.id } }), (found) => found.length === 1);
      expect(dead[0]!.data.outboxId).toBe(failed!.id);
      expect((await queue.depths()).find((depth) => depth.queue === QUEUES.emailFailed)?.queued).toBeGreaterThanOrEqual(1);
    } finally {
      await queue.boss.offWork(QUEUES.email, { wait: true });
      await refusing.close();
    }
  });
});

describe("housekeeping as a job", () => {
  it("deletes carts left for 30 days when its job runs, once however many times it is asked for at once", async () => {
    await shop.db.query("insert into carts (token, updated_at) values ('old-cart-for-jobs', now() - interval '40 days')");
    const ids = await Promise.all([queue.send(QUEUES.housekeeping, null), queue.send(QUEUES.housekeeping, null), queue.send(QUEUES.housekeeping, null)]);
    // The queue keeps one waiting run for the whole shop.
    expect(ids.filter(Boolean).length).toBeLessThanOrEqual(1);
    await eventually(() => shop.db.query("select 1 from carts where token = 'old-cart-for-jobs'"), (rows) => rows.length === 0);
  });
});
