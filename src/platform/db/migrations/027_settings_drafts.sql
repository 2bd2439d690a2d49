-- A staff member's draft of the theme's settings, made in the theme editor: seen only in their own
-- preview until they publish it (a new settings version) or discard it. One draft per staff member.
create table settings_drafts (
  staff_id bigint primary key references staff(id) on delete cascade,
  -- The live version the draft was started from: publishing it is refused if another was published since.
  base integer not null,
  -- The whole settings as typed, the same shape as a version's.
  settings json not null,
  -- Counts the draft's changes, so a preview built from an older draft is known to be old.
  revision integer not null default 1,
  updated_at timestamptz not null default now()
);
