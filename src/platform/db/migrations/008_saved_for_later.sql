-- Saved for later: a logged-in customer's list (the quiz's and the kit's picks,
-- cart lines moved out of the cart), one row per customer, replaced whole each
-- time the browser sends it, so it follows them to any device.

create table saved_for_later (
  customer_id bigint primary key references customers(id) on delete cascade,
  items jsonb not null default '[]',
  updated_at timestamptz not null default now()
);
