-- Orders placed at checkout (test mode: no payment provider).
create sequence order_number_seq start 1001;

create table orders (
  id bigserial primary key,
  number integer not null unique default nextval('order_number_seq'),
  -- Unguessable id for the confirmation page.
  token text not null unique,
  cart_token text not null,
  email text not null,
  phone text,
  shipping_address jsonb not null,
  lines jsonb not null,
  discount_codes text[] not null default '{}',
  subtotal_price integer not null,
  total_discount integer not null,
  shipping_price integer not null,
  total_price integer not null,
  currency text not null,
  test boolean not null default true,
  created_at timestamptz not null default now()
);
create index orders_cart_token_idx on orders (cart_token);

-- Stock moves far more often than the rest of the catalog; servers refresh
-- just the quantities when only this revision moved.
alter table catalog_meta add column inventory_revision bigint not null default 0;
