-- Subscription contracts: one per selling plan of an order placed by a
-- signed-in customer, and the renewal orders they make. Prices are minor
-- units of the contract's currency, fixed when the contract was made.
create table subscription_contracts (
  id bigserial primary key,
  customer_id bigint not null references customers(id) on delete cascade,
  origin_order_id bigint references orders(id) on delete set null,
  selling_plan_id bigint references selling_plans(id) on delete set null,
  interval text not null check (interval in ('day', 'week', 'month')),
  interval_count integer not null check (interval_count between 1 and 365),
  -- [{variant_id, quantity, selling_plan_id, price, title}]: price is the plan's price per unit.
  lines jsonb not null,
  -- The price per delivery (lines at their plan prices), and the delivery's shipping.
  delivery_price integer not null check (delivery_price >= 0),
  shipping_price integer not null check (shipping_price >= 0),
  shipping_method text not null,
  shipping_address jsonb not null,
  email text not null,
  currency text not null,
  site text not null,
  shop_url text,
  status text not null default 'active' check (status in ('active', 'paused', 'cancelled')),
  -- Deliveries are counted from the first one (the order that made the contract): delivery n is due on
  -- deliveryDate(anchor_date, interval, interval_count, n), so month ends never drift.
  anchor_date date not null,
  deliveries integer not null default 1,
  next_date date not null,
  cancel_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index subscription_contracts_customer_idx on subscription_contracts (customer_id, id);
create index subscription_contracts_due_idx on subscription_contracts (next_date) where status = 'active';

-- One renewal per contract and date, whoever (which server, which retry) runs it.
create table subscription_renewals (
  id bigserial primary key,
  contract_id bigint not null references subscription_contracts(id) on delete cascade,
  scheduled_date date not null,
  -- waiting: short of stock (the customer was told once); placed: the order exists.
  status text not null check (status in ('waiting', 'placed')),
  order_id bigint references orders(id) on delete set null,
  created_at timestamptz not null default now(),
  unique (contract_id, scheduled_date)
);

-- What the customer (or a renewal) did to a contract, in order.
create table subscription_events (
  id bigserial primary key,
  contract_id bigint not null references subscription_contracts(id) on delete cascade,
  kind text not null check (kind in ('created', 'renewed', 'waiting_for_stock', 'skipped', 'paused', 'resumed', 'cancelled')),
  detail jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index subscription_events_contract_idx on subscription_events (contract_id, id);
