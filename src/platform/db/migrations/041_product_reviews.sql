-- Product reviews. Each waits for the merchant: a guest's first for the
-- confirmation link emailed to them ('unconfirmed'), then for approval
-- ('pending'); approved ones are shown and summed into the product's rating,
-- rejected ones keep the merchant's reason. One review per product per
-- customer, and per email address: writing again edits it (and it waits
-- again).
create table product_reviews (
  id bigserial primary key,
  product_id bigint not null references products(id) on delete cascade,
  customer_id bigint references customers(id) on delete set null,
  email text not null,
  author text not null,
  rating smallint not null check (rating between 1 and 5),
  title text not null,
  body text not null,
  skin_type text,
  concern text,
  verified_buyer boolean not null default false,
  status text not null default 'pending' check (status in ('unconfirmed', 'pending', 'approved', 'rejected')),
  -- The automatic holds (link, profanity, repeat) the merchant is shown.
  holds text[] not null default '{}',
  rejection_reason text,
  reply text,
  replied_at timestamptz,
  confirm_nonce text,
  site_code text not null,
  shop_url text not null,
  -- Set once the shopper has been told the review is published, so an edit approved again tells them nothing new.
  published_notice_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  moderated_at timestamptz
);
-- A guest's unconfirmed review is a draft beside the review it will replace once its link is followed (so
-- nobody edits another's review by knowing their address): one draft and one review per product and address.
create unique index product_reviews_one_per_email_idx on product_reviews (product_id, lower(email)) where status <> 'unconfirmed';
create unique index product_reviews_one_draft_per_email_idx on product_reviews (product_id, lower(email)) where status = 'unconfirmed';
create unique index product_reviews_one_per_customer_idx on product_reviews (product_id, customer_id) where customer_id is not null;
create index product_reviews_shown_idx on product_reviews (product_id, created_at desc) where status = 'approved';
create index product_reviews_waiting_idx on product_reviews (status, created_at);

-- Up to three photos a review, kept resized (WebP, metadata stripped); served from /reviews/photos/{id}.webp.
create table review_photos (
  id bigserial primary key,
  review_id bigint not null references product_reviews(id) on delete cascade,
  position smallint not null,
  width integer not null,
  height integer not null,
  webp bytea not null
);
create index review_photos_review_idx on review_photos (review_id, position);

-- Questions about a product; shown once the merchant has answered.
create table product_questions (
  id bigserial primary key,
  product_id bigint not null references products(id) on delete cascade,
  customer_id bigint references customers(id) on delete set null,
  email text not null,
  author text not null,
  question text not null,
  answer text,
  answered_at timestamptz,
  hidden boolean not null default false,
  created_at timestamptz not null default now()
);
create index product_questions_product_idx on product_questions (product_id, created_at desc);

-- "Tell me what you thought": one email per fulfilled order, sent once the delay after fulfilment has passed.
-- The shop's address as the shopper placed the order (site prefix included), for the email's links.
alter table orders add column review_request_sent_at timestamptz, add column if not exists shop_url text;
create index orders_review_request_due_idx on orders (fulfilled_at) where fulfillment_status = 'fulfilled' and review_request_sent_at is null;
-- Orders fulfilled before reviews existed are not asked about months later.
update orders set review_request_sent_at = now() where fulfillment_status = 'fulfilled';
