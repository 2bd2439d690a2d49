-- The theme's settings as the merchant publishes them: one row per version, the newest is live.
-- The number is the key, so two publishes from the same version cannot both become the next one.
create table settings_versions (
  number integer primary key check (number > 0),
  -- The settings as typed (money in whole units), the same shape as config/settings.json.
  settings json not null,
  staff_id bigint references staff(id) on delete set null,
  note text not null default '',
  -- A restore publishes a copy of this earlier version.
  restored_from integer,
  published_at timestamptz not null default now()
);
