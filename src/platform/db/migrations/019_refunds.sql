-- Refunds and cancellations: what was given back of an order, when and by whom.
alter table orders
  add column total_refunded bigint not null default 0,
  add column cancelled_at timestamptz,
  add column cancel_reason text;

-- One row per refund: the units given back per line (by their index in the
-- order), the shipping, the money (and how much of it went back onto the
-- gift card that paid), and whether the units went back into stock.
create table refunds (
  id bigserial primary key,
  order_id bigint not null references orders(id) on delete cascade,
  staff_id bigint references staff(id) on delete set null,
  amount bigint not null check (amount >= 0),
  gift_card_amount bigint not null default 0 check (gift_card_amount >= 0),
  shipping bigint not null default 0,
  lines jsonb not null,
  restocked boolean not null,
  note text not null default '',
  at timestamptz not null default now()
);
create index refunds_order_idx on refunds (order_id, at);
