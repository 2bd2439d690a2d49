-- Free-shipping codes and usage limits. A free-shipping code has no value of
-- its own (0); the other kinds keep a positive one.
alter table discounts drop constraint discounts_value_type_check;
alter table discounts add constraint discounts_value_type_check check (value_type in ('percentage', 'fixed_amount', 'free_shipping'));
alter table discounts drop constraint discounts_value_check;
alter table discounts add constraint discounts_value_check check (value >= 0 and (value_type = 'free_shipping' or value > 0));
-- Orders that may use the code in all, and per customer email; null is no limit.
-- Uses are counted from orders.discount_codes, the codes each order applied.
alter table discounts add column usage_limit integer check (usage_limit is null or usage_limit > 0);
alter table discounts add column usage_limit_per_customer integer check (usage_limit_per_customer is null or usage_limit_per_customer > 0);
alter table discounts add column updated_at timestamptz not null default now();
