import { createRequire } from "node:module";
import type nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Queryable } from "../db/database.ts";
import type { MailMessage, Mailer } from "./mailer.ts";
import { keepInOutbox, markFailed, markSent } from "./outbox.ts";

export interface MailerOptions {
  db: Queryable;
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
          logger.info({ outboxId: id, subject: message.subject }, "email kept in the outbox");
        } catch (error) {
          logger.error({ err: error, subject: message.subject }, "email could not be kept in the outbox");
        }
      },
      idle: async () => undefined,
      close: async () => undefined,
    };
  }

  // The SMTP library is loaded only by a shop that sends through SMTP: without it, mail stays in the outbox.
  const smtp = createRequire(import.meta.url)("nodemailer") as typeof nodemailer;
  const transport = smtp.createTransport({ ...SMTP_TIMEOUTS, url: smtpUrl });
  const deliveries = new Set<Promise<void>>();

  const deliver = async (message: MailMessage, outboxId: number | null) => {
    let messageId: string | undefined;
    try {
      ({ messageId } = await transport.sendMail({
        from: typeof options.from === "function" ? options.from() : options.from,
        // An address object, so a recipient is never read as a list of addresses.
        to: { name: "", address: message.to },
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.replyTo ? { replyTo: { name: "", address: message.replyTo } } : {}),
      }));
    } catch (error) {
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

  return {
    via: "smtp",
    async send(message) {
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
    async close() {
      await idle();
      transport.close();
    },
  };
}
