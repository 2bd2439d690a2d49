-- A cart change records the language of the site that made it in the same
-- write, so the Irish and French sites (both in euros) need no second
-- statement to say which of them a cart belongs to. A null language (a site
-- whose currency already tells it) leaves the cart's as it was.
drop function cart_apply_many(jsonb);
drop function cart_apply(text, text, bigint[], jsonb, boolean, text, jsonb, jsonb, text[], integer, text, text[]);

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
  p_currency text,
  p_removed_gifts text[],
  p_locale text
) returns table (
  applied boolean,
  version text,
  note text,
  attributes jsonb,
  lines jsonb,
  discount_codes text[],
  line_seq integer,
  currency text,
  removed_gifts text[],
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
  v_removed text[];
  v_stock jsonb;
  v_found boolean;
begin
  -- The row lock serialises every change to one cart, as the transaction of a change always did.
  select c.xmin::text, c.note, c.attributes, c.lines, c.discount_codes, c.line_seq, c.currency, c.removed_gifts
    into v_version, v_note, v_attributes, v_lines, v_codes, v_line_seq, v_currency, v_removed
    from carts c where c.token = p_token for update;
  v_found := found;
  select coalesce(jsonb_object_agg(v.id::text, jsonb_build_array(v.inventory_management, v.inventory_policy, v.inventory_quantity)), '{}'::jsonb)
    into v_stock
    from variants v where v.id = any(p_stock_ids);
  if v_version is distinct from p_version or v_stock is distinct from p_stock then
    return query select false, v_version, v_note, v_attributes, v_lines, v_codes, v_line_seq, v_currency, v_removed, v_stock;
    return;
  end if;
  if not p_write then
    return query select true, v_version, null::text, null::jsonb, null::jsonb, null::text[], null::integer, null::text, null::text[], v_stock;
    return;
  end if;
  if v_found then
    update carts c
       set note = p_note, attributes = p_attributes, lines = p_lines, discount_codes = p_codes,
           line_seq = p_line_seq, currency = p_currency, removed_gifts = coalesce(p_removed_gifts, '{}'),
           locale = coalesce(p_locale, c.locale), updated_at = now()
     where c.token = p_token
     returning c.xmin::text into v_version;
  else
    insert into carts as c (token, note, attributes, lines, discount_codes, line_seq, currency, removed_gifts, locale)
         values (p_token, p_note, p_attributes, p_lines, p_codes, p_line_seq, p_currency, coalesce(p_removed_gifts, '{}'), coalesce(p_locale, 'en-GB'))
    on conflict (token) do nothing
    returning c.xmin::text into v_version;
    if v_version is null then
      -- Another change created the cart meanwhile: answer it as it is now.
      select c.xmin::text, c.note, c.attributes, c.lines, c.discount_codes, c.line_seq, c.currency, c.removed_gifts
        into v_version, v_note, v_attributes, v_lines, v_codes, v_line_seq, v_currency, v_removed
        from carts c where c.token = p_token for update;
      return query select false, v_version, v_note, v_attributes, v_lines, v_codes, v_line_seq, v_currency, v_removed, v_stock;
      return;
    end if;
  end if;
  return query select true, v_version, null::text, null::jsonb, null::jsonb, null::text[], null::integer, null::text, null::text[], v_stock;
end;
$$;

create function cart_apply_many(p_calls jsonb)
returns table (
  call integer,
  applied boolean,
  version text,
  note text,
  attributes jsonb,
  lines jsonb,
  discount_codes text[],
  line_seq integer,
  currency text,
  removed_gifts text[],
  stock jsonb
)
language plpgsql
as $$
#variable_conflict use_column
declare
  v_call jsonb;
  v_index integer;
begin
  for v_call, v_index in select e.value, (e.n - 1)::integer from jsonb_array_elements(p_calls) with ordinality as e(value, n) order by e.n loop
    return query
      select v_index, a.applied, a.version, a.note, a.attributes, a.lines, a.discount_codes, a.line_seq, a.currency, a.removed_gifts, a.stock
        from cart_apply(
          v_call->>'token',
          v_call->>'version',
          array(select jsonb_array_elements_text(v_call->'ids'))::bigint[],
          nullif(v_call->'stock', 'null'::jsonb),
          (v_call->>'write')::boolean,
          v_call->>'note',
          nullif(v_call->'attributes', 'null'::jsonb),
          nullif(v_call->'lines', 'null'::jsonb),
          case when jsonb_typeof(v_call->'codes') = 'array' then array(select jsonb_array_elements_text(v_call->'codes')) end,
          (v_call->>'line_seq')::integer,
          v_call->>'currency',
          case when jsonb_typeof(v_call->'removed_gifts') = 'array' then array(select jsonb_array_elements_text(v_call->'removed_gifts')) end,
          v_call->>'locale'
        ) a;
  end loop;
end;
$$;
