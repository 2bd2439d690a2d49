-- Free skin consultations booked from the routine builder.
create table bookings (
  id bigserial primary key,
  reference text not null unique,
  type text not null check (type in ('video', 'in-store', 'email')),
  name text not null,
  email text not null,
  -- The day and time asked for (video, in store), or the shopper's message (email).
  date date,
  time text,
  store text,
  message text,
  customer_id bigint references customers(id) on delete set null,
  created_at timestamptz not null default now()
);
create index bookings_created_idx on bookings (created_at);
