-- The shop's written content: pages, the journal's articles and the legal
-- policies, with their HTML sanitised when saved; and the messages shoppers
-- send through the contact form.

create table pages (
  id bigserial primary key,
  handle text not null unique,
  title text not null,
  template text not null default 'page' check (template in ('page', 'faq', 'glossary', 'contact')),
  body_html text not null default '',
  -- The structure of a FAQ or glossary page: its questions or ingredients.
  data jsonb not null default '{}',
  seo_title text not null default '',
  seo_description text not null default '',
  published boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table blogs (
  id bigserial primary key,
  handle text not null unique,
  title text not null,
  description text not null default ''
);

create table articles (
  id bigserial primary key,
  blog_id bigint not null references blogs(id) on delete cascade,
  handle text not null,
  title text not null,
  author text not null,
  excerpt text not null default '',
  body_html text not null default '',
  tags text[] not null default '{}',
  image_product text,
  seo_title text not null default '',
  seo_description text not null default '',
  published_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (blog_id, handle)
);
create index articles_published_idx on articles (blog_id, published_at desc);

create table policies (
  handle text primary key check (handle in ('privacy-policy', 'shipping-policy', 'refund-policy', 'terms-of-service')),
  title text not null,
  body_html text not null,
  updated_at timestamptz not null default now()
);

create table contact_messages (
  id bigserial primary key,
  name text not null,
  email text not null,
  phone text,
  order_number text,
  body text not null,
  customer_id bigint references customers(id) on delete set null,
  created_at timestamptz not null default now()
);
create index contact_messages_created_idx on contact_messages (created_at);

-- Where a reply to a kept message goes (a contact message's sender).
alter table outbox add column reply_to text;
