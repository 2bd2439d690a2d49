-- Catalog: products, variants, images, collections, menus.
create table products (
  id bigint primary key,
  handle text not null unique,
  title text not null,
  body_html text not null default '',
  vendor text not null default '',
  product_type text not null default '',
  tags text[] not null default '{}',
  options jsonb not null default '[]',
  metafields jsonb not null default '{}',
  published boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table product_images (
  id bigint primary key,
  product_id bigint not null references products(id) on delete cascade,
  position integer not null,
  alt text not null default '',
  width integer not null,
  height integer not null,
  src text not null,
  variant_ids bigint[] not null default '{}',
  -- How the generated picture is drawn (shape, colours, label).
  art jsonb not null default '{}'
);
create index product_images_product_idx on product_images (product_id, position);

create table variants (
  id bigint primary key,
  product_id bigint not null references products(id) on delete cascade,
  position integer not null,
  title text not null,
  option1 text,
  option2 text,
  option3 text,
  sku text not null default '',
  barcode text not null default '',
  price integer not null check (price >= 0),
  compare_at_price integer check (compare_at_price is null or compare_at_price >= 0),
  grams integer not null default 0,
  taxable boolean not null default true,
  requires_shipping boolean not null default true,
  inventory_management text check (inventory_management in ('shopify')),
  inventory_policy text not null default 'deny' check (inventory_policy in ('deny', 'continue')),
  inventory_quantity integer not null default 0,
  image_id bigint
);
create index variants_product_idx on variants (product_id, position);

create table collections (
  id bigint primary key,
  handle text not null unique,
  title text not null,
  body_html text not null default '',
  sort_order text not null default 'manual',
  hidden boolean not null default false,
  image_product_id bigint,
  published_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table collection_products (
  collection_id bigint not null references collections(id) on delete cascade,
  product_id bigint not null references products(id) on delete cascade,
  position integer not null,
  primary key (collection_id, product_id)
);
create index collection_products_position_idx on collection_products (collection_id, position);
create index collection_products_product_idx on collection_products (product_id);

create table menus (
  handle text primary key,
  items jsonb not null
);

-- A single row whose revision moves whenever the catalog changes, so every
-- app server can tell when its in-memory catalog is stale.
create table catalog_meta (
  id integer primary key check (id = 1),
  revision bigint not null
);
insert into catalog_meta (id, revision) values (1, 0);

-- Carts: one row per cart token; lines are kept as a JSON array so one row
-- lock serialises every change to a cart.
create table carts (
  token text primary key,
  note text,
  attributes jsonb not null default '{}',
  lines jsonb not null default '[]',
  discount_codes text[] not null default '{}',
  line_seq integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index carts_updated_idx on carts (updated_at);
