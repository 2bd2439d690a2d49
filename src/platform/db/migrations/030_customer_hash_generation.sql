-- The customer hash's generation: a password reset moves it on, so a copy
-- of the hash taken before the reset proves nothing afterwards. Generation 0
-- is the hash as it was made before, so no page's hash changes with this.
alter table customers add column hash_generation integer not null default 0;
