-- Translations reach the content a shopper reads besides the catalogue:
-- content pages, policies, the journal (its blogs and articles) and the
-- merchant's shopper-facing settings texts (popups, the announcement bar,
-- the threshold bars). A page, policy or blog is named by its handle, an
-- article by "<blog handle>/<article handle>", a settings text by its path
-- in the settings ("announcement.text"). Same table, same fallback: a field
-- without a translation shows the original.
alter table translations drop constraint translations_resource_type_check;
alter table translations add constraint translations_resource_type_check
  check (resource_type in ('product', 'collection', 'menu', 'page', 'policy', 'blog', 'article', 'setting'));
