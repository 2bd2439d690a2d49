-- The shop's sites (markets) each price in their own currency.

-- A cart is priced in the currency of the site its shopper last used; null is the shop's own currency.
alter table carts add column currency text;

-- The merchant's fixed prices on a site; a variant without one takes its base price converted at the site's rate.
create table variant_site_prices (
  variant_id bigint not null references variants(id) on delete cascade,
  site_code text not null,
  price bigint not null check (price >= 0),
  compare_at_price bigint check (compare_at_price is null or compare_at_price >= 0),
  primary key (variant_id, site_code)
);

-- A fixed-amount code's value and minimum in other currencies, minor units by currency code
-- ({"EUR": {"value": 600, "minimumSubtotal": 3500}}); a currency not listed takes them converted.
alter table discounts add column currency_values jsonb not null default '{}';
