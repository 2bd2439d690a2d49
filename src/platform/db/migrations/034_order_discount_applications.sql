-- The codes an order was given, each with what it took, so its pages and email
-- name every saving as the checkout did. Orders placed before stay null and are
-- read from their codes and total discount.
alter table orders add column discount_applications jsonb;
