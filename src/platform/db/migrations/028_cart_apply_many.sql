-- Cart changes that reach the database at the same moment go in one
-- statement: each call is cart_apply's, with its arguments in a JSON object,
-- applied in the order given, and answered with its place in the list (a
-- JSON null is SQL's null, as the one-cart call has it). The
-- shop sorts the calls by cart token, so two lists lock the carts they share
-- in the same order. One call's failure fails the list; the shop then sends
-- each call on its own.
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
      select v_index, a.applied, a.version, a.note, a.attributes, a.lines, a.discount_codes, a.line_seq, a.currency, a.stock
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
          v_call->>'currency'
        ) a;
  end loop;
end;
$$;
