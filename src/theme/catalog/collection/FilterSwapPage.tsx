import { type ReactNode, useCallback, useRef, useState } from "react";
import { useLocation } from "react-router";
import { COLLECTION_AREA_ID, FILTER_DRAWER_FORM_ID } from "./collection-swap.ts";
import { FilterDrawer } from "./FilterDrawer.tsx";
import { type DrawerState, type SwapState, useFilterSwaps } from "./use-filter-swaps.ts";

interface FilterSwapPageProps {
  /** The `<main>`'s page class (`page--collection`). */
  pageClass: string;
  /** The area's section id for Shopify's Section Rendering API. */
  sectionId: string;
  /** The page's address with its sort, without filters or page. */
  baseURL: string;
  /** A filter template renders filtered pages elsewhere (collections only). */
  filterTemplate: string | null;
  /** `?view=ajax`: only the area and the drawer's form. */
  fragment: boolean;
  /** Above the area: the heading and what goes with it. */
  header: ReactNode;
  /** The filter form, the count, the chips and the products. */
  area: ReactNode;
  /** The filter form for the phone drawer. */
  drawerForm: ReactNode;
  /** Below the area, inside `<main>`. */
  after?: ReactNode;
  /** The drawer's heading; "Filter and sort" when not given. */
  drawerTitle?: string;
}

/**
 * A page whose filters apply without a reload (a collection, the search
 * page): the area and the phone drawer's form as the server rendered them,
 * or as the last swap brought them (see `useFilterSwaps`), under the ids the
 * swap fetches them by. The fragment (`?view=ajax`) is just those two.
 */
export function FilterSwapPage({ pageClass, sectionId, baseURL, filterTemplate, fragment, header, area, drawerForm, after, drawerTitle }: FilterSwapPageProps) {
  const location = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const swapState = location.state as SwapState | null;
  const swappedHtml = swapState?.collectionHtml;
  const swappedDrawerHtml = swapState?.drawerHtml;
  const [drawer, setDrawer] = useState<DrawerState>({ open: false, opener: null });
  const [drawerStatus, setDrawerStatus] = useState("");
  const closeDrawer = useCallback(() => setDrawer((current) => (current.open ? { open: false, opener: current.opener } : current)), []);

  useFilterSwaps({ mainRef, baseURL, filterTemplate, swappedHtml, closeDrawer, setDrawer, setDrawerStatus });

  if (fragment) {
    return (
      <main id="main" className={`page ${pageClass}`} tabIndex={-1}>
        <div id={COLLECTION_AREA_ID} className="collection-area" data-section-id={sectionId}>
          {area}
        </div>
        <div id={FILTER_DRAWER_FORM_ID} className="filter-drawer__form">
          {drawerForm}
        </div>
      </main>
    );
  }
  return (
    <>
      <main id="main" className={`page ${pageClass}`} tabIndex={-1} ref={mainRef}>
        {header}
        {swappedHtml !== undefined ? (
          <div key={location.key} id={COLLECTION_AREA_ID} className="collection-area" data-section-id={sectionId} dangerouslySetInnerHTML={{ __html: swappedHtml }} />
        ) : (
          <div key="rendered" id={COLLECTION_AREA_ID} className="collection-area" data-section-id={sectionId}>
            {area}
          </div>
        )}
        {after}
      </main>
      <FilterDrawer open={drawer.open} opener={drawer.opener} onClose={closeDrawer} status={drawerStatus} {...(drawerTitle ? { title: drawerTitle } : {})}>
        {swappedDrawerHtml !== undefined ? (
          <div key={location.key} id={FILTER_DRAWER_FORM_ID} className="filter-drawer__form" dangerouslySetInnerHTML={{ __html: swappedDrawerHtml }} />
        ) : (
          <div key="rendered" id={FILTER_DRAWER_FORM_ID} className="filter-drawer__form">
            {drawerForm}
          </div>
        )}
      </FilterDrawer>
    </>
  );
}
