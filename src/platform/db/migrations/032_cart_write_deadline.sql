-- A cart write commits only before the deadline its server set for it
-- (shop.write_deadline, a time stamp, set for the transaction), checked at
-- the commit itself: a write the server gave up waiting for, and answered
-- 503, cannot land later when a frozen database resumes. A transaction that
-- sets no deadline is not checked.
create function cart_write_deadline() returns trigger
language plpgsql as $$
declare
  deadline text := current_setting('shop.write_deadline', true);
begin
  if deadline is not null and deadline <> '' and clock_timestamp() > deadline::timestamptz then
    raise exception 'The cart write came after its deadline (%), so it was not made.', deadline using errcode = '57014';
  end if;
  return null;
end $$;

create constraint trigger carts_write_deadline after insert or update on carts
  deferrable initially deferred for each row execute function cart_write_deadline();
