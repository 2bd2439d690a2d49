-- Product alerts (back in stock, price drops) keep the language of the page
-- the shopper followed on, so the confirmation and the alert speak it. An
-- alert kept before this has none: it speaks its site's language.
alter table back_in_stock_requests add column locale text;
alter table price_drop_follows add column locale text;
