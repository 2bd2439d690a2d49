import { useId } from "react";
import { Form, useSubmit } from "react-router";
import type { CollectionSort } from "../../core/storefront.ts";
import { SORT_OPTIONS } from "./sort-options.ts";

/** A native select in a GET form: the order lives in the URL, so Back and shared links keep it. */
export function SortForm({ sort }: { sort: CollectionSort }) {
  const id = useId();
  const submit = useSubmit();
  return (
    <Form className="sort-form" method="get" preventScrollReset>
      <label className="sort-form__label" htmlFor={id}>
        Sort by
      </label>
      <select
        id={id}
        className="select"
        name="sort_by"
        defaultValue={sort}
        key={sort}
        onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true, replace: false })}
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
    </Form>
  );
}
