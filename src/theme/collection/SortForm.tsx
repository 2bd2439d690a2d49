import { useId } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { CollectionSort } from "../../core/storefront.ts";
import { useText } from "../storefront/use-shop.ts";
import { SORT_OPTIONS } from "./sort-options.ts";

/**
 * A native select in a GET form: the order lives in the URL, so Back and shared
 * links keep it. With JavaScript a change applies at once (page 1 of the new
 * order); without it, the Sort button submits the form.
 */
export function SortForm({ sort }: { sort: CollectionSort }) {
  const id = useId();
  const navigate = useNavigate();
  const text = useText();
  const [searchParams] = useSearchParams();
  return (
    <form className="sort-form" method="get">
      <label className="sort-form__label" htmlFor={id}>
        {text("sort_by")}
      </label>
      <select
        id={id}
        className="select"
        name="sort_by"
        defaultValue={sort}
        key={sort}
        onChange={(event) => {
          // Keep the rest of the query (filters, later); a new order starts again at page 1.
          const query = new URLSearchParams(searchParams);
          query.set("sort_by", event.currentTarget.value);
          query.delete("page");
          void navigate({ search: `?${query.toString()}` }, { preventScrollReset: true });
        }}
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <noscript>
        <button className="button button--small" type="submit">
          Sort
        </button>
      </noscript>
    </form>
  );
}
