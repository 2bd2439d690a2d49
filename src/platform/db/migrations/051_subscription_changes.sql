-- Subscribe and save, third round: the reminder before each renewal, the
-- customer's new changes (delay, deliver now, frequency, quantity, swap) and
-- the merchant's price override, each recorded as an event.

-- One reminder per contract and delivery date, claimed before its email goes,
-- so two runs of the queue (two servers, a retry) send it once.
create table subscription_reminders (
  contract_id bigint not null references subscription_contracts(id) on delete cascade,
  scheduled_date date not null,
  created_at timestamptz not null default now(),
  primary key (contract_id, scheduled_date)
);

alter table subscription_events drop constraint subscription_events_kind_check;
alter table subscription_events add constraint subscription_events_kind_check check (kind in (
  'created', 'renewed', 'waiting_for_stock', 'skipped', 'paused', 'resumed', 'cancelled',
  'reminded', 'delayed', 'delivered_now', 'frequency_changed', 'quantity_changed', 'swapped', 'price_overridden'
));
