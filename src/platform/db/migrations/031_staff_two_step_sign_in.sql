-- Staff sign-in under attack: a second factor (an authenticator app's codes,
-- and one-time recovery codes), sign-ins waiting on that second step, the
-- owner's rule that everyone uses it, sessions a member can see and end, and
-- the address of every sign-in attempt in the audit log.

-- The authenticator secret, encrypted with a key from the shop's secrets; the
-- pending one while it is being set up; the last code's time step, so a code
-- is accepted once.
alter table staff add column two_step_secret text;
alter table staff add column two_step_pending_secret text;
alter table staff add column two_step_last_step bigint;

-- Recovery codes are kept by their SHA-256 only; each opens one sign-in.
create table staff_recovery_codes (
  staff_id bigint not null references staff(id) on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  primary key (staff_id, code_hash)
);

-- A sign-in whose password was right, waiting for a code ('code') or for
-- two-step sign-in to be set up ('setup'); kept by the hash of its token.
create table staff_sign_ins (
  id text primary key,
  staff_id bigint not null references staff(id) on delete cascade,
  stage text not null check (stage in ('code', 'setup')),
  failed_codes integer not null default 0,
  expires_at timestamptz not null
);
create index staff_sign_ins_expires_idx on staff_sign_ins (expires_at);

-- The back office's own rules: one row.
create table back_office_rules (
  id boolean primary key default true check (id),
  two_step_required boolean not null default false
);
insert into back_office_rules (id) values (true);

-- A session shows where it started, and has a number to end it by (its id is a secret's hash).
alter table staff_sessions add column number bigserial;
alter table staff_sessions add column address text not null default '';
alter table staff_sessions add column device text not null default '';
create index staff_sessions_staff_idx on staff_sessions (staff_id);

alter table audit_log add column address text;
