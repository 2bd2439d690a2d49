import { type ReactNode, useEffect, useRef } from "react";
import { useModalDialog } from "../../cart/use-modal-dialog.ts";
import { useText } from "../../storefront/use-shop.ts";
import "./filter-drawer.css";

/** The drawer's element: a direct child of <body>, beside <main>, as the modal dialog behaviour needs. */
export const FILTER_DRAWER_ID = "filter-drawer";
/** The width from which the filters sit beside the grid (the same breakpoint as collection.css). */
const WIDE = "(min-width: 835px)";

interface FilterDrawerProps {
  open: boolean;
  /** Where focus goes back to on close. */
  opener: HTMLElement | null;
  onClose: () => void;
  /** Read to screen readers as the drawer's changes land ("5 products"); the count in the page is out of reach while it is open. */
  status: string;
  /** The drawer's form region, server-rendered or swapped in. */
  children: ReactNode;
  /** Its heading: "Filter and sort" unless the page says otherwise. */
  title?: string;
}

/**
 * "Filter and sort" on narrow screens: a modal dialog from the left holding
 * the filter form and the sort (WAI-ARIA dialog: focus moves in, Tab stays
 * inside, Esc closes, focus returns to the button that opened it, the rest
 * of the page is inert and does not scroll). Server-rendered closed, so it
 * costs no layout shift; the collection route opens it and wires its form.
 */
export function FilterDrawer({ open, opener, onClose, status, children, title }: FilterDrawerProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const text = useText();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  // Esc in the open sort list closes the list only; this notes such a key before the list's own handler closes it.
  const escapeForList = useRef(false);

  useEffect(() => {
    if (!open) return;
    const note = (event: KeyboardEvent) => {
      escapeForList.current = event.key === "Escape" && event.target instanceof Element && event.target.matches('[role="combobox"][aria-expanded="true"]');
    };
    // Widening the window past the breakpoint puts the filters beside the grid: the drawer has no more reason to be open.
    const wide = window.matchMedia(WIDE);
    const onWide = () => {
      if (wide.matches) onClose();
    };
    window.addEventListener("keydown", note, true);
    wide.addEventListener("change", onWide);
    return () => {
      window.removeEventListener("keydown", note, true);
      wide.removeEventListener("change", onWide);
    };
  }, [open, onClose]);

  useModalDialog({
    open,
    container: containerRef,
    panel: panelRef,
    initialFocus: closeRef,
    returnFocus: opener,
    // The opener leaves the page when a change swaps the area: its successor takes focus.
    fallbackFocus: () => document.querySelector<HTMLElement>("[data-open-filter-drawer]"),
    onClose: () => {
      if (escapeForList.current) escapeForList.current = false;
      else onClose();
    },
  });

  return (
    <div id={FILTER_DRAWER_ID} className="filter-drawer" ref={containerRef} hidden={!open}>
      <div className="filter-drawer__overlay" aria-hidden="true" onClick={onClose} />
      <div className="filter-drawer__panel" ref={panelRef} role="dialog" aria-modal="true" aria-labelledby="filter-drawer-title" tabIndex={-1}>
        <header className="filter-drawer__header">
          <h2 className="filter-drawer__title" id="filter-drawer-title">
            {title ?? text("collection_filter_sort")}
          </h2>
          <button ref={closeRef} className="filter-drawer__close" type="button" aria-label={text("filter_drawer_close")} onClick={onClose}>
            <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20">
              <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </button>
        </header>
        <div className="filter-drawer__body">{children}</div>
        <p className="visually-hidden" role="status">
          {status}
        </p>
      </div>
    </div>
  );
}
