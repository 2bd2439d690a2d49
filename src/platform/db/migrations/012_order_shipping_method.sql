-- How an order travels: the delivery method the shopper chose at checkout.
alter table orders add column shipping_method text not null default 'standard' check (shipping_method in ('standard', 'express'));
