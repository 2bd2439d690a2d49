import { toMinorUnits } from "../../core/money/money.ts";
import { onSite, withinSite } from "../storefront/site-address.ts";
import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useMoney, useText, useSitePath } from "../storefront/use-shop.ts";

/** How long typing must pause before a suggestion request. */
export const SUGGEST_DEBOUNCE_MS = 200;
/** Suggestions of each kind the panel shows. */
export const SUGGEST_LIMIT = 4;
/** The kinds the panel shows, in its order: Dawn's, the shopper's words first. */
export const SUGGEST_PANEL_KINDS = ["query", "product", "collection", "page", "article"] as const;
type PanelKind = (typeof SUGGEST_PANEL_KINDS)[number];

interface Suggestion {
  key: string;
  kind: PanelKind;
  title: string;
  /** Where choosing it goes, within the site (the router adds the site's prefix). */
  to: string;
  /** A product's price, a decimal string. */
  price?: string;
}

interface Linked {
  id?: number;
  title?: string;
  text?: string;
  url: string;
  price?: string;
}

type SuggestAnswer = { resources?: { results?: Partial<Record<"queries" | "products" | "collections" | "pages" | "articles", Linked[]>> } };

const RESULTS_OF: Record<PanelKind, "queries" | "products" | "collections" | "pages" | "articles"> = {
  query: "queries",
  product: "products",
  collection: "collections",
  page: "pages",
  article: "articles",
};

export function suggestUrl(query: string): string {
  const params = new URLSearchParams({
    q: query,
    "resources[type]": SUGGEST_PANEL_KINDS.join(","),
    "resources[limit]": String(SUGGEST_LIMIT),
    "resources[limit_scope]": "each",
  });
  return `${onSite("/search/suggest.json")}?${params.toString()}`;
}

/** The answer's suggestions, kind by kind in the panel's order; links without the tracking parameters (a query keeps its `q`). */
export function suggestionsOf(answer: SuggestAnswer): Suggestion[] {
  return SUGGEST_PANEL_KINDS.flatMap((kind) =>
    (answer.resources?.results?.[RESULTS_OF[kind]] ?? []).map((item, index) => {
      const path = withinSite(item.url).split("?")[0] ?? "/";
      const title = kind === "query" ? (item.text ?? "") : (item.title ?? "");
      return {
        key: `${kind}-${item.id ?? index}`,
        kind,
        title,
        to: kind === "query" ? `/search?${new URLSearchParams({ q: title }).toString()}` : path,
        ...(item.price === undefined ? {} : { price: item.price }),
      };
    }),
  );
}

/**
 * The header's search box: a plain GET form to /search without JavaScript;
 * with it, a WAI-ARIA combobox whose listbox groups suggestions from
 * `/search/suggest.json` (debounced; a newer request aborts the older one):
 * the shopper's words completed, products, collections, pages and articles,
 * each group a `group` named by its heading. Arrow keys move the active
 * option across the groups, Enter opens it (or searches when none is
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
  // Suggestions open only for a shopper in the field: a results page that fills it with its query leaves it closed.
  const inField = useRef(false);
  const [active, setActive] = useState(-1);
  const controller = useRef<AbortController | null>(null);
  const groupTitles: Record<PanelKind, string> = {
    query: text("suggest_title"),
    product: text("collection_products"),
    collection: text("breadcrumb_collections"),
    page: text("search_content_pages"),
    article: text("search_content_articles"),
  };

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
          setResults(suggestionsOf(answer));
          setActive(-1);
          if (inField.current) setOpen(true);
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
    void navigate(suggestion.to);
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
        onFocus={() => {
          inField.current = true;
          setOpen(true);
        }}
        onBlur={() => {
          inField.current = false;
          close();
        }}
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
      <div id={listId} className="predictive-search__list" role="listbox" aria-label={text("search_label")} hidden={!expanded}>
        {SUGGEST_PANEL_KINDS.map((kind) => {
          const options = results.map((suggestion, index) => ({ suggestion, index })).filter(({ suggestion }) => suggestion.kind === kind);
          if (!options.length) return null;
          const labelId = `${listId}-${kind}`;
          return (
            <ul key={kind} className="predictive-search__group" role="group" aria-labelledby={labelId}>
              <li className="predictive-search__heading" role="presentation" id={labelId}>
                {groupTitles[kind]}
              </li>
              {options.map(({ suggestion, index }) => (
                <li
                  key={suggestion.key}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className={`predictive-search__option${index === active ? " is-active" : ""}`}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => go(suggestion)}
                >
                  <span className="predictive-search__title">{suggestion.title}</span>
                  {suggestion.price === undefined ? null : <span className="predictive-search__price">{money(toMinorUnits(Number(suggestion.price)))}</span>}
                </li>
              ))}
            </ul>
          );
        })}
      </div>
    </form>
  );
}
