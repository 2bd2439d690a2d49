-- A menu's version: when it was last saved, so an edit made from an older
-- copy of the menu is refused instead of overwriting someone else's.
alter table menus add column updated_at timestamptz not null default now();
