-- Subscribe and save, in Shopify's selling-plan terms: a product's selling
-- plan groups, each with its plans (a delivery frequency and a price
-- adjustment). Fixed amounts and set prices are minor units of the shop's
-- base currency, converted per site as the catalog's prices are.
create table selling_plan_groups (
  id bigserial primary key,
  product_id bigint not null references products(id) on delete cascade,
  -- Shopify answers a group's id as an opaque string.
  key text not null unique default md5(random()::text || clock_timestamp()::text),
  name text not null,
  option_name text not null default 'Deliver every',
  position integer not null default 1,
  created_at timestamptz not null default now()
);
create index selling_plan_groups_product_idx on selling_plan_groups (product_id, position);

create table selling_plans (
  id bigserial primary key,
  group_id bigint not null references selling_plan_groups(id) on delete cascade,
  position integer not null default 1,
  interval text not null check (interval in ('day', 'week', 'month')),
  interval_count integer not null check (interval_count between 1 and 365),
  adjustment_type text check (adjustment_type in ('percentage', 'fixed_amount', 'price')),
  adjustment_value integer check (adjustment_value >= 0),
  check ((adjustment_type is null) = (adjustment_value is null)),
  check (adjustment_type <> 'percentage' or adjustment_value <= 100)
);
create index selling_plans_group_idx on selling_plans (group_id, position);
