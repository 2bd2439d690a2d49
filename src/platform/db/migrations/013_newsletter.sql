-- The shop's email list: one row per address, confirmed by a signed link
-- (double opt-in) before anything but the confirmation is sent to it.
create table subscribers (
  id bigserial primary key,
  email text not null,
  status text not null default 'pending' check (status in ('pending', 'active', 'unsubscribed')),
  lists text[] not null default '{}',
  skintype text,
  skin_sensitivity text,
  -- Where the sign-up came from (the footer, the popup) and what the shopper agreed to, when.
  source text not null default 'form',
  consent_text text not null,
  consent_at timestamptz not null default now(),
  customer_id bigint references customers(id) on delete set null,
  -- Changes with every sign-up; a confirmation link names the one it was sent with, so an old link cannot confirm.
  confirm_nonce text,
  confirmed_at timestamptz,
  unsubscribed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index subscribers_email_idx on subscribers (lower(email));

-- A shopper's saved bundle recorded against their email, once, for a reminder.
create table subscriber_bundles (
  id bigserial primary key,
  email text not null,
  customer_id bigint references customers(id) on delete set null,
  data jsonb not null,
  created_at timestamptz not null default now()
);
create unique index subscriber_bundles_email_idx on subscriber_bundles (lower(email));
