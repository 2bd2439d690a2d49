-- The French site speaks French. Settings published before the catalogues
-- existed gave it the language "en-FR" (English words, French formats); the
-- live settings get a new version with "fr-FR", so every server picks it up
-- as it picks up any publish. Only the language tag changes: the rest of the
-- settings keep the text the merchant typed, byte for byte.

-- A draft started from the live version is moved onto the new one (it only
-- differs by the language), so it can still be published.
update settings_drafts
   set base = base + 1
 where base = (select max(number) from settings_versions)
   and exists (
     select 1 from settings_versions v, json_array_elements(v.settings -> 'geo' -> 'sites') as site
      where v.number = settings_drafts.base and site ->> 'language' = 'en-FR');

insert into settings_versions (number, settings, note)
select v.number + 1,
       regexp_replace(v.settings::text, '("language"\s*:\s*)"en-FR"', '\1"fr-FR"', 'g')::json,
       'The French site speaks French (language fr-FR, was en-FR)'
  from settings_versions v
 where v.number = (select max(number) from settings_versions)
   and exists (select 1 from json_array_elements(v.settings -> 'geo' -> 'sites') as site where site ->> 'language' = 'en-FR');

update settings_drafts
   set settings = regexp_replace(settings::text, '("language"\s*:\s*)"en-FR"', '\1"fr-FR"', 'g')::json,
       revision = revision + 1,
       updated_at = now()
 where exists (select 1 from json_array_elements(settings -> 'geo' -> 'sites') as site where site ->> 'language' = 'en-FR');

-- The language of the site an order was placed on: its emails speak it.
-- Orders placed before were placed in English.
alter table orders add column locale text not null default 'en-GB' check (locale ~ '^[a-z]{2,3}(-[A-Z]{2})?$');
