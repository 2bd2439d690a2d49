-- The language of the site a shopper used, so the emails sent to them later speak it
-- (orders have recorded theirs since migration 043). Rows from before were made in
-- English, the shop's source language.
alter table customers add column locale text not null default 'en-GB' check (locale ~ '^[a-z]{2,3}(-[A-Z]{2})?$');
alter table subscribers add column locale text not null default 'en-GB' check (locale ~ '^[a-z]{2,3}(-[A-Z]{2})?$');
-- A cart speaks the language of the site that last changed it, as it takes that site's currency.
alter table carts add column locale text not null default 'en-GB' check (locale ~ '^[a-z]{2,3}(-[A-Z]{2})?$');
