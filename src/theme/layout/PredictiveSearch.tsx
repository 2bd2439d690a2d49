import { toMinorUnits } from "../../core/money/money.ts";
import { onSite } from "../storefront/site-address.ts";
import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useMoney, useText, useSitePath } from "../storefront/use-shop.ts";

/** How long typing must pause before a suggestion request. */
export const SUGGEST_DEBOUNCE_MS = 200;
export const SUGGEST_LIMIT = 6;

interface Suggestion {
  id: number;
  title: string;
  url: string;
  price: string;
  image: string | null;
}

interface SuggestAnswer {
  resources?: { results?: { products?: { id: number; title: string; url?: string; handle: string; price: string; image?: string | null }[] } };
}

export function suggestUrl(query: string): string {
  const params = new URLSearchParams({ q: query, "resources[type]": "product", "resources[limit]": String(SUGGEST_LIMIT) });
  return `${onSite("/search/suggest.json")}?${params.toString()}`;
}

/**
 * The header's search box: a plain GET form to /search without JavaScript;
 * with it, a WAI-ARIA combobox whose listbox shows product suggestions from
 * `/search/suggest.json` (debounced; a newer request aborts the older one).
 * Arrow keys move the active option, Enter opens it (or searches when none is
 * active), Escape closes the list.
 */
export function PredictiveSearch({ defaultValue = "", className = "" }: { defaultValue?: string; className?: string }) {
  const onSite = useSitePath();
  const id = useId();
  const listId = `${id}-list`;
  const text = useText();
  const money = useMoney();
  const navigate = useNavigate();
  const [query, setQuery] = useState(defaultValue);
  const [results, setResults] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    const term = query.trim();
    if (!term) return;
    const timer = setTimeout(() => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      fetch(suggestUrl(term), { signal: current.signal, headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? (response.json() as Promise<SuggestAnswer>) : Promise.reject(new Error(String(response.status)))))
        .then((answer) => {
          const products = answer.resources?.results?.products ?? [];
          setResults(products.map((product) => ({ id: product.id, title: product.title, url: product.url ?? `/products/${product.handle}`, price: product.price, image: product.image ?? null })));
          setActive(-1);
          setOpen(true);
        })
        .catch(() => {
          // Aborted or failed: the plain search still works.
        });
    }, SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (formRef.current) formRef.current.dataset.hydrated = "true";
    return () => controller.current?.abort();
  }, []);

  const expanded = open && query.trim() !== "" && results.length > 0;
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const go = (suggestion: Suggestion) => {
    close();
    void navigate(suggestion.url.split("?")[0] ?? suggestion.url);
  };

  return (
    <form ref={formRef} className={`search-form predictive-search ${className}`} role="search" method="get" action={onSite("/search")}>
      <label className="visually-hidden" htmlFor={id}>
        {text("search_placeholder")}
      </label>
      <input
        id={id}
        className="search-form__input"
        type="search"
        name="q"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        {...(expanded && active >= 0 ? { "aria-activedescendant": `${listId}-${active}` } : {})}
        value={query}
        placeholder={text("search_placeholder")}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          if (!event.currentTarget.value.trim()) {
            controller.current?.abort();
            close();
          }
        }}
        onFocus={() => setOpen(true)}
        onBlur={close}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            if (!results.length) return;
            event.preventDefault();
            setOpen(true);
            const last = results.length - 1;
            if (event.key === "ArrowDown") setActive((current) => (current >= last ? 0 : current + 1));
            else setActive((current) => (current <= 0 ? last : current - 1));
          } else if (event.key === "Enter" && expanded && active >= 0) {
            const suggestion = results[active];
            if (suggestion) {
              event.preventDefault();
              go(suggestion);
            }
          } else if (event.key === "Escape" && expanded) {
            event.preventDefault();
            close();
          }
        }}
      />
      <button className="search-form__button" type="submit">
        <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20">
          <circle cx="8.5" cy="8.5" r="5.75" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="m13 13 4.5 4.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">{text("search_label")}</span>
      </button>
      <ul id={listId} className="predictive-search__list" role="listbox" aria-label={text("search_label")} hidden={!expanded}>
        {results.map((suggestion, index) => (
          <li
            key={suggestion.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={`predictive-search__option${index === active ? " is-active" : ""}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => go(suggestion)}
          >
            <span className="predictive-search__title">{suggestion.title}</span>
            <span className="predictive-search__price">{money(toMinorUnits(Number(suggestion.price)))}</span>
          </li>
        ))}
      </ul>
    </form>
  );
}
