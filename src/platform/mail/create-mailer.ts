import { createRequire } from "node:module";
import type nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Database, Queryable } from "../db/database.ts";
import { type JobQueue, QUEUES } from "../jobs/job-queue.ts";
import type { MailMessage, Mailer } from "./mailer.ts";
import { keepInOutbox, markAttemptFailed, markFailed, markSent, undeliveredMessage } from "./outbox.ts";

export interface MailerOptions {
  db: Queryable & Partial<Pick<Database, "transaction">>;
  /**
   * The job queue: with it (and SMTP), each message is kept and queued for delivery in one transaction, and
   * delivered by whichever server's worker takes the job, with retries; without it, delivered from this process.
   */
  queue?: Pick<JobQueue, "send"> | undefined;
  /** Told each delivery's outcome (metrics). */
  onDelivery?: (outcome: "sent" | "failed") => void;
  /** `smtp://` or `smtps://` (user and password in the URL, options as query parameters); without it messages stay in the outbox. */
  smtpUrl?: string | undefined;
  logger: Pick<Logger, "info" | "error">;
  /** Whom the shop's mail comes from: the shop's name and address (read at each send when a function, so published settings reach it). */
  from: { name: string; address: string } | (() => { name: string; address: string });
}

/** The mailer a server holds: a `Mailer` that can also wait for its deliveries and close its connection. */
export interface ShopMailer extends Mailer {
  readonly via: "outbox" | "smtp";
  /** Resolves once every delivery started so far has finished (tests, shutting down). */
  idle(): Promise<void>;
  /**
   * Delivers the kept message `outboxId` (the email job's work). Done at most once per message: one already
   * delivered is left alone. A failed delivery throws (the queue tries again later); `lastTry` says whether
   * this was the last try, after which the message is marked given up (a dead letter).
   */
  deliverKept(outboxId: number, lastTry: boolean): Promise<void>;
  close(): Promise<void>;
}

/** A server that stops answering holds a delivery this long at most, not nodemailer's minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * The shop's one mailer. `send` never throws: a message that cannot be kept
 * or sent is logged, so the request that caused it (an order, a sign-up)
 * still succeeds. With SMTP, `send` resolves once the message is logged in
 * the outbox and the delivery carries on after it, so no shopper waits for
 * the mail server and an answer's timing does not tell whether mail went out.
 */
export function createMailer(options: MailerOptions): ShopMailer {
  const { db, logger, smtpUrl } = options;
  if (!smtpUrl) {
    return {
      via: "outbox",
      async send(message) {
        try {
          const id = await keepInOutbox(db, message, "outbox");
          options.onDelivery?.("sent");
          logger.info({ outboxId: id, subject: message.subject }, "email kept in the outbox");
        } catch (error) {
          logger.error({ err: error, subject: message.subject }, "email could not be kept in the outbox");
        }
      },
      idle: async () => undefined,
      // A kept message is already where it goes.
      deliverKept: async () => undefined,
      close: async () => undefined,
    };
  }

  // The SMTP library is loaded only by a shop that sends through SMTP: without it, mail stays in the outbox.
  const smtp = createRequire(import.meta.url)("nodemailer") as typeof nodemailer;
  const transport = smtp.createTransport({ ...SMTP_TIMEOUTS, url: smtpUrl });
  const deliveries = new Set<Promise<void>>();

  const sendMail = async (message: MailMessage) =>
    (
      await transport.sendMail({
        from: typeof options.from === "function" ? options.from() : options.from,
        // An address object, so a recipient is never read as a list of addresses.
        to: { name: "", address: message.to },
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.replyTo ? { replyTo: { name: "", address: message.replyTo } } : {}),
      })
    ).messageId as string | undefined;

  const deliver = async (message: MailMessage, outboxId: number | null) => {
    let messageId: string | undefined;
    try {
      messageId = await sendMail(message);
      options.onDelivery?.("sent");
    } catch (error) {
      options.onDelivery?.("failed");
      logger.error({ err: error, outboxId, subject: message.subject }, "email could not be sent");
      if (outboxId !== null) await markFailed(db, outboxId, error instanceof Error ? error.message : String(error)).catch(() => undefined);
      return;
    }
    logger.info({ outboxId, subject: message.subject }, "email sent");
    if (outboxId !== null) {
      await markSent(db, outboxId, messageId).catch((error: unknown) => logger.error({ err: error, outboxId }, "a sent email could not be marked sent in the outbox"));
    }
  };

  const idle = async () => {
    while (deliveries.size) await Promise.all([...deliveries]);
  };

  const { queue } = options;
  const keepAndQueue = async (message: MailMessage) => {
    const keep = async (tx: Queryable) => {
      const outboxId = await keepInOutbox(tx, message, "smtp");
      await queue!.send(QUEUES.email, { outboxId }, { tx });
      return outboxId;
    };
    return db.transaction ? db.transaction(keep) : keep(db);
  };

  return {
    via: "smtp",
    async send(message) {
      if (queue) {
        try {
          const outboxId = await keepAndQueue(message);
          logger.info({ outboxId, subject: message.subject }, "email queued");
        } catch (error) {
          logger.error({ err: error, subject: message.subject }, "email could not be queued");
        }
        return;
      }
      // The log is kept as well as it can be; the message goes out either way.
      const outboxId = await keepInOutbox(db, message, "smtp").catch((error: unknown) => {
        logger.error({ err: error, subject: message.subject }, "email could not be logged in the outbox");
        return null;
      });
      const delivery = deliver(message, outboxId);
      deliveries.add(delivery);
      void delivery.finally(() => deliveries.delete(delivery));
    },
    idle,
    async deliverKept(outboxId, lastTry) {
      const message = await undeliveredMessage(db, outboxId);
      if (!message) return;
      let messageId: string | undefined;
      try {
        messageId = await sendMail(message);
      } catch (error) {
        options.onDelivery?.("failed");
        const reason = error instanceof Error ? error.message : String(error);
        logger.error({ err: error, outboxId, subject: message.subject, lastTry }, lastTry ? "email could not be sent; giving up" : "email could not be sent; trying again later");
        await markAttemptFailed(db, outboxId, reason, lastTry);
        throw error;
      }
      options.onDelivery?.("sent");
      logger.info({ outboxId, subject: message.subject }, "email sent");
      await markSent(db, outboxId, messageId);
    },
    async close() {
      await idle();
      transport.close();
    },
  };
}
