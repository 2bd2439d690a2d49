import { useCallback, useEffect, useLayoutEffect, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { useText } from "../../storefront/use-shop.ts";
import { COMPARE_MAX_PRODUCTS, COMPARE_MIN_PRODUCTS, compareUrl, toggleCompareSelection } from "./compare.ts";

const storageKey = (collection: string) => `compare:${collection}`;

const CHANGED = "compare:changed";
const NO_PICKS: string[] = [];
/** The last list read, by its stored text, so the same picks are the same array (useSyncExternalStore compares by identity). */
let cached: { raw: string | null; picks: string[] } = { raw: null, picks: NO_PICKS };

function readPicks(collection: string): string[] {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(storageKey(collection));
  } catch {
    return NO_PICKS;
  }
  if (raw === cached.raw) return cached.picks;
  let picks = NO_PICKS;
  try {
    const value: unknown = JSON.parse(raw ?? "[]");
    if (Array.isArray(value)) picks = value.filter((item): item is string => typeof item === "string").slice(0, COMPARE_MAX_PRODUCTS);
  } catch {
    picks = NO_PICKS;
  }
  cached = { raw, picks };
  return picks;
}

function writePicks(collection: string, picks: readonly string[]): void {
  try {
    if (picks.length) sessionStorage.setItem(storageKey(collection), JSON.stringify(picks));
    else sessionStorage.removeItem(storageKey(collection));
  } catch {
    // Storage refused (private mode, quota): the ticks stay, the bar cannot follow them.
  }
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener("storage", onChange);
  };
}

/** Ticks every card's box for the picks, and disables the rest once the table is full. */
function syncBoxes(picks: readonly string[]): void {
  for (const box of document.querySelectorAll<HTMLInputElement>("input[data-compare-handle]")) {
    const chosen = picks.includes(box.dataset.compareHandle ?? "");
    box.checked = chosen;
    box.disabled = !chosen && picks.length >= COMPARE_MAX_PRODUCTS;
  }
}

/**
 * The collection page's compare picks: each card's "Compare" tick adds its
 * product (up to four), and a bar at the bottom of the screen leads to the
 * comparison table with them. The picks are kept per collection for the
 * browser session, so they survive filtering, paging and a look at a
 * product; the ticks are plain checkboxes in the server's HTML, found by
 * delegation, because filtering swaps the grid for new HTML.
 */
export function CompareBar({ collection, swapKey }: { collection: string; swapKey: string }) {
  const picks = useSyncExternalStore(
    subscribe,
    useCallback(() => readPicks(collection), [collection]),
    () => NO_PICKS,
  );

  useEffect(() => {
    const onChange = (event: Event) => {
      const box = event.target;
      if (!(box instanceof HTMLInputElement) || box.dataset.compareHandle === undefined) return;
      writePicks(collection, toggleCompareSelection(readPicks(collection), box.dataset.compareHandle, box.checked));
    };
    document.addEventListener("change", onChange);
    return () => document.removeEventListener("change", onChange);
  }, [collection]);

  // After every change of picks and every swap of the grid, the boxes show the picks.
  useLayoutEffect(() => syncBoxes(picks), [picks, swapKey]);

  const text = useText();
  const shown = picks.length > 0;
  const clear = () => writePicks(collection, []);
  return (
    <div className={`floating-bar compare-bar ${shown ? "floating-bar--shown" : ""}`} role="region" aria-label={text("compare_products")} inert={!shown} aria-hidden={!shown || undefined}>
      <div className="compare-bar__inner">
        {/* Kept in the page for the live region; it says something only once a product is chosen. */}
        <p className="compare-bar__status" aria-live="polite">
          {shown ? (
            <>
              {text("compare_chosen", { chosen: picks.length, limit: COMPARE_MAX_PRODUCTS })}
              {picks.length < COMPARE_MIN_PRODUCTS ? <span className="compare-bar__hint"> · {text("compare_choose_more", { count: COMPARE_MIN_PRODUCTS - picks.length })}</span> : null}
            </>
          ) : null}
        </p>
        {shown ? (
          <button type="button" className="compare-bar__clear" onClick={clear}>
            {text("compare_clear")}
          </button>
        ) : null}
        {picks.length >= COMPARE_MIN_PRODUCTS ? (
          <Link className="button button--small" to={compareUrl(collection, picks)} prefetch="intent">
            {text("compare_go", { count: picks.length })}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
