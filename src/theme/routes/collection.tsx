import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { onSite, withinSite } from "../storefront/site-address.ts";
import { Link, type ShouldRevalidateFunctionArgs, data, redirect, useLocation, useNavigate } from "react-router";
import type { Route } from "./+types/collection";
import { filterNavigation, filteredCollectionUrl, parseFilterSegment, readPage, readSort, withPage, withSort, withView } from "../../core/catalog/collection-url.ts";
import { toGridProduct } from "../../core/catalog/product-card.ts";
import { CollectionAreaContent } from "../collection/CollectionArea.tsx";
import { CompareBar } from "../collection/CompareBar.tsx";
import { FILTER_DRAWER_ID, FilterDrawer } from "../collection/FilterDrawer.tsx";
import { FilterForm } from "../collection/FilterForm.tsx";
import { focusKeyOf, restoreFocus } from "../collection/focus-key.ts";
import { changedControls } from "../ui/early-input.ts";
import { COLLECTION_AREA_ID, FILTER_DRAWER_FORM_ID, REVIEWS_REFRESH_EVENT, fetchAreas, mergePage } from "../collection/collection-swap.ts";
import { skipRevalidationOf, swapRevalidation } from "../collection/swap-revalidation.ts";
import { storefrontContext } from "../storefront/context.ts";
import { OilQuiz } from "../builders/oil-quiz/OilQuiz.tsx";
import { oilQuizFor } from "../builders/oil-quiz/oil-quiz-data.ts";
import { absoluteUrl, canonicalLink, pageTitle, plainText, shopNameOf } from "../storefront/meta.ts";
import { useShop, useText } from "../storefront/use-shop.ts";
import "../collection/collection.css";
import "../builders/oil-quiz/oil-quiz.css";

const PER_PAGE = 12;

/** How many of the collection's products the facial-oil quiz chooses from. */
const OIL_QUIZ_PRODUCTS = 50;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const shopName = shopNameOf(matches);
  if (!loaderData) return [{ title: pageTitle("Collection not found", shopName) }];
  const { collection, page } = loaderData.page;
  const description = plainText(collection.description) || `Shop ${collection.title} at ${shopName}.`;
  const path = `/collections/${collection.handle}`;
  return [
    { title: pageTitle(page > 1 ? `${collection.title} – Page ${page}` : collection.title, shopName) },
    { name: "description", content: description },
    // Filtered, sorted and later pages all point at the collection itself.
    canonicalLink(matches, path),
    { property: "og:type", content: "website" },
    { property: "og:title", content: collection.title },
    { property: "og:description", content: description },
    { property: "og:url", content: absoluteUrl(matches, path) },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: "Home", item: absoluteUrl(matches, "/") },
          { "@type": "ListItem", position: 2, name: "Collections", item: absoluteUrl(matches, "/collections") },
          { "@type": "ListItem", position: 3, name: collection.title, item: absoluteUrl(matches, path) },
        ],
      },
    },
  ];
};

/**
 * `/collections/{handle}` and `/collections/{handle}/{tag+tag}` (filters), with
 * `?sort_by=`, `?page=` and `?view=ajax` (only the collection area). The
 * no-JavaScript filter form submits `?filter=…`, redirected to the canonical address.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const base = `/collections/${encodeURIComponent(params.handle)}`;
  const sort = readSort(url);
  const sortedBase = withSort(base, sort === "manual" ? null : sort);
  if (url.searchParams.has("filter")) {
    throw redirect(filteredCollectionUrl(sortedBase, url.searchParams.getAll("filter")));
  }
  const filters = parseFilterSegment(params.filters);
  const page = readPage(url);
  const storefront = context.get(storefrontContext);
  const result = await storefront.collection(params.handle, { page, perPage: PER_PAGE, ...(sort ? { sort } : {}), ...(filters.length ? { filters } : {}) });
  if (!result) throw data(null, { status: 404 });
  const address = withPage(filteredCollectionUrl(sortedBase, filters), result.page);
  const fragment = url.searchParams.get("view") === "ajax";
  // The facial-oil quiz sits under its collection's header; a swap of the collection area does not redraw it.
  const quizSettings = (await storefront.builders()).oilQuiz;
  // The quiz chooses from the whole collection, whatever the shopper filtered or paged to.
  const quizProducts = !fragment && quizSettings.collection === params.handle ? (await storefront.collection(params.handle, { page: 1, perPage: OIL_QUIZ_PRODUCTS }))?.products : undefined;
  const oilQuiz = quizProducts ? oilQuizFor(quizSettings, params.handle, quizProducts, url.searchParams.get("skin")) : null;
  return { page: { ...result, products: result.products.map(toGridProduct) }, baseURL: sortedBase, address, fragment, oilQuiz };
}

export function shouldRevalidate({ nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return swapRevalidation(nextUrl, defaultShouldRevalidate);
}

interface SwapState {
  collectionHtml?: string;
  drawerHtml?: string;
}

/** Where focus was when a swap started: which of the two swapped regions, and how to find the control again. */
interface PendingFocus {
  region: typeof COLLECTION_AREA_ID | typeof FILTER_DRAWER_FORM_ID;
  keys: string[];
}

