import { useId } from "react";
import { useText, useSitePath } from "../storefront/use-shop.ts";

/** A plain GET form, so search works before and without JavaScript. */
export function SearchForm({ defaultValue = "", className = "" }: { defaultValue?: string; className?: string }) {
  const onSite = useSitePath();
  const id = useId();
  const text = useText();
  return (
    <form className={`search-form ${className}`} role="search" method="get" action={onSite("/search")}>
      <label className="visually-hidden" htmlFor={id}>
        {text("search_placeholder")}
      </label>
      <input id={id} className="search-form__input" type="search" name="q" defaultValue={defaultValue} placeholder={text("search_placeholder")} autoComplete="off" enterKeyHint="search" />
      <button className="search-form__button" type="submit">
        <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20">
          <circle cx="8.5" cy="8.5" r="5.75" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="m13 13 4.5 4.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">{text("search_label")}</span>
      </button>
    </form>
  );
}
