-- "Email me when it's back": one row per shopper's request for a sold-out
-- variant. It counts once confirmed by a signed link (double opt-in); when
-- the variant is in stock again a sender claims due rows in order of request
-- (status 'sending' in a transaction, so two servers never both take one),
-- sends one email each and marks them 'sent'.
create table back_in_stock_requests (
  id bigserial primary key,
  variant_id bigint not null references variants(id) on delete cascade,
  email text not null,
  status text not null default 'pending' check (status in ('pending', 'waiting', 'sending', 'sent')),
  -- The site the shopper asked on: the email names the price in its currency and links to it.
  site_code text not null,
  shop_url text not null,
  customer_id bigint references customers(id) on delete set null,
  consent_text text not null,
  -- Changes with every request; a confirmation link names the one it was sent with.
  confirm_nonce text not null,
  requested_at timestamptz not null default now(),
  confirmed_at timestamptz,
  claimed_at timestamptz,
  sent_at timestamptz
);
-- One open request per address and variant; a sent one makes room for the next.
create unique index back_in_stock_open_idx on back_in_stock_requests (variant_id, lower(email)) where status <> 'sent';
create index back_in_stock_due_idx on back_in_stock_requests (variant_id, confirmed_at, id) where status = 'waiting';
