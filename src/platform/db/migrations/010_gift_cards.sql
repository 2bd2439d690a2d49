-- Gift cards bought in the shop: one per unit ordered. Only the code's
-- SHA-256 is kept (a copy of this table spends nothing) with its last four
-- characters to name it. Every change of balance is a transaction row.
create table gift_cards (
  id bigserial primary key,
  code_hash text not null unique,
  last_characters text not null,
  initial_value bigint not null check (initial_value > 0),
  balance bigint not null check (balance >= 0),
  currency text not null,
  order_id bigint references orders(id),
  email text not null,
  created_at timestamptz not null default now(),
  disabled_at timestamptz
);

create table gift_card_transactions (
  id bigserial primary key,
  gift_card_id bigint not null references gift_cards(id),
  order_id bigint references orders(id),
  -- Negative when spent.
  amount bigint not null,
  created_at timestamptz not null default now()
);
create index gift_card_transactions_card_idx on gift_card_transactions (gift_card_id);

-- What a gift card paid of the order; the rest is due by other means.
alter table orders add column gift_card_amount bigint not null default 0;
alter table orders add column gift_card_last_characters text;
