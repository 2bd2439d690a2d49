/**
 * The collection area swap used by filtering and load-more:
 * fetch the `?view=ajax` HTML of an address, take the collection area and
 * the filter drawer's form out of it by their stable ids, and hand back
 * their inner HTML. Browser-only helpers; the route decides when to call
 * them and how the address changes.
 */
import { onSite } from "../../storefront/site-address.ts";
import { withView } from "../../../core/catalog/collection-url.ts";

export const COLLECTION_AREA_ID = "collection-area";
/** The filter drawer's form (narrow screens), outside the area: the fragment carries it too. */
export const FILTER_DRAWER_FORM_ID = "filter-drawer-form";
/** The wait before a fetched collection area is swapped in: 100 ms. */
export const COLLECTION_SWAP_DELAY_MS = 100;
/** Fired on `window` after each swap so the reviews widget refreshes its stars. */
export const REVIEWS_REFRESH_EVENT = "reviews:refresh";

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The inner HTML of each element named by `ids` in an HTML page or fragment, in order; throws when one is missing. */
function extractByIds(html: string, ids: readonly string[], from: string): string[] {
  const doc = new DOMParser().parseFromString(html, "text/html");
  return ids.map((id) => {
    const element = doc.getElementById(id);
    if (!element) throw new Error(`no #${id} in ${from}`);
    return element.innerHTML;
  });
}

/** Requests `{address}?view=ajax` and answers the inner HTML of each element named by `ids`, after the swap delay. */
export async function fetchAreas(address: string, ids: readonly string[], signal?: AbortSignal): Promise<string[]> {
  const response = await fetch(withView(onSite(address), "ajax"), { headers: { Accept: "text/html" }, ...(signal ? { signal } : {}) });
  if (!response.ok) throw new Error(`${response.status} from ${address}`);
  const inner = extractByIds(await response.text(), ids, address);
  await delay(COLLECTION_SWAP_DELAY_MS);
  return inner;
}

/**
 * Load-more: the current area with the items of a fetched page added after
 * (`next`) or before (`previous`) its own, the fetched page's link for the
 * same direction in place of the used one, and the count updated.
 */
export function mergePage(currentInner: string, fetchedInner: string, direction: "next" | "previous", countText: (shown: number, total: number) => string): string {
  const current = document.createElement("div");
  current.innerHTML = currentInner;
  const fetched = document.createElement("div");
  fetched.innerHTML = fetchedInner;
  const grid = current.querySelector(".product-grid");
  const items = [...fetched.querySelectorAll(".product-grid > li")];
  if (grid) {
    if (direction === "next") grid.append(...items);
    else grid.prepend(...items);
  }
  const link = current.querySelector(`.load-more--${direction}`);
  const replacement = fetched.querySelector(`.load-more--${direction}`);
  if (replacement) link?.replaceWith(replacement);
  else link?.remove();

  const count = current.querySelector<HTMLElement>("[data-collection-count]");
  const fetchedCount = fetched.querySelector<HTMLElement>("[data-collection-count]");
  if (count && fetchedCount) {
    const key = direction === "next" ? "lastPage" : "firstPage";
    count.dataset[key] = fetchedCount.dataset[key] ?? count.dataset[key];
    const total = Number(count.dataset.total);
    const shown = Math.min(total, grid?.children.length ?? 0);
    count.textContent = countText(shown, total);
  }
  return current.innerHTML;
}
