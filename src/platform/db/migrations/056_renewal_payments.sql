-- Renewals charged through the payment provider: the card kept at checkout
-- (the provider's customer and payment method) on each contract, each
-- renewal's payment tries, and a contract `failed` after its last try.

-- The shopper as the provider knows them, made once and reused by their later checkouts.
alter table customers add column payment_customer_id text;

alter table subscription_contracts
  add column payment_customer_id text,
  add column payment_method_id text,
  -- The day an unpaid renewal is tried again, while one is (shown to the customer).
  add column payment_retry_on date;
alter table subscription_contracts drop constraint subscription_contracts_status_check;
alter table subscription_contracts add constraint subscription_contracts_status_check check (status in ('active', 'paused', 'cancelled', 'failed'));

-- charging: the order is placed and its payment is being taken or will be tried again on `retry_on`;
-- failed: every try was declined, the order was voided.
alter table subscription_renewals drop constraint subscription_renewals_status_check;
alter table subscription_renewals add constraint subscription_renewals_status_check check (status in ('waiting', 'placed', 'charging', 'failed'));
alter table subscription_renewals
  add column declined integer not null default 0,
  add column first_declined_on date,
  add column retry_on date;
create index subscription_renewals_charging_idx on subscription_renewals (retry_on) where status = 'charging';

alter table subscription_events drop constraint subscription_events_kind_check;
alter table subscription_events add constraint subscription_events_kind_check check (kind in (
  'created', 'renewed', 'waiting_for_stock', 'skipped', 'paused', 'resumed', 'cancelled',
  'reminded', 'delayed', 'delivered_now', 'frequency_changed', 'quantity_changed', 'swapped', 'price_overridden',
  'charged', 'payment_failed', 'card_updated'
));
