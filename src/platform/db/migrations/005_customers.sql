-- Customer accounts: customers, their sessions, addresses, password resets,
-- and what protects them (rate limits, the bot check's used solutions, the
-- secret behind the customer hash).

create table customers (
  id bigserial primary key,
  email text not null,
  first_name text not null default '',
  last_name text not null default '',
  accepts_marketing boolean not null default false,
  -- scrypt: the derived key and its salt in hex, and the parameters it was made with,
  -- so the cost can be raised later without locking anyone out.
  password_hash text not null,
  password_salt text not null,
  password_params jsonb not null,
  -- The customer's cart: it follows them to any browser they log in on.
  cart_token text,
  default_address_id bigint,
  created_at timestamptz not null default now()
);
create unique index customers_email_idx on customers (lower(email));

-- The cookie holds a random id; only its SHA-256 is kept, so a copy of this
-- table opens no session.
create table customer_sessions (
  id text primary key,
  customer_id bigint not null references customers(id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index customer_sessions_customer_idx on customer_sessions (customer_id);
create index customer_sessions_expires_idx on customer_sessions (expires_at);

create table customer_addresses (
  id bigserial primary key,
  customer_id bigint not null references customers(id) on delete cascade,
  first_name text not null,
  last_name text not null,
  company text,
  address1 text not null,
  address2 text,
  city text not null,
  province text,
  zip text not null,
  country text not null,
  phone text,
  created_at timestamptz not null default now()
);
create index customer_addresses_customer_idx on customer_addresses (customer_id, id);

-- Reset links: the token's SHA-256, usable once, within an hour.
create table password_reset_tokens (
  token_hash text primary key,
  customer_id bigint not null references customers(id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index password_reset_tokens_customer_idx on password_reset_tokens (customer_id);

-- Counters per key (an action and an address) and fixed window, so limits
-- hold across every server sharing the database.
create table rate_limit_hits (
  key text not null,
  window_start timestamptz not null,
  count integer not null default 0,
  primary key (key, window_start)
);
create index rate_limit_hits_window_idx on rate_limit_hits (window_start);

-- Secrets the shop makes for itself when none is configured (the customer hash's).
create table shop_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);

-- A shopper on their way through the bot check: what they were doing
-- (registering, with the details already checked and the password already
-- hashed; or logging in or recovering), keyed by the SHA-256 of a cookie.
create table pending_challenges (
  id text primary key,
  purpose text not null check (purpose in ('register', 'login', 'recover')),
  data jsonb not null default '{}',
  -- Set once the check is passed: a pass for one login or recover attempt.
  solved_at timestamptz,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index pending_challenges_expires_idx on pending_challenges (expires_at);

-- Every accepted proof of work, so a solution cannot be posted twice.
create table challenge_solutions (
  challenge_id text primary key,
  used_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index challenge_solutions_expires_idx on challenge_solutions (expires_at);

alter table orders add column customer_id bigint references customers(id) on delete set null;
create index orders_customer_idx on orders (customer_id, created_at desc);
