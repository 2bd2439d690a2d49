-- Every change the back office makes to a variant's stock: by how much, the count after it, why, and who.
create table stock_adjustments (
  id bigserial primary key,
  variant_id bigint not null references variants(id) on delete cascade,
  staff_id bigint references staff(id) on delete set null,
  delta integer not null,
  quantity_after integer not null,
  reason text not null,
  note text not null default '',
  at timestamptz not null default now()
);
create index stock_adjustments_variant_at_idx on stock_adjustments (variant_id, at);
-- The latest adjustments across the shop, newest first.
create index stock_adjustments_at_idx on stock_adjustments (at);
