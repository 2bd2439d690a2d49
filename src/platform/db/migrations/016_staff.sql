-- The merchant's back office: staff accounts (owner or staff), their sessions, and the audit log.

create table staff (
  id bigserial primary key,
  email text not null,
  name text not null default '',
  role text not null check (role in ('owner', 'staff')),
  password_hash text not null,
  password_salt text not null,
  password_params jsonb not null,
  created_at timestamptz not null default now(),
  disabled_at timestamptz
);
create unique index staff_email_idx on staff (lower(email));

-- A session is kept by the hash of its token: the database alone cannot sign anyone in.
create table staff_sessions (
  id text primary key,
  staff_id bigint not null references staff(id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index staff_sessions_expires_idx on staff_sessions (expires_at);

-- Every back-office action: who, what, on what, when, and the record before and after.
create table audit_log (
  id bigserial primary key,
  staff_id bigint references staff(id) on delete set null,
  action text not null,
  subject text not null default '',
  before jsonb,
  after jsonb,
  at timestamptz not null default now()
);
create index audit_log_at_idx on audit_log (at);
