/**
 * The collection page's filters, sort, reset and load-more without a reload:
 * listeners by delegation on the page and the filter drawer (the area may be
 * React's render or a swapped-in fragment), the areas fetched as sections and
 * swapped in through a navigation that carries their HTML, keyboard focus
 * kept on the same control across the swap, and filters the shopper chose
 * before the scripts ran applied at once.
 */
import { type Dispatch, type RefObject, type SetStateAction, useEffect, useLayoutEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { EXCLUDE_SUFFIX, collectionSelection, filterNavigation, filteredCollectionUrl, withPage, withView } from "../../../core/catalog/collection-url.ts";
import { onSite, withinSite } from "../../storefront/site-address.ts";
import { useText } from "../../storefront/use-shop.ts";
import { changedControls } from "../../ui/early-input.ts";
import { COLLECTION_AREA_ID, FILTER_DRAWER_FORM_ID, REVIEWS_REFRESH_EVENT, fetchAreas, mergePage } from "./collection-swap.ts";
import { FILTER_DRAWER_ID } from "./FilterDrawer.tsx";
import { focusKeyOf, restoreFocus } from "./focus-key.ts";
import { skipRevalidationOf } from "./swap-revalidation.ts";

export interface SwapState {
  collectionHtml?: string;
  drawerHtml?: string;
}

/** Where focus was when a swap started: which of the two swapped regions, and how to find the control again. */
interface PendingFocus {
  region: typeof COLLECTION_AREA_ID | typeof FILTER_DRAWER_FORM_ID;
  keys: string[];
}

interface FilterSwapOptions {
  mainRef: RefObject<HTMLElement | null>;
  /** The collection's address with its sort, without filters or page. */
  baseURL: string;
  /** A filter template renders filtered pages elsewhere: the browser goes there instead of swapping. */
  filterTemplate: string | null;
  /** The area's HTML from the last swap, if the page shows one. */
  swappedHtml: string | undefined;
  closeDrawer(): void;
  /** Opens the filter drawer from the control that asked for it. */
  setDrawer: Dispatch<SetStateAction<DrawerState>>;
  /** What the drawer's live region says once a change lands. */
  setDrawerStatus: Dispatch<SetStateAction<string>>;
}

export interface DrawerState {
  open: boolean;
  /** The control that opened the drawer, focused again when it closes. */
  opener: HTMLElement | null;
}

export function useFilterSwaps({ mainRef, baseURL, filterTemplate, swappedHtml, closeDrawer, setDrawer, setDrawerStatus }: FilterSwapOptions): void {
  const navigate = useNavigate();
  const text = useText();
  // Keyboard focus survives the swap: the same control in the new markup gets it back.
  const pendingFocus = useRef<PendingFocus | null>(null);
  useLayoutEffect(() => {
    const pending = pendingFocus.current;
    pendingFocus.current = null;
    if (pending) restoreFocus(pending.keys, document.getElementById(pending.region));
  }, [swappedHtml]);

  // Refresh the reviews widget after each swap (the stars are in the fragment).
  useEffect(() => {
    if (swappedHtml !== undefined) window.dispatchEvent(new CustomEvent(REVIEWS_REFRESH_EVENT));
  }, [swappedHtml]);

  // Filters, sort, reset and load-more, by delegation: the area may be React's render or a swapped-in fragment.
  useEffect(() => {
    const main = mainRef.current;
    if (!main) return;
    const drawerElement = document.getElementById(FILTER_DRAWER_ID);
    const areaNow = () => document.getElementById(COLLECTION_AREA_ID);
    const drawerFormNow = () => document.getElementById(FILTER_DRAWER_FORM_ID);
    const setBusy = (busy: boolean) => {
      for (const region of [areaNow(), drawerFormNow()]) {
        if (busy) region?.setAttribute("aria-busy", "true");
        else region?.removeAttribute("aria-busy");
      }
    };
    const focusNow = (): PendingFocus | null => {
      const active = document.activeElement;
      const area = focusKeyOf(active, areaNow());
      if (area.length) return { region: COLLECTION_AREA_ID, keys: area };
      const drawerForm = focusKeyOf(active, drawerFormNow());
      return drawerForm.length ? { region: FILTER_DRAWER_FORM_ID, keys: drawerForm } : null;
    };
    let controller: AbortController | null = null;
    let swapping = false;
    const template = filterTemplate;
    const currentAddress = () => withinSite(`${window.location.pathname}${window.location.search}`);
    const sortedBase = (sort: string | null) => {
      const url = new URL(baseURL, window.location.origin);
      if (sort && sort !== "manual") url.searchParams.set("sort_by", sort);
      else url.searchParams.delete("sort_by");
      return `${url.pathname}${url.search}`;
    };
    const swap = async (next: string, fetchFrom: string, replace: boolean, build: (inner: string) => string = (inner) => inner) => {
      controller?.abort();
      const current = new AbortController();
      controller = current;
      swapping = true;
      setBusy(true);
      try {
        const [inner = "", drawerHtml = ""] = await fetchAreas(fetchFrom, [COLLECTION_AREA_ID, FILTER_DRAWER_FORM_ID], current.signal);
        // A later change (or leaving the page) took over while this one waited: its answer is stale.
        if (current.signal.aborted) return;
        const collectionHtml = build(inner);
        pendingFocus.current = focusNow();
        skipRevalidationOf(next);
        await navigate(next, { replace, preventScrollReset: true, state: { collectionHtml, drawerHtml } satisfies SwapState });
        const total = Number(areaNow()?.querySelector<HTMLElement>("[data-collection-count]")?.dataset.total ?? 0);
        // The drawer's live region says how many products match now.
        setDrawerStatus(total === 0 ? text("collection_no_match") : text("collection_product_count", { count: total }));
      } catch (error) {
        if (!current.signal.aborted) window.location.assign(onSite(next));
        else if (!(error instanceof DOMException)) throw error;
      } finally {
        skipRevalidationOf(null);
        if (controller === current) {
          swapping = false;
          setBusy(false);
        }
      }
    };
    // A filter template renders elsewhere: the browser goes there; otherwise the area is swapped in place.
    const show = (address: string) => {
      if (template) window.location.assign(onSite(withView(address, template)));
      else void swap(address, address, false);
    };
    const applyForm = (form: HTMLFormElement) => {
      // The ticked boxes are Shopify's filter parameters, read back by the same rule the server uses.
      const params = new URLSearchParams(
        [...form.querySelectorAll<HTMLInputElement>('input[name^="filter."]')]
          .filter((input) => (input.type === "checkbox" ? input.checked : input.value.trim() !== ""))
          .map((input) => [input.name, input.value]),
      );
      const sort = form.querySelector<HTMLSelectElement>('select[name="sort_by"]')?.value ?? null;
      const nav = filterNavigation(sortedBase(sort), collectionSelection(null, params), template);
      if (nav.kind === "navigate") window.location.assign(onSite(nav.url));
      // The page already shows this choice (the drawer's changes apply as they are made): nothing to fetch.
      else if (nav.address !== currentAddress() || swapping) void swap(nav.address, nav.address, false);
    };
    const onChange = (event: Event) => {
      const target = event.target as HTMLElement;
      const form = target.closest<HTMLFormElement>("form[data-collection-filters]");
      if (!form) return;
      if (target instanceof HTMLInputElement && target.name.startsWith("filter.")) {
        // A value is either wanted or avoided: ticking one of its two boxes unticks the other.
        const other = target.name.endsWith(EXCLUDE_SUFFIX) ? target.name.slice(0, -EXCLUDE_SUFFIX.length) : `${target.name}${EXCLUDE_SUFFIX}`;
        const counterpart = form.querySelector<HTMLInputElement>(`input[name="${CSS.escape(other)}"][value="${CSS.escape(target.value)}"]`);
        if (target.checked && counterpart) counterpart.checked = false;
        applyForm(form);
      } else if (target.matches('select[name="sort_by"]')) applyForm(form);
    };
    const onSubmit = (event: Event) => {
      const form = (event.target as HTMLElement).closest<HTMLFormElement>("form[data-collection-filters]");
      if (!form) return;
      event.preventDefault();
      applyForm(form);
      // The drawer's "Show N products" applies and closes.
      if (drawerElement?.contains(form)) closeDrawer();
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const opener = (event.target as HTMLElement).closest<HTMLElement>("[data-open-filter-drawer]");
      if (opener) {
        setDrawerStatus("");
        setDrawer({ open: true, opener });
        return;
      }
      const link = (event.target as HTMLElement).closest<HTMLAnchorElement>("a[data-clear-filters], a[data-remove-filter], a[data-load]");
      if (!link) return;
      event.preventDefault();
      const href = withinSite(`${new URL(link.href).pathname}${new URL(link.href).search}`);
      if (link.dataset.clearFilters !== undefined) {
        show(filteredCollectionUrl(href, { filters: [] }));
        return;
      }
      // A chip links to the address without its filter.
      if (link.dataset.removeFilter !== undefined) {
        show(href);
        return;
      }
      const direction = link.dataset.load === "previous" ? "previous" : "next";
      const countEl = areaNow()?.querySelector<HTMLElement>("[data-collection-count]");
      const keepPage = direction === "next" ? href : withPage(currentAddress(), Number(countEl?.dataset.lastPage ?? 1));
      void swap(keepPage, href, true, (inner) =>
        mergePage(areaNow()?.innerHTML ?? "", inner, direction, (shown, total) => text("items_shown", { shown, total })),
      );
    };
    // The drawer sits beside <main>, not in it: the same listeners serve both.
    const roots = drawerElement ? [main, drawerElement] : [main];
    for (const root of roots) {
      root.addEventListener("change", onChange);
      root.addEventListener("submit", onSubmit);
      root.addEventListener("click", onClick);
    }
    // Filters ticked or a sort chosen that the page does not show yet (before the scripts ran, or in a change this
    // effect's last run cut short) are the shopper's choice: applied now (ui/early-input.ts). A swapped-in form is drawn as applied.
    const unapplied = roots
      .flatMap((root) => [...root.querySelectorAll<HTMLFormElement>("form[data-collection-filters]")])
      .find((form) => changedControls(form).some((control) => control.name.startsWith("filter.") || control.name === "sort_by"));
    if (unapplied) applyForm(unapplied);
    main.dataset.hydrated = "true";
    return () => {
      controller?.abort();
      for (const root of roots) {
        root.removeEventListener("change", onChange);
        root.removeEventListener("submit", onSubmit);
        root.removeEventListener("click", onClick);
      }
    };
    }, [mainRef, baseURL, filterTemplate, navigate, text, closeDrawer, setDrawer, setDrawerStatus]);
}
