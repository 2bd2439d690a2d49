-- Payments through a provider (Stripe Checkout). An order placed while the
-- provider is set waits for its payment as `pending`, holding its stock until
-- the provider says it was paid (`paid`) or its session ended unpaid
-- (`voided`, stock and gift card money given back). Orders placed before, and
-- test orders, were `paid` when placed.
alter table orders
  add column payment_status text not null default 'paid' check (payment_status in ('pending', 'paid', 'voided')),
  add column payment_provider text,
  -- The provider's checkout session, the address the shopper pays at, and until when.
  add column payment_session_id text,
  add column payment_url text,
  add column payment_expires_at timestamptz,
  -- The provider's payment (a PaymentIntent id), and how it was paid ("Visa •••• 4242").
  add column payment_reference text,
  add column payment_method text,
  add column paid_at timestamptz,
  -- The shop's address as the shopper reached it, for the emails sent once the payment arrives.
  add column shop_url text;
create unique index orders_payment_session_idx on orders (payment_session_id) where payment_session_id is not null;

-- A refund's id at the provider, when money went back through it.
alter table refunds add column provider_refund_id text;

-- Every provider event handled, by its id: one that arrives again is answered and ignored.
create table payment_events (
  id text primary key,
  type text not null,
  order_id bigint references orders(id) on delete set null,
  received_at timestamptz not null default now()
);
