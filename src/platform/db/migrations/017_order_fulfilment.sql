-- Fulfilment: the back office marks an order sent (with its parcel's tracking number) or cancelled.
alter table orders
  add column fulfillment_status text not null default 'unfulfilled' check (fulfillment_status in ('unfulfilled', 'fulfilled', 'cancelled')),
  add column tracking_number text,
  add column fulfilled_at timestamptz;

-- The back office's order list: newest first, optionally of one status.
create index orders_admin_list_idx on orders (created_at desc, fulfillment_status);
