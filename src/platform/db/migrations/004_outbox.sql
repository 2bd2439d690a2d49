-- Every email the shop sends, newest last. Without an SMTP server the message
-- stays here whole (the local mailbox page reads it); with one, the row is the
-- shop's log of what went out and when, and its content is dropped once the
-- server has accepted it, so the log never keeps a password-reset link alive.
create table outbox (
  id bigserial primary key,
  recipient text not null,
  subject text not null,
  text_body text,
  html_body text,
  -- 'outbox': kept here, no SMTP server configured; 'smtp': handed to the SMTP server.
  via text not null check (via in ('outbox', 'smtp')),
  created_at timestamptz not null default now(),
  -- When the SMTP server accepted the message, and the id it gave it.
  sent_at timestamptz,
  message_id text,
  -- Why the SMTP server did not take it.
  error text
);
create index outbox_created_at_idx on outbox (created_at desc, id desc);
