/** The outbox table: messages kept for the local mailbox, and the log of messages sent through SMTP. */
import type { FailedEmailJson } from "../../core/admin/admin.ts";
import type { Queryable } from "../db/database.ts";
import type { MailMessage } from "./mailer.ts";

/** A message as the mailbox lists it. */
export interface OutboxSummary {
  id: number;
  to: string;
  subject: string;
  via: "outbox" | "smtp";
  createdAt: string;
  sentAt: string | null;
  error: string | null;
}

export interface OutboxEntry extends OutboxSummary {
  /** The message's parts; null once an SMTP server has accepted it. */
  text: string | null;
  html: string | null;
}

interface OutboxRow {
  id: number;
  recipient: string;
  subject: string;
  text_body?: string | null;
  html_body?: string | null;
  via: "outbox" | "smtp";
  created_at: Date | string;
  sent_at: Date | string | null;
  error: string | null;
}

const toSummary = (row: OutboxRow): OutboxSummary => ({
  id: row.id,
  to: row.recipient,
  subject: row.subject,
  via: row.via,
  createdAt: new Date(row.created_at).toISOString(),
  sentAt: row.sent_at === null ? null : new Date(row.sent_at).toISOString(),
  error: row.error,
});

const SUMMARY_COLUMNS = "id, recipient, subject, via, created_at, sent_at, error";

/** Keeps a message; returns its id. */
export async function keepInOutbox(db: Queryable, message: MailMessage, via: OutboxEntry["via"]): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    "insert into outbox (recipient, subject, text_body, html_body, via, reply_to) values ($1, $2, $3, $4, $5, $6) returning id",
    [message.to, message.subject, message.text, message.html, via, message.replyTo ?? null],
  );
  if (!row) throw new Error("outbox insert returned nothing");
  return row.id;
}

/** The SMTP server took the message: note when, and drop its content. */
export async function markSent(db: Queryable, id: number, messageId: string | undefined): Promise<void> {
  await db.query("update outbox set sent_at = now(), message_id = $2, text_body = null, html_body = null, error = null where id = $1", [id, messageId ?? null]);
}

export async function markFailed(db: Queryable, id: number, error: string): Promise<void> {
  await db.query("update outbox set error = $2 where id = $1", [id, error]);
}

/** A queued delivery attempt failed; `gaveUp` when it was the last one (the message is then a dead letter). */
export async function markAttemptFailed(db: Queryable, id: number, error: string, gaveUp: boolean): Promise<void> {
  await db.query("update outbox set error = $2, attempts = attempts + 1, gave_up_at = case when $3 then now() end where id = $1", [id, error, gaveUp]);
}

/** A message waiting to be delivered, or null when it was delivered already (or is gone). */
export async function undeliveredMessage(db: Queryable, id: number): Promise<MailMessage | null> {
  const [row] = await db.query<{ recipient: string; subject: string; text_body: string | null; html_body: string | null; reply_to: string | null }>(
    "select recipient, subject, text_body, html_body, reply_to from outbox where id = $1 and sent_at is null",
    [id],
  );
  if (!row) return null;
  return { to: row.recipient, subject: row.subject, text: row.text_body ?? "", html: row.html_body ?? "", ...(row.reply_to ? { replyTo: row.reply_to } : {}) };
}


/** The dead letters, newest first: emails every delivery attempt of which failed. */
export async function listFailedEmails(db: Queryable, limit = 100): Promise<FailedEmailJson[]> {
  const rows = await db.query<{ id: number; recipient: string; subject: string; attempts: number; error: string | null; created_at: Date | string; gave_up_at: Date | string }>(
    "select id, recipient, subject, attempts, error, created_at, gave_up_at from outbox where gave_up_at is not null and sent_at is null order by gave_up_at desc, id desc limit $1",
    [limit],
  );
  return rows.map((row) => ({
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    attempts: row.attempts,
    error: row.error,
    createdAt: new Date(row.created_at).toISOString(),
    gaveUpAt: new Date(row.gave_up_at).toISOString(),
  }));
}

/** The newest messages first. */
export async function listOutbox(db: Queryable, limit = 100): Promise<OutboxSummary[]> {
  const rows = await db.query<OutboxRow>(`select ${SUMMARY_COLUMNS} from outbox order by created_at desc, id desc limit $1`, [limit]);
  return rows.map(toSummary);
}

export async function findInOutbox(db: Queryable, id: number): Promise<OutboxEntry | null> {
  const [row] = await db.query<OutboxRow>(`select ${SUMMARY_COLUMNS}, text_body, html_body from outbox where id = $1`, [id]);
  return row ? { ...toSummary(row), text: row.text_body ?? null, html: row.html_body ?? null } : null;
}
