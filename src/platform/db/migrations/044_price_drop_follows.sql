-- "Tell me when the price drops": one row per shopper following a product
-- on one site. A signed-in customer follows at once; a guest's follow counts
-- once confirmed by a signed link (double opt-in). The row keeps the lowest
-- price the follower knows of in the site's currency; when the site's price
-- falls below it a sender claims the row (status 'sending' in a transaction,
-- so two servers never both take one), keeps one email and the new known
-- price in the same commit, and puts the row back to 'following'. An
-- unfollow link removes the row.
create table price_drop_follows (
  id bigserial primary key,
  product_id bigint not null references products(id) on delete cascade,
  email text not null,
  status text not null default 'pending' check (status in ('pending', 'following', 'sending')),
  -- The site the shopper followed on: its prices, its currency, its address in the email.
  site_code text not null,
  shop_url text not null,
  customer_id bigint references customers(id) on delete set null,
  consent_text text not null,
  -- The lowest price the follower knows of (minor units of known_currency).
  known_price bigint not null,
  known_currency text not null,
  -- Changes with every guest request; a confirmation link names the one it was sent with.
  confirm_nonce text not null,
  followed_at timestamptz not null default now(),
  confirmed_at timestamptz,
  claimed_at timestamptz,
  last_emailed_at timestamptz
);
-- One follow per address and product.
create unique index price_drop_follows_one_idx on price_drop_follows (product_id, lower(email));
create index price_drop_follows_due_idx on price_drop_follows (site_code, id) where status <> 'pending';
