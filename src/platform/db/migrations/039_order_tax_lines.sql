-- The tax an order carries, as its checkout worked it out: each tax with its
-- rate and amount, their sum, and whether the prices included them (VAT, GST)
-- or they were added to the total (sales tax). Orders placed before carry none.
alter table orders
  add column tax_lines jsonb not null default '[]',
  add column total_tax bigint not null default 0,
  add column taxes_included boolean not null default false;
