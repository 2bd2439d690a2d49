-- Abandoned-cart reminders (issue 41).

-- The cart a guest subscriber signed up with in their browser: the cart is known by their email once they confirm.
alter table subscribers add column cart_token text;
create index subscribers_cart_token_idx on subscribers (cart_token) where cart_token is not null;

-- One reminder per cart: a cart is its token, the row it is kept in (a cart deleted as abandoned and started
-- again is another cart) and the orders placed from the token before it (a checkout ends a cart). The unique key
-- is the claim: of two servers sending at once, one inserts the row and sends, the other inserts nothing.
create table cart_reminders (
  id bigserial primary key,
  cart_token text not null,
  cart_created_at timestamptz not null,
  checkouts integer not null,
  email text not null,
  customer_id bigint references customers(id) on delete cascade,
  subscriber_id bigint references subscribers(id) on delete cascade,
  created_at timestamptz not null default now(),
  unique (cart_token, cart_created_at, checkouts)
);

-- The reminder looks a cart's customer up by the cart that follows them.
create index customers_cart_token_idx on customers (cart_token) where cart_token is not null;
