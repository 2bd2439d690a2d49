-- A cart change in one round trip. The shop works out the changed cart from
-- the cart and the stock it last saw; cart_apply writes it under the cart's
-- row lock only if the cart (its row version, xmin) and the stock of the
-- variants the change read are still what the shop saw. Otherwise it writes
-- nothing and answers the cart and the stock as they are now, and the shop
-- works the change out again. `p_write` false only checks (a change the shop
-- refuses is refused only if it was worked out from the current cart).
-- Stock is a JSON object: variant id → [inventory_management, inventory_policy, inventory_quantity].
create function cart_apply(
  p_token text,
  p_version text,
  p_stock_ids bigint[],
  p_stock jsonb,
  p_write boolean,
  p_note text,
  p_attributes jsonb,
  p_lines jsonb,
  p_codes text[],
  p_line_seq integer,
  p_currency text
) returns table (
  applied boolean,
  version text,
  note text,
  attributes jsonb,
  lines jsonb,
  discount_codes text[],
  line_seq integer,
  currency text,
  stock jsonb
)
language plpgsql
as $$
#variable_conflict use_column
declare
  v_version text;
  v_note text;
  v_attributes jsonb;
  v_lines jsonb;
  v_codes text[];
  v_line_seq integer;
  v_currency text;
  v_stock jsonb;
  v_found boolean;
begin
  -- The row lock serialises every change to one cart, as the transaction of a change always did.
  select c.xmin::text, c.note, c.attributes, c.lines, c.discount_codes, c.line_seq, c.currency
    into v_version, v_note, v_attributes, v_lines, v_codes, v_line_seq, v_currency
    from carts c where c.token = p_token for update;
  v_found := found;
  select coalesce(jsonb_object_agg(v.id::text, jsonb_build_array(v.inventory_management, v.inventory_policy, v.inventory_quantity)), '{}'::jsonb)
    into v_stock
    from variants v where v.id = any(p_stock_ids);
  if v_version is distinct from p_version or v_stock is distinct from p_stock then
    return query select false, v_version, v_note, v_attributes, v_lines, v_codes, v_line_seq, v_currency, v_stock;
    return;
  end if;
  if not p_write then
    return query select true, v_version, null::text, null::jsonb, null::jsonb, null::text[], null::integer, null::text, v_stock;
    return;
  end if;
  if v_found then
    update carts c
       set note = p_note, attributes = p_attributes, lines = p_lines, discount_codes = p_codes,
           line_seq = p_line_seq, currency = p_currency, updated_at = now()
     where c.token = p_token
     returning c.xmin::text into v_version;
  else
    insert into carts as c (token, note, attributes, lines, discount_codes, line_seq, currency)
         values (p_token, p_note, p_attributes, p_lines, p_codes, p_line_seq, p_currency)
    on conflict (token) do nothing
    returning c.xmin::text into v_version;
    if v_version is null then
      -- Another change created the cart meanwhile: answer it as it is now.
      select c.xmin::text, c.note, c.attributes, c.lines, c.discount_codes, c.line_seq, c.currency
        into v_version, v_note, v_attributes, v_lines, v_codes, v_line_seq, v_currency
        from carts c where c.token = p_token for update;
      return query select false, v_version, v_note, v_attributes, v_lines, v_codes, v_line_seq, v_currency, v_stock;
      return;
    end if;
  end if;
  return query select true, v_version, null::text, null::jsonb, null::jsonb, null::text[], null::integer, null::text, v_stock;
end;
$$;
