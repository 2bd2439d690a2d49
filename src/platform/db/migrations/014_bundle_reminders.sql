-- A saved bundle's reminder email goes once: the time it was sent (or passed over) is kept with the record.
alter table subscriber_bundles add column reminded_at timestamptz;
create index subscriber_bundles_due_idx on subscriber_bundles (created_at) where reminded_at is null;
