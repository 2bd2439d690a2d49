-- Discount codes. A cart keeps the codes a shopper entered as given; they are
-- looked up here (case-insensitively) every time the cart is priced.
create table discounts (
  id bigserial primary key,
  code text not null check (code <> ''),
  title text not null default '',
  value_type text not null check (value_type in ('percentage', 'fixed_amount')),
  -- percentage: percent off (up to 100); fixed_amount: amount off in minor units.
  value numeric(12, 2) not null check (value > 0),
  -- Minor units; the cart's paid items must reach it.
  minimum_subtotal integer not null default 0 check (minimum_subtotal >= 0),
  starts_at timestamptz,
  ends_at timestamptz,
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  check (value_type <> 'percentage' or value <= 100),
  check (value_type <> 'fixed_amount' or value = trunc(value)),
  check (starts_at is null or ends_at is null or starts_at < ends_at)
);
create unique index discounts_code_idx on discounts (lower(code));

-- Who viewed a product lately, for the honest "people viewing this" counter:
-- one row per product and viewer, refreshed on each view, old rows swept.
create table product_views (
  product_id bigint not null,
  viewer_id text not null,
  seen_at timestamptz not null,
  primary key (product_id, viewer_id)
);
create index product_views_recent_idx on product_views (product_id, seen_at);
create index product_views_seen_idx on product_views (seen_at);
