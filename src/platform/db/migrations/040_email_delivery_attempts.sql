-- Email delivery through the job queue: how many times delivery was tried,
-- and when the shop gave up (the message is then a dead letter, listed in
-- the back office with its last error and its content kept).
alter table outbox add column attempts integer not null default 0;
alter table outbox add column gave_up_at timestamptz;
create index outbox_gave_up_idx on outbox (gave_up_at desc, id desc) where gave_up_at is not null;