/** What the drawer's live region says once a change lands: how many products match now. */
function matchingText(total: number): string {
  return total === 0 ? "No products match" : `${total} ${total === 1 ? "product" : "products"}`;
}

export default function Collection({ loaderData }: Route.ComponentProps) {
  const { page, baseURL, address, fragment, oilQuiz } = loaderData;
  const { collection } = page;
  const location = useLocation();
  const navigate = useNavigate();
  const text = useText();
  const filterTemplate = useShop().collections?.filterTemplate ?? null;
  const mainRef = useRef<HTMLElement>(null);
  const swapState = location.state as SwapState | null;
  const swappedHtml = swapState?.collectionHtml;
  const swappedDrawerHtml = swapState?.drawerHtml;
  const [drawer, setDrawer] = useState<{ open: boolean; opener: HTMLElement | null }>({ open: false, opener: null });
  const [drawerStatus, setDrawerStatus] = useState("");
  const closeDrawer = useCallback(() => setDrawer((current) => (current.open ? { open: false, opener: current.opener } : current)), []);

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
        setDrawerStatus(matchingText(total));
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
      const values = [...form.querySelectorAll<HTMLInputElement>('input[name="filter"]:checked')].map((input) => input.value);
      const sort = form.querySelector<HTMLSelectElement>('select[name="sort_by"]')?.value ?? null;
      const nav = filterNavigation(sortedBase(sort), values, template);
      if (nav.kind === "navigate") window.location.assign(onSite(nav.url));
      // The page already shows this choice (the drawer's changes apply as they are made): nothing to fetch.
      else if (nav.address !== currentAddress() || swapping) void swap(nav.address, nav.address, false);
    };
    const onChange = (event: Event) => {
      const target = event.target as HTMLElement;
      const form = target.closest<HTMLFormElement>("form[data-collection-filters]");
      if (form && (target.matches('input[name="filter"]') || target.matches('select[name="sort_by"]'))) applyForm(form);
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
        show(filteredCollectionUrl(href, []));
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
      .find((form) => changedControls(form).some((control) => control.name === "filter" || control.name === "sort_by"));
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
  }, [baseURL, filterTemplate, navigate, text, closeDrawer]);

  const content = <CollectionAreaContent page={page} baseURL={baseURL} address={address} />;
  const drawerContent = <FilterForm filters={page.filters} sort={page.sort} total={page.total} hasActive={page.activeFilters.length > 0} baseURL={baseURL} placement="drawer" />;
  if (fragment) {
    return (
      <main id="main" className="page page--collection" tabIndex={-1}>
        <div id={COLLECTION_AREA_ID} className="collection-area" data-section-id="main-collection-product-grid">
          {content}
        </div>
        <div id={FILTER_DRAWER_FORM_ID} className="filter-drawer__form">
          {drawerContent}
        </div>
      </main>
    );
  }
  return (
    <>
      <main id="main" className="page page--collection" tabIndex={-1} ref={mainRef}>
        <header className="collection-header">
          <h1 className="collection-header__title">{collection.title}</h1>
          {collection.description ? <div className="collection-header__description rte" dangerouslySetInnerHTML={{ __html: collection.description }} /> : null}
          {collection.products_count > 1 ? (
            <p className="collection-header__compare">
              <Link to={`/collections/${collection.handle}/compare`} prefetch="intent">
                Compare products side by side
              </Link>
            </p>
          ) : null}
          {oilQuiz ? <OilQuiz quiz={oilQuiz} collectionUrl={`/collections/${collection.handle}`} /> : null}
        </header>
        {swappedHtml !== undefined ? (
          <div key={location.key} id={COLLECTION_AREA_ID} className="collection-area" data-section-id="main-collection-product-grid" dangerouslySetInnerHTML={{ __html: swappedHtml }} />
        ) : (
          <div key="rendered" id={COLLECTION_AREA_ID} className="collection-area" data-section-id="main-collection-product-grid">
            {content}
          </div>
        )}
        {collection.products_count > 1 ? <CompareBar collection={collection.handle} swapKey={location.key} /> : null}
      </main>
      <FilterDrawer open={drawer.open} opener={drawer.opener} onClose={closeDrawer} status={drawerStatus}>
        {swappedDrawerHtml !== undefined ? (
          <div key={location.key} id={FILTER_DRAWER_FORM_ID} className="filter-drawer__form" dangerouslySetInnerHTML={{ __html: swappedDrawerHtml }} />
        ) : (
          <div key="rendered" id={FILTER_DRAWER_FORM_ID} className="filter-drawer__form">
            {drawerContent}
          </div>
        )}
      </FilterDrawer>
    </>
  );
}
