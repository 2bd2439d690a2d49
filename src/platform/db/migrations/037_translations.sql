-- The catalogue's own words in other languages: one row per translated field
-- of a product, collection or menu, for one locale ("fr-FR"). A resource is
-- named by its handle, as a translator's spreadsheet names it; a field left
-- out falls back to the original. Saving bumps the catalog revision, so every
-- server reloads its catalogue (and its translations) within a second.
create table translations (
  resource_type text not null check (resource_type in ('product', 'collection', 'menu')),
  resource_key text not null,
  field text not null,
  locale text not null check (locale ~ '^[a-z]{2,3}(-[A-Z]{2})?$'),
  value text not null,
  updated_at timestamptz not null default now(),
  primary key (locale, resource_type, resource_key, field)
);
