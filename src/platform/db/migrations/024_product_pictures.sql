-- Pictures the merchant uploads for a product. The original is kept once, in
-- the database, so every server behind a load balancer can resize it; the
-- served sizes are made from it on demand. A product with pictures shows
-- them in place of its generated art (product_images).
create sequence product_picture_id_seq start 50000000000000;

create table product_pictures (
  id bigint primary key default nextval('product_picture_id_seq'),
  product_id bigint not null references products(id) on delete cascade,
  -- 1 is the main picture.
  position integer not null,
  alt text not null,
  -- The variant it shows, or null for the whole product.
  variant_id bigint references variants(id) on delete set null,
  format text not null check (format in ('jpeg', 'png', 'webp', 'avif')),
  -- Upright, as shown (the camera's orientation applied).
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  byte_size integer not null,
  -- SHA-256 of the original, hex: it names the served addresses.
  content_hash text not null,
  original bytea not null,
  uploaded_by bigint references staff(id) on delete set null,
  created_at timestamptz not null default now()
);
create index product_pictures_product_idx on product_pictures (product_id, position);
create index product_pictures_hash_idx on product_pictures (content_hash);
