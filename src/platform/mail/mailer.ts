/**
 * The shop's one way to send email. With `SMTP_URL` set, messages go through
 * that SMTP server; without it they are kept in the outbox table, which the
 * local mailbox page lists.
 */

/** One message, in plain text and HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes, when not to the shop (the shopper who wrote through the contact form). */
  replyTo?: string;
}

export interface Mailer {
  /** Sends (or keeps in the outbox) one message. */
  send(message: MailMessage): Promise<void>;
}
